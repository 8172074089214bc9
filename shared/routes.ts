/**
 * The route table of docs/spec.md §2, as data. Every link, redirect and server route reads its path
 * from here, so a path is written once (spelling kept as the spec has it: `adress`, `orderHistroy`).
 */
export type RouteAccess = 'public' | 'user' | 'secure';

export interface RouteDef<P extends string = string> {
  id: string;
  path: string;
  access: RouteAccess;
  params: readonly P[];
}

function route<const P extends string = never>(
  id: string,
  path: string,
  access: RouteAccess = 'public',
  params: readonly P[] = [],
): RouteDef<P> {
  return { id, path, access, params };
}

export const ROUTES = {
  home: route('home', '/'),
  faq: route('faq', '/faq'),
  howto: route('howto', '/howto'),
  transactions: route('transactions', '/transactions'),
  privacy: route('privacy', '/privacy'),
  terms: route('terms', '/terms'),
  login: route('login', '/mypage/login'),
  signup: route('signup', '/mypage/signup'),
  reminder: route('reminder', '/mypage/reminder'),
  profile: route('profile', '/mypage/profile', 'user'),
  profilePassword: route('profilePassword', '/mypage/profile/password', 'secure'),
  profileEmail: route('profileEmail', '/mypage/profile/email', 'secure'),
  profilePayment: route('profilePayment', '/mypage/profile/payment', 'secure'),
  profileAddress: route('profileAddress', '/mypage/profile/adress', 'user'),
  plan: route('plan', '/mypage/plan', 'user'),
  planDelete: route('planDelete', '/mypage/plan/:slug/:planId/delete', 'user', ['slug', 'planId']),
  planSkip: route('planSkip', '/mypage/plan/:slug/:planId/skip', 'user', ['slug', 'planId']),
  planChange: route('planChange', '/mypage/plan/:slug/:planId/change', 'user', ['slug', 'planId']),
  planPause: route('planPause', '/mypage/plan/:slug/:planId/pause', 'user', ['slug', 'planId']),
  /** Issue 34: a konbini checkout's voucher (payment number, stores, expiry) until it is paid. */
  checkoutPayment: route('checkoutPayment', '/mypage/payment/checkout/:userPlanId', 'user', ['userPlanId']),
  orderHistory: route('orderHistory', '/mypage/orderHistroy', 'user'),
  receipt: route('receipt', '/mypage/orderHistroy/:id/receipt', 'user', ['id']),
  /** Issue 33: the fan's 特典 (the vault), unlocked box by box. */
  vault: route('vault', '/mypage/tokuten', 'user'),
  news: route('news', '/news'),
  newsDetail: route('newsDetail', '/news/:id', 'public', ['id']),
  lineup: route('lineup', '/lineup'),
  lineupClose: route('lineupClose', '/lineupClose'),
  cogimyun: route('cogimyun', '/lineup/cogimyun_nuigurumi'),
  daruma: route('daruma', '/lineup/daruma_nuigurumi'),
  artist: route('artist', '/lineup/:slug', 'public', ['slug']),
  artistNo: route('artistNo', '/lineup/:slug/:no', 'public', ['slug', 'no']),
  checkout: route('checkout', '/lineup/:slug/plan/:planId/checkout', 'user', ['slug', 'planId']),
  complete: route('complete', '/lineup/:slug/plan/:planId/complete', 'user', ['slug', 'planId']),
  reBox: route('reBox', '/category/re-box'),
} as const;

export type RouteId = keyof typeof ROUTES;
type ParamsOf<R> = R extends RouteDef<infer P> ? P : never;
type HrefArgs<R> = [ParamsOf<R>] extends [never] ? [] : [Record<ParamsOf<R>, string | number>];

/** Builds the URL of a route; parameters are URI-encoded. */
export function href<Id extends RouteId>(id: Id, ...args: HrefArgs<(typeof ROUTES)[Id]>): string {
  const values = (args[0] ?? {}) as Record<string, string | number>;
  return ROUTES[id].path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`href(${id}): missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The login page that returns to `returnTo` afterwards (docs/spec.md §6: the `url` query parameter). */
export function loginHref(returnTo: string): string {
  return `${ROUTES.login.path}?url=${encodeURIComponent(returnTo)}`;
}

/** The longest return path followed; a longer one is refused (a query string can be made huge). */
export const RETURN_PATH_MAX_LENGTH = 2000;

/** A stand-in origin to resolve return paths against; never shown or fetched. */
const RETURN_BASE = 'http://return-path.invalid';

/**
 * Only same-site paths are accepted as a return target, so login cannot redirect off-site. The
 * value is resolved the way a browser would (`/.//evil.com` becomes `//evil.com`, `/\evil.com`
 * becomes `//evil.com`) and the normalised path is returned, so what was checked is what is used.
 * Control characters are refused: browsers drop them, turning `/\t/evil.com` into `//evil.com`.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > RETURN_PATH_MAX_LENGTH || !value.startsWith('/') || /[\\\x00-\x20\x7f]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, RETURN_BASE);
  } catch {
    return '/';
  }
  // An encoded slash or backslash right after the first one is refused too: a proxy or a later
  // decode could turn it back into `//host`.
  if (url.origin !== RETURN_BASE || /^\/(?:[\\/]|%2f|%5c)/i.test(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
