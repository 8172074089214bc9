import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { ROUTES, type RouteAccess, type RouteId } from '../shared/routes.ts';
import { logoutAction } from './data/logout.ts';
import * as root from './routes/root.tsx';
import * as pages from './routes/pages.tsx';

/**
 * The data-router tree, built from the shared route table. Each page is its own module (and its
 * own code-split chunk), loaded by name; `PAGE_MODULES` is the only place that names them.
 */
export const PAGE_MODULES: Partial<Record<RouteId, string>> = {
  home: 'home',
  faq: 'faq',
  howto: 'howto',
  transactions: 'transactions',
  privacy: 'privacy',
  terms: 'terms',
  news: 'news',
  newsDetail: 'news-detail',
  lineup: 'lineup',
  lineupClose: 'lineup-close',
  cogimyun: 'special-plush',
  daruma: 'special-plush',
  artist: 'artist',
  artistNo: 'artist',
  reBox: 're-box',
  login: 'login',
  signup: 'account-entry',
  reminder: 'account-entry',
  profile: 'profile',
  profilePassword: 'profile-password',
  profileEmail: 'profile-email',
  profilePayment: 'profile-payment',
  profileAddress: 'profile-address',
  plan: 'my-plans',
  planDelete: 'plan-delete',
  planSkip: 'plan-skip',
  planChange: 'plan-change',
  planPause: 'plan-pause',
  orderHistory: 'order-history',
  receipt: 'receipt',
  vault: 'vault',
  checkout: 'checkout',
  complete: 'complete',
  checkoutPayment: 'checkout-payment',
};

export const NOT_FOUND_MODULE = 'not-found';

function loadPage(name: string): RouteObject['lazy'] {
  return () => import(`./routes/${name}.tsx`);
}

function pageRoute(id: RouteId, module: string): RouteObject {
  const def = ROUTES[id];
  // The menu's logout form posts to the top page (`/?index`), where logout ends (docs/spec.md §4).
  if (id === 'home') return { id, index: true, action: logoutAction, lazy: loadPage(module), handle: { module, access: def.access } };
  return { id, path: def.path, lazy: loadPage(module), handle: { module, access: def.access } };
}

/** Protected pages sit under a pathless layout whose loader checks the session (docs/spec.md §6). */
function guardedArea(access: RouteAccess, routes: RouteObject[]): RouteObject {
  return {
    id: `${access}-area`,
    // Runs only on navigations in the browser (the first page hydrates from the server's data),
    // so the guard and the API client load then, not with the entry.
    loader: async ({ request, context }: LoaderFunctionArgs) => {
      const { requireUser } = await import('./data/guard.ts');
      await requireUser(request, context, access);
      return null;
    },
    children: routes,
  };
}

export function createRouteTree(): RouteObject[] {
  const byAccess: Record<RouteAccess, RouteObject[]> = { public: [], user: [], secure: [] };
  for (const [id, module] of Object.entries(PAGE_MODULES)) {
    byAccess[ROUTES[id as RouteId].access].push(pageRoute(id as RouteId, module));
  }
  const children = [...byAccess.public, guardedArea('user', byAccess.user), guardedArea('secure', byAccess.secure)];
  children.push({ id: 'notFound', path: '*', lazy: loadPage(NOT_FOUND_MODULE), handle: { module: NOT_FOUND_MODULE } });
  return [
    {
      id: 'root',
      path: '/',
      loader: root.loader,
      shouldRevalidate: root.shouldRevalidate,
      Component: root.Component,
      ErrorBoundary: root.ErrorBoundary,
      children: [{ id: 'pages', ErrorBoundary: pages.ErrorBoundary, children }],
    },
  ];
}

/** The page module names of the matched routes, for the server's modulepreload tags. */
export function modulesOf(matches: readonly { route: { handle?: unknown } }[]): string[] {
  return matches
    .map((m) => (m.route.handle as { module?: string } | undefined)?.module)
    .filter((m): m is string => typeof m === 'string');
}
