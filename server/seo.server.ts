import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { href, ROUTES } from '../shared/routes.ts';

export interface SeoOptions {
  apiOrigin: string;
  /** Absolute URLs in the sitemap and robots.txt start with this. */
  publicOrigin: string;
  /** How long the sitemap waits for each API call. */
  timeoutMs?: number;
}

/** The public pages that exist regardless of the catalogue. */
const STATIC_PAGES = [
  href('home'),
  href('lineup'),
  href('lineupClose'),
  href('news'),
  href('faq'),
  href('howto'),
  href('transactions'),
  href('privacy'),
  href('terms'),
  href('reBox'),
  href('cogimyun'),
  href('daruma'),
];

/** The member area: everything under the login page's first path segment (/mypage). */
const MEMBER_AREA = `/${href('login').split('/')[1] ?? ''}`;
/** The shop API behind the proxy (server/proxy.server.ts); never a page. */
const API_PREFIX = '/api';
const LIST_LIMIT = 100;

const ArtistSlugsSchema = z.array(z.object({ slug: z.string().min(1) }));
const NewsItemsSchema = z.array(z.object({ id: z.number().int(), publishedAt: z.string() }));

interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** Disallow lines: the member area, the API, and the other signed-in pages as wildcards. */
function disallowedPaths(): string[] {
  const signedIn = Object.values(ROUTES)
    .filter((route) => route.access !== 'public' && !route.path.startsWith(`${MEMBER_AREA}/`))
    .map((route) => route.path.replace(/:\w+/g, '*'));
  return [...new Set([MEMBER_AREA, API_PREFIX, ...signedIn])];
}

export function robotsTxt(publicOrigin: string): string {
  const lines = ['User-agent: *', 'Allow: /', ...disallowedPaths().map((path) => `Disallow: ${path}`)];
  return `${lines.join('\n')}\n\nSitemap: ${new URL('/sitemap.xml', publicOrigin).toString()}\n`;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

export function sitemapXml(entries: SitemapEntry[], publicOrigin: string): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(new URL(path, publicOrigin).toString())}</loc>`;
    return `  <url>${loc}${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

async function getJson<S extends z.ZodType>(url: string, schema: S, timeoutMs: number): Promise<z.infer<S>> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return schema.parse(await response.json());
}

/** Every page a crawler should know: the fixed pages, each artist (open or closed) and each news item. */
async function collectEntries(apiOrigin: string, timeoutMs: number): Promise<SitemapEntry[]> {
  const artistsUrl = (isClose: boolean) => `${apiOrigin}/api/artist?${new URLSearchParams({ isClose: String(isClose), limit: String(LIST_LIMIT) })}`;
  const [open, closed, news] = await Promise.all([
    getJson(artistsUrl(false), ArtistSlugsSchema, timeoutMs),
    getJson(artistsUrl(true), ArtistSlugsSchema, timeoutMs),
    getJson(`${apiOrigin}/api/news?limit=${LIST_LIMIT}`, NewsItemsSchema, timeoutMs),
  ]);
  const pages = [...STATIC_PAGES, ...[...open, ...closed].map(({ slug }) => href('artist', { slug }))];
  const unique = [...new Set(pages)].map((path): SitemapEntry => ({ path }));
  const newsEntries = news.map(({ id, publishedAt }) => ({ path: href('newsDetail', { id }), lastmod: publishedAt.slice(0, 10) }));
  return [...unique, ...newsEntries];
}

/**
 * GET (and HEAD) /robots.txt and /sitemap.xml, served by the web tier before its proxy, static files
 * and server rendering. A plain middleware, not a Router: mounted before the /api proxy, every
 * proxied request passes it, and one comparison costs less than a router's walk (issue 35). The
 * paths match as Express's router matched them: any case, one trailing slash allowed.
 */
export function createSeoRouter({ apiOrigin, publicOrigin, timeoutMs = 5000 }: SeoOptions): RequestHandler {
  const robots = robotsTxt(publicOrigin);

  async function sitemap(req: Request, res: Response): Promise<void> {
    try {
      const entries = await collectEntries(apiOrigin, timeoutMs);
      res.type('application/xml; charset=utf-8').set('cache-control', 'public, max-age=3600').send(sitemapXml(entries, publicOrigin));
    } catch (error) {
      // The catalogue is unreachable: a crawler should come back later, not drop the URLs.
      req.log.warn({ err: error }, 'sitemap: shop API unavailable');
      res.status(503).set({ 'retry-after': '120', 'cache-control': 'no-store' }).type('text/plain; charset=utf-8').send('Service Unavailable');
    }
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const asked = req.path; // a getter that looks up the parsed URL: read once
    const path = asked.length > 1 && asked.endsWith('/') ? asked.slice(0, -1) : asked;
    if (path.length !== 11 && path.length !== 12) return next();
    const name = path.toLowerCase();
    if (name === '/robots.txt') {
      res.type('text/plain; charset=utf-8').set('cache-control', 'public, max-age=3600').send(robots);
      return;
    }
    if (name === '/sitemap.xml') {
      void sitemap(req, res);
      return;
    }
    next();
  };
}
