import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { pageDataOf } from '../support/page-data.ts';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

function absolute(path: string): string {
  return new URL(path, stack.config.PUBLIC_ORIGIN).toString();
}

/** The <loc> values of a sitemap, after checking the document's outline. */
function locsOf(xml: string): string[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
  expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] ?? '');
  expect(xml.match(/<url>/g)?.length).toBe(urls.length);
  // No raw ampersand or stray tag: everything inside <loc> is escaped text.
  for (const url of urls) expect(url).toMatch(/^<loc>[^<>]+<\/loc>(<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>)?$/);
  expect(xml.replace(/&(amp|lt|gt|quot|apos);/g, '')).not.toContain('&');
  return urls.map((url) => /<loc>([^<]+)<\/loc>/.exec(url)?.[1] ?? '');
}

describe('robots.txt', () => {
  it('allows everything but the member area and the API, and points at the sitemap', async () => {
    const res = await request(stack.web).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /mypage');
    expect(lines).toContain('Disallow: /api');
    expect(lines).toContain(`Sitemap: ${absolute('/sitemap.xml')}`);
    expect(lines).not.toContain('Disallow: /');
  });

  it('answers as Express\'s router did (any case, a trailing slash, HEAD), and a POST is not served it', async () => {
    const robots = (await request(stack.web).get('/robots.txt').expect(200)).text;
    for (const path of ['/ROBOTS.TXT', '/robots.txt/', '/robots.txt?x=1']) expect((await request(stack.web).get(path).expect(200)).text, path).toBe(robots);
    const head = await request(stack.web).head('/robots.txt').expect(200);
    expect(head.headers['content-type']).toMatch(/^text\/plain/);
    const post = await request(stack.web).post('/robots.txt').set('origin', stack.config.PUBLIC_ORIGIN);
    expect(post.status).not.toBe(200);
    expect(post.text).not.toBe(robots);
    expect((await request(stack.web).get('/robots.txtx')).text).not.toBe(robots);
  });
});

describe('sitemap.xml', () => {
  it('lists the fixed pages, every open and closed artist and every news item, as absolute URLs', async () => {
    const res = await request(stack.web).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const locs = locsOf(res.text);

    const db = stack.database.handle.db;
    const artists = await db.selectFrom('artists').select(['slug', 'is_close']).execute();
    const news = await db.selectFrom('news').select('id').where('publish_state', '=', 'published').execute();
    expect(artists.some((a) => a.is_close)).toBe(true);
    expect(artists.some((a) => !a.is_close)).toBe(true);
    expect(news.length).toBeGreaterThan(0);

    const fixed = [href('home'), href('lineup'), href('lineupClose'), href('news'), href('faq'), href('howto')];
    const more = [href('transactions'), href('privacy'), href('terms'), href('reBox'), href('cogimyun'), href('daruma')];
    const expected = [
      ...fixed,
      ...more,
      ...artists.map(({ slug }) => href('artist', { slug })),
      ...news.map(({ id }) => href('newsDetail', { id })),
    ].map(absolute);
    expect(new Set(locs)).toEqual(new Set(expected));
    expect(locs.length).toBe(new Set(locs).size);
    expect(locs.some((loc) => loc.includes('/mypage'))).toBe(false);
  });

  it('leaves out news that is not open', async () => {
    const [draft] = await stack.database.handle.db
      .insertInto('news')
      .values({ title: 'draft', message: 'draft', publish_state: 'draft', published_at: new Date() })
      .returning('id')
      .execute();
    const res = await request(stack.web).get('/sitemap.xml').expect(200);
    expect(locsOf(res.text)).not.toContain(absolute(href('newsDetail', { id: draft?.id ?? -1 })));
  });
});

describe('sitemap.xml without the API', () => {
  it('answers 503, not 500, when the catalogue cannot be read', async () => {
    const broken = await startStack({ seed: false, env: { API_ORIGIN: 'http://127.0.0.1:9' } });
    try {
      const res = await request(broken.web).get('/sitemap.xml');
      expect(res.status).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      await request(broken.web).get('/robots.txt').expect(200);
    } finally {
      await broken.close();
    }
  });
});

describe('analytics configuration', () => {
  it('allows the analytics hosts in the CSP and hands the id to the browser only when configured', async () => {
    const off = await request(stack.web).get('/').expect(200);
    expect(off.headers['content-security-policy']).not.toContain('googletagmanager');
    expect(off.text).toContain('"analyticsId":null');
    expect(off.text).not.toContain('googletagmanager');

    const withId = await startStack({ env: { ANALYTICS_ID: 'G-TEST123' } });
    try {
      const on = await request(withId.web).get('/lineup').expect(200);
      const csp = on.headers['content-security-policy'] as string;
      expect(/script-src ([^;]+)/.exec(csp)?.[1]).toContain('https://www.googletagmanager.com');
      expect(/connect-src ([^;]+)/.exec(csp)?.[1]).toContain('https://www.google-analytics.com');
      expect(pageDataOf(on.text).c).toMatchObject({ analyticsId: 'G-TEST123' });
    } finally {
      await withId.close();
    }
  });
});
