import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { PublicConfig } from '../shared/config.ts';
import { ConfigProvider } from './config.tsx';

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

/** Lets the browser run a frame between the pieces of start-up work: no one long task. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `useId` numbers each component by its path of sibling positions from the root. On the server
 * the app renders inside server/ssr/document.tsx, where <body> is the second child of <html>
 * (after <head>); the browser hydrates #root alone. An empty first sibling gives the app the
 * same position here, so every id (a label's `htmlFor`, an `aria-controls`) agrees.
 */
const SERVER_SIBLING_BEFORE_APP = null;
/**
 * On the server #root is the first of <body>'s three children (the page's data block and the
 * loader follow it: server/ssr/document.tsx); two empty siblings after the app give it the same
 * place here.
 */
const SERVER_SIBLINGS_AFTER_APP = [null, null];

/** Hydrates the server's page with the same route tree (the shop's, or the console's: client/admin). */
export async function hydrateApp(createRoutes: () => RouteObject[]): Promise<void> {
  await yieldToBrowser();
  const routes = createRoutes();
  await resolveInitialLazyRoutes(routes);
  await yieldToBrowser();
  const router = createBrowserRouter(routes);
  await yieldToBrowser();
  // In a transition, hydration yields to the browser every few milliseconds instead of one long
  // task (a 333 ms task on the artist page at Lighthouse's 4× CPU slowdown): taps and scrolls stay
  // answered meanwhile. React Router's own client entry does the same.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root') as HTMLElement,
      <StrictMode>
        {SERVER_SIBLING_BEFORE_APP}
        {[
          <ConfigProvider key="app" value={window.__OSHIBOX_CONFIG__}>
            <RouterProvider router={router} />
          </ConfigProvider>,
          ...SERVER_SIBLINGS_AFTER_APP,
        ]}
      </StrictMode>,
    );
  });
}
