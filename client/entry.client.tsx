import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { PublicConfig } from '../shared/config.ts';
import { ConfigProvider } from './config.tsx';
import { createRouteTree } from './route-tree.ts';
import './styles/app.css';

declare global {
  interface Window {
    __OSHIBOX_CONFIG__: PublicConfig;
  }
}

/**
 * Lazy page modules of the first page must be loaded before hydration, or the first render
 * would not match the server's HTML (React Router docs, "Lazy loading" with SSR).
 */
async function resolveInitialLazyRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

async function hydrate(): Promise<void> {
  const routes = createRouteTree();
  await resolveInitialLazyRoutes(routes);
  const router = createBrowserRouter(routes);
  hydrateRoot(
    document.getElementById('root') as HTMLElement,
    <StrictMode>
      <ConfigProvider value={window.__OSHIBOX_CONFIG__}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </StrictMode>,
  );
}

void hydrate();
