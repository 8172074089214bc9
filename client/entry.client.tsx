import { preloadShellParts } from './components/shell.tsx';
import { hydrateApp } from './hydrate-app.tsx';
import { createRouteTree } from './route-tree.ts';
import './styles/app.css';

// The shell's later parts (menu, footer) download beside the page's own module; hydration does
// not wait for them (client/components/hydrate-later.tsx).
void preloadShellParts();
void hydrateApp(createRouteTree);
