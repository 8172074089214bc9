import { hydrateApp } from './hydrate-app.tsx';
import { createRouteTree } from './route-tree.ts';
import './styles/app.css';

void hydrateApp(createRouteTree);
