import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { PageCache, type PageResult } from '../../server/page-cache/page-cache.server.ts';
import { isCacheablePage, pageCacheKey } from '../../shared/page-cache.ts';

const logger = pino({ level: 'silent' });

function page(text: string, cacheable = true): PageResult {
  return { status: cacheable ? 200 : 404, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(text), cacheable, setsCookie: false };
}

/** A cache over a clock the test moves, whose renderer counts its renders and waits for a release. */
function cacheWith(options: { maxBytes?: number; freshMs?: number; staleMs?: number } = {}) {
  const clock = { now: 1_000_000 };
  const renders: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  const cache = new PageCache({ maxBytes: options.maxBytes ?? 1_000_000, freshMs: options.freshMs ?? 30_000, staleMs: options.staleMs ?? 300_000, logger, now: () => clock.now });
  cache.setRenderer(async (url) => {
    renders.push(url);
    await gate;
    return page(url === '/missing' ? 'not found' : `<html>${url} render ${renders.length}</html>`, url !== '/missing');
  });
  return { cache, clock, renders, hold: () => { let open!: () => void; gate = new Promise((r) => (open = r)); return open; } };
}

describe('the page cache', () => {
  it('renders a key once however many ask while it renders, and keeps it', async () => {
    const { cache, renders, hold } = cacheWith();
    const release = hold();
    const asks = Array.from({ length: 20 }, () => cache.fill('/lineup'));
    release();
    const results = await Promise.all(asks);
    expect(renders).toEqual(['/lineup']);
    expect(new Set(results.map((r) => r.page?.etag)).size).toBe(1);
    expect(cache.lookup('/lineup')?.fresh).toBe(true);
  });

  it('serves a stale page and refreshes it behind, once; drops it when too old', async () => {
    const { cache, clock, renders } = cacheWith({ freshMs: 1000, staleMs: 5000 });
    await cache.fill('/faq');
    clock.now += 2000;
    const stale = cache.lookup('/faq');
    expect(stale?.fresh).toBe(false);
    cache.revalidate('/faq');
    cache.revalidate('/faq');
    await expect.poll(() => cache.lookup('/faq')?.page.html.toString()).toBe('<html>/faq render 2</html>');
    expect(renders).toEqual(['/faq', '/faq']);
    clock.now += 7000;
    expect(cache.lookup('/faq')).toBeNull();
  });

  it('never keeps a page that may not be kept (a 404)', async () => {
    const { cache } = cacheWith();
    const result = await cache.fill('/missing');
    expect(result).toMatchObject({ status: 404, cacheable: false });
    expect(result.page).toBeUndefined();
    expect(cache.lookup('/missing')).toBeNull();
    expect(cache.entries).toBe(0);
  });

  it('stays within its byte bound however many pages are asked for, the oldest leaving first', async () => {
    const { cache } = cacheWith({ maxBytes: 20_000 });
    for (let i = 0; i < 500; i += 1) await cache.fill(`/news/${i}`);
    expect(cache.size).toBeLessThanOrEqual(20_000);
    expect(cache.entries).toBeGreaterThan(5);
    expect(cache.lookup('/news/0')).toBeNull();
    expect(cache.lookup('/news/499')).not.toBeNull();
  });

  it('keeps nothing a render begun before a catalogue change made, but answers it', async () => {
    const { cache, hold } = cacheWith();
    await cache.fill('/');
    const release = hold();
    const during = cache.fill('/lineup');
    cache.clear();
    release();
    expect((await during).page).toBeDefined();
    expect(cache.lookup('/lineup')).toBeNull();
    expect(cache.lookup('/')).toBeNull();
  });

  it('compresses a kept page once, in both encodings', async () => {
    const { cache } = cacheWith();
    const { page: kept } = await cache.fill('/howto');
    expect(kept?.br.length).toBeGreaterThan(0);
    expect(kept?.gzip.length).toBeGreaterThan(0);
    expect(kept?.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  });
});

describe('what is kept, under what key (shared/page-cache.ts)', () => {
  it('keys a request by its URL only without the session cookie, and with no query but lang=en', () => {
    expect(pageCacheKey('/lineup', undefined)).toBe('/lineup');
    expect(pageCacheKey('/lineup?lang=en', '_ga=GA1.1.1')).toBe('/lineup?lang=en');
    expect(pageCacheKey('/lineup', 'a=1; oshibox_sid=abc')).toBeNull();
    expect(pageCacheKey('/lineup?lang=ja', undefined)).toBeNull();
    expect(pageCacheKey('/lineup?utm_source=x', undefined)).toBeNull();
    expect(pageCacheKey('/lineup?lang=en&x=1', undefined)).toBeNull();
    // A fan whose cookie remembers English gets the English page of the path (issue 31).
    expect(pageCacheKey('/lineup', '_ga=1; oshibox_lang=en')).toBe('/lineup?lang=en');
    expect(pageCacheKey('/lineup', 'oshibox_lang=ja')).toBe('/lineup');
    expect(pageCacheKey('/lineup?lang=ja', 'oshibox_lang=en')).toBeNull();
    expect(pageCacheKey(`/news/${'9'.repeat(600)}`, undefined)).toBeNull();
  });

  it('keeps only catalogue and static routes, at their canonical path', () => {
    expect(isCacheablePage('lineup', {}, '/lineup')).toBe(true);
    expect(isCacheablePage('home', {}, '/')).toBe(true);
    expect(isCacheablePage('artist', { slug: 'hoshino_mirai' }, '/lineup/hoshino_mirai')).toBe(true);
    expect(isCacheablePage('artist', { slug: 'hoshino_mirai' }, '/lineup/Hoshino_Mirai')).toBe(false);
    expect(isCacheablePage('lineup', {}, '/LINEUP')).toBe(false);
    expect(isCacheablePage('lineup', {}, '/lineup/')).toBe(false);
    expect(isCacheablePage('artist', { slug: 'hoshino_mirai' }, '/lineup/hoshino%5Fmirai')).toBe(false);
    for (const id of ['login', 'signup', 'plan', 'checkout', 'notFound']) expect(isCacheablePage(id, {}, '/x')).toBe(false);
  });
});
