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
  rounds: 'rounds',
  round: 'round',
  shipmentImport: 'shipment-import',
  billing: 'billing',
  billingRound: 'billing-round',
  refundTransfers: 'refund-transfers',
  reports: 'reports',
  login: 'login',
  setup: 'setup',
  logout: 'logout',
  catalogue: 'catalogue',
  catalogueArtistNew: 'catalogue-artist-new',
  catalogueArtist: 'catalogue-artist',
  catalogueArtistPreview: 'catalogue-preview',
  cataloguePlan: 'catalogue-plan',
  catalogueImage: 'catalogue-image',
  catalogueMedia: 'catalogue-media',
  catalogueRound: 'catalogue-round',
  catalogueRoundBonuses: 'catalogue-bonuses',
  catalogueArtistBonuses: 'catalogue-bonuses',
  catalogueNews: 'catalogue-news',
  catalogueNewsItem: 'catalogue-news-item',
  catalogueNewsPreview: 'catalogue-news-preview',
  catalogueBanners: 'catalogue-banners',
  catalogueBanner: 'catalogue-banner',
  catalogueBannerPreview: 'catalogue-banner-preview',
  customers: 'customers',
  customer: 'customer',
  orders: 'orders',
  staff: 'staff',
  audit: 'audit',
};

const NOT_FOUND_MODULE = 'not-found';
/** The signed-in pages' layout: navigation by role, who is signed in, logout. */
const LAYOUT_MODULE = 'console-layout';

function loadPage(name: string): RouteObject['lazy'] {
  return () => import(`./routes/${name}.tsx`);
}

function pageRoute(id: AdminRouteId, module: string): RouteObject {
  if (id === 'home') return { id, index: true, lazy: loadPage(module), handle: { module } };
  return { id, path: ADMIN_ROUTES[id].path, lazy: loadPage(module), handle: { module } };
}

export function createAdminRouteTree(): RouteObject[] {
  const pages = Object.entries(ADMIN_PAGE_MODULES).map(([id, module]) => ({ id: id as AdminRouteId, route: pageRoute(id as AdminRouteId, module) }));
  const signedIn = pages.filter(({ id }) => ADMIN_ROUTES[id].signedIn).map(({ route }) => route);
  const children = pages.filter(({ id }) => !ADMIN_ROUTES[id].signedIn).map(({ route }) => route);
  children.push({ id: 'console', lazy: loadPage(LAYOUT_MODULE), handle: { module: LAYOUT_MODULE }, children: signedIn });
  children.push({ id: 'notFound', path: '*', lazy: loadPage(NOT_FOUND_MODULE), handle: { module: NOT_FOUND_MODULE } });
  return [{ id: 'root', path: '/', Component: root.Component, ErrorBoundary: root.ErrorBoundary, children }];
}
