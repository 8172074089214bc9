import type { RouteObject } from 'react-router';
import { ADMIN_ROUTES, type AdminRouteId } from '../../shared/admin-routes.ts';
import * as root from './routes/admin-root.tsx';

/**
 * The operator console's data-router tree (issue 19): its own pages, its own browser bundle
 * (scripts/build.mjs builds `admin`), so the shop's bundle carries no console code. Each page is
 * a module of client/admin/routes, loaded by name; `ADMIN_PAGE_MODULES` is the only place that names them.
 */
export const ADMIN_PAGE_MODULES: Record<AdminRouteId, string> = {
  home: 'console-home',
  login: 'login',
  setup: 'setup',
};

const NOT_FOUND_MODULE = 'not-found';

function loadPage(name: string): RouteObject['lazy'] {
  return () => import(`./routes/${name}.tsx`);
}

function pageRoute(id: AdminRouteId, module: string): RouteObject {
  if (id === 'home') return { id, index: true, lazy: loadPage(module), handle: { module } };
  return { id, path: ADMIN_ROUTES[id].path, lazy: loadPage(module), handle: { module } };
}

export function createAdminRouteTree(): RouteObject[] {
  const children = Object.entries(ADMIN_PAGE_MODULES).map(([id, module]) => pageRoute(id as AdminRouteId, module));
  children.push({ id: 'notFound', path: '*', lazy: loadPage(NOT_FOUND_MODULE), handle: { module: NOT_FOUND_MODULE } });
  return [{ id: 'root', path: '/', Component: root.Component, ErrorBoundary: root.ErrorBoundary, children }];
}
