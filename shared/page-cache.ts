import { cookieLang, ENGLISH_PARAM, ENGLISH_VALUE } from './lang-rule.ts';
import { href, ROUTES, type RouteId } from './routes.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

/**
 * Which pages the web tier's shared cache keeps, and under what key (docs/decisions/0041): the
 * catalogue and the static pages, the same for every visitor without a session. Forms (login,
 * sign-up) and everything behind the login stay out.
 */
export const CACHEABLE_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'home', 'faq', 'howto', 'transactions', 'privacy', 'terms', 'news', 'newsDetail',
  'lineup', 'lineupClose', 'cogimyun', 'daruma', 'artist', 'artistNo', 'reBox',
]);

/** The one query a cached page may carry: English (shared/lang-rule.ts). */
const ENGLISH_QUERY = `${ENGLISH_PARAM}=${ENGLISH_VALUE}`;
/** Longer URLs are never keys: every catalogue path is far shorter. */
const MAX_KEY_LENGTH = 512;

/**
 * The cache key of a request, or null when the request must not be served from the cache or fill
 * it: it carries the session cookie, or a query other than exactly `lang=en` (anything a visitor
 * adds at will would make a new key; such requests are rendered as before). The key is the URL as
 * the page is rendered: a fan whose cookie remembers English (shared/lang-rule.ts) gets the
 * `?lang=en` page of the same path, so each language is kept once and served to its own readers.
 */
export function pageCacheKey(url: string, cookieHeader: string | undefined): string | null {
  if (url.length > MAX_KEY_LENGTH || !url.startsWith('/')) return null;
  if (cookieHeader !== undefined && hasSessionCookie(cookieHeader)) return null;
  const query = url.indexOf('?');
  if (query === -1) return cookieLang(cookieHeader) === 'en' ? `${url}?${ENGLISH_QUERY}` : url;
  return url.slice(query + 1) === ENGLISH_QUERY ? url : null;
}

function hasSessionCookie(header: string): boolean {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === SESSION_COOKIE) return true;
  }
  return false;
}

/**
 * Whether a rendered page may be kept under its key: a cacheable route whose path is written the
 * one way the shop writes it (`href`), so case, trailing-slash and percent-encoding variants of a
 * path, which the router also matches, cannot each take a place in the cache.
 */
export function isCacheablePage(routeId: string, params: Readonly<Record<string, string | undefined>>, pathname: string): boolean {
  if (!CACHEABLE_ROUTES.has(routeId as RouteId)) return false;
  const id = routeId as RouteId;
  const names = ROUTES[id].params;
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = params[name];
    if (value === undefined) return false;
    values[name] = value;
  }
  const canonical = (href as (id: RouteId, values?: Record<string, string>) => string)(id, values);
  return canonical === pathname;
}

/**
 * What a CDN in front may do with a cached page: keep it `freshSeconds`, then serve it stale for
 * up to `staleSeconds` while it asks again. The browser revalidates every time (max-age=0, with
 * the ETag). A page is the same for every visitor without the session cookie: `Vary: Cookie` so a
 * CDN that keys on cookies never gives it to a signed-in shopper (README "Page cache and CDN").
 * Every other page varies on the same two, kept or not.
 */
export function publicPageCacheControl(freshSeconds: number, staleSeconds: number): string {
  return `public, max-age=0, s-maxage=${freshSeconds}, stale-while-revalidate=${staleSeconds}`;
}
export const PAGE_VARY = 'Accept-Encoding, Cookie';
