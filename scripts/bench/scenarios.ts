import type { BaselineInput, BaselineUrls } from './baseline-process.ts';
import type { Comparison } from './compare.ts';
import { href } from '../../shared/routes.ts';
import { checkSameMarkup, fetchText, type MarkupCheck } from './markup-check.ts';
import { KNOWN_ARTIST } from './shop-database.ts';
import type { ShopSetup } from './shop-setup.ts';

/** The routes the figures are about. */
export const PATHS = {
  trivial: '/robots.txt',
  lineup: '/lineup',
  artist: `/lineup/${KNOWN_ARTIST}`,
  mypage: href('plan'),
  api: `/api/artist/${KNOWN_ARTIST}`,
  top: '/',
  news: '/news',
  faq: '/faq',
} as const;

/**
 * Issue 21: the pages a visitor without a session gets from the page cache, each against its own
 * bytes served from memory (the static floor). /lineup and the artist page are also measured
 * against the same-markup reference (figure 2).
 */
export const ANONYMOUS_PAGES = [
  { id: 'top', path: PATHS.top, name: 'top /' },
  { id: 'lineup', path: PATHS.lineup, name: '/lineup' },
  { id: 'artist', path: PATHS.artist, name: 'artist page' },
  { id: 'news', path: PATHS.news, name: 'news /news' },
  { id: 'faq', path: PATHS.faq, name: 'static page /faq' },
] as const;

async function ok(url: string, headers: Record<string, string> = {}): Promise<{ text: string; type: string }> {
  const page = await fetchText(url, headers);
  if (page.status !== 200) throw new Error(`setup: ${url} answered ${page.status}`);
  return page;
}

/**
 * Issue 35: the signed-in pages, never cached, each against the same-markup reference (figure 3),
 * with the bench shopper's cookie. Checkout is the known artist's first plan (the database's id).
 */
export const SIGNED_IN_PAGES = [
  { id: 'mypage', name: 'SSR /mypage/plan', path: (): string => PATHS.mypage },
  { id: 'profile', name: 'SSR /mypage/profile', path: (): string => href('profile') },
  { id: 'checkout', name: 'SSR checkout', path: (planId: number): string => href('checkout', { slug: KNOWN_ARTIST, planId }) },
] as const;

/** The signed-in pages' paths for this setup's shopper. */
export function signedInPaths(setup: Pick<ShopSetup, 'planId'>): string[] {
  return SIGNED_IN_PAGES.map((p) => p.path(setup.planId));
}

/** What the baseline process needs from the running shop: the trivial body and the pages' bytes. */
export async function baselineInputFor(setup: Pick<ShopSetup, 'webUrl' | 'apiUrl' | 'webEnv'>): Promise<BaselineInput> {
  const trivial = await ok(`${setup.webUrl}${PATHS.trivial}`);
  const floorPages: Record<string, string> = {};
  for (const { path } of ANONYMOUS_PAGES) floorPages[path] = (await ok(`${setup.webUrl}${path}`)).text;
  return {
    apiOrigin: setup.apiUrl,
    webEnv: setup.webEnv,
    trivial: { path: PATHS.trivial, body: trivial.text, contentType: trivial.type },
    floorPages,
  };
}

/** Same markup for every rendered page, and the proxy returns the API's very body. */
export async function checkSameWork(setup: ShopSetup, urls: BaselineUrls, pages: string[]): Promise<MarkupCheck[]> {
  const checks: MarkupCheck[] = [];
  for (const path of pages) {
    const headers: Record<string, string> = signedInPaths(setup).includes(path) ? { cookie: setup.cookie } : {};
    checks.push(await checkSameMarkup(setup.webUrl, urls.reference, path, headers));
  }
  const [proxied, direct] = await Promise.all([ok(`${setup.webUrl}${PATHS.api}`), ok(`${setup.apiUrl}${PATHS.api}`)]);
  if (proxied.text !== direct.text) throw new Error(`setup: the proxy and the API return different ${PATHS.api} bodies`);
  return checks;
}

function ssr(id: string, title: string, setup: ShopSetup, urls: BaselineUrls, path: string, floor: boolean): Comparison {
  const headers = signedInPaths(setup).includes(path) ? { cookie: setup.cookie } : undefined;
  const baselines = [{ label: 'same-markup reference', url: `${urls.reference}${path}`, headers }];
  if (floor) baselines.push({ label: 'static floor', url: `${urls.staticFloor}${path}`, headers: undefined });
  return { id, title, setup: setup.name, a: { label: 'shop web', url: `${setup.webUrl}${path}`, headers }, baselines };
}

/** The same page, both sides asked for compression as a browser asks: what the shop's br/gzip costs or saves. */
function encoded(page: Comparison): Comparison {
  const withEncoding = (t: Comparison['a']) => ({ ...t, headers: { ...t.headers, 'accept-encoding': 'br, gzip' } });
  return {
    ...page,
    id: `${page.id}-encoded`,
    title: `${page.title}, with accept-encoding: br, gzip`,
    a: withEncoding(page.a),
    baselines: page.baselines.filter((b) => b.label === 'same-markup reference').map(withEncoding),
  };
}

/** Every load comparison of one setup; the PGlite setup measures only the anonymous pages. */
export function comparisonsFor(setup: ShopSetup, urls: BaselineUrls, full: boolean): Comparison[] {
  const [lineup, artist] = [ssr('lineup', `SSR GET ${PATHS.lineup}`, setup, urls, PATHS.lineup, true), ssr('artist', `SSR GET ${PATHS.artist}`, setup, urls, PATHS.artist, true)];
  const pages = [lineup, encoded(lineup), artist, encoded(artist)];
  for (const page of ANONYMOUS_PAGES.filter((p) => p.id !== 'lineup' && p.id !== 'artist')) {
    pages.push({
      id: page.id,
      title: `GET ${page.path} (no session)`,
      setup: setup.name,
      a: { label: 'shop web', url: `${setup.webUrl}${page.path}` },
      baselines: [{ label: 'static floor', url: `${urls.staticFloor}${page.path}` }],
    });
  }
  if (!full) return pages;
  return [
    {
      id: 'trivial',
      title: `GET ${PATHS.trivial}`,
      setup: setup.name,
      a: { label: 'shop web', url: `${setup.webUrl}${PATHS.trivial}` },
      baselines: [{ label: 'bare Express 5', url: `${urls.bareExpress}${PATHS.trivial}` }],
    },
    ...pages,
    ...SIGNED_IN_PAGES.map((p) => ssr(p.id, `SSR GET ${p.path(setup.planId)} (signed in)`, setup, urls, p.path(setup.planId), false)),
    {
      id: 'proxy',
      title: `GET ${PATHS.api}`,
      setup: setup.name,
      a: { label: 'via web proxy', url: `${setup.webUrl}${PATHS.api}` },
      baselines: [
        { label: 'API direct', url: `${setup.apiUrl}${PATHS.api}` },
        { label: 'bare http-proxy-middleware', url: `${urls.bareProxy}${PATHS.api}` },
      ],
    },
  ];
}
