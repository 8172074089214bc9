import { hydrateApp } from '../hydrate-app.tsx';
import { createAdminRouteTree } from './route-tree.ts';
import './styles/admin.css';

// The console's own bundle (scripts/build.mjs): nothing of it reaches the shop's.
void hydrateApp(createAdminRouteTree);
