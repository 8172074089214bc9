import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { PAGE_VARY, publicPageCacheControl } from '../../shared/page-cache.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One render's answer, before it is kept (or not). */
export interface PageResult {
  status: number;
  headers: Record<string, string>;
  /** The page as rendered, uncompressed. */
  body: Buffer;
  /** A page the cache may keep (shared/page-cache.ts `isCacheablePage`, a 200, no cookie, no user). */
  cacheable: boolean;
  /** The API set a cookie while it rendered: the answer belongs to one browser, never shared. */
  setsCookie: boolean;
}

/** A kept page: its bytes in each encoding, compressed once, and the validator the browser sends back. */
export interface CachedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  storedAt: number;
}

export interface FillResult extends PageResult {
  /** Set when the result was kept (or is as good as kept): send it as a cached page. */
  page?: CachedPage;
}

export interface PageCacheOptions {
  maxBytes: number;
  freshMs: number;
  staleMs: number;
  logger: Logger;
  now?: () => number;
}

/** The headers of every kept page: public for a CDN, varying on what the page varies on. */
function publicHeaders(options: PageCacheOptions): [string, string][] {
  return [
    ['content-type', 'text/html; charset=utf-8'],
    ['cache-control', publicPageCacheControl(Math.floor(options.freshMs / 1000), Math.floor(options.staleMs / 1000))],
    ['vary', PAGE_VARY],
  ];
}

/** Key, headers and bookkeeping a kept page costs beyond its three bodies. */
const ENTRY_OVERHEAD = 512;

/**
 * The web tier's shared cache of pages for visitors without a session (docs/decisions/0041):
 * bounded in bytes (least recently used pages leave first), one render per key at a time (everyone
 * else asking meanwhile waits for that render), fresh for `freshMs`, then served stale while one
 * render refreshes it, up to `freshMs + staleMs`. `clear()` empties it when the catalogue changes;
 * a render begun before the change is answered but not kept.
 */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly filling = new Map<string, Promise<FillResult>>();
  private renderer: ((url: string) => Promise<PageResult>) | undefined;
  private generation = 0;
  private readonly now: () => number;
  readonly counts = { hit: 0, stale: 0, miss: 0, stored: 0 };
  /** content-type, cache-control and vary of every kept page. */
  readonly headers: readonly [string, string][];

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.headers = publicHeaders(options);
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes,
      sizeCalculation: (page, key) => page.html.length + page.br.length + page.gzip.length + key.length + ENTRY_OVERHEAD,
    });
  }

  /** The SSR handler's renderer of one URL as an anonymous visitor sees it (server/ssr/render.server.tsx). */
  setRenderer(renderer: (url: string) => Promise<PageResult>): void {
    this.renderer = renderer;
  }

  /** The kept page for a key, and whether it is still fresh; null when none (or too old to serve). */
  lookup(key: string): { page: CachedPage; fresh: boolean } | null {
    const page = this.pages.get(key);
    if (!page) return null;
    const age = this.now() - page.storedAt;
    if (age > this.options.freshMs + this.options.staleMs) {
      this.pages.delete(key);
      return null;
    }
    const fresh = age <= this.options.freshMs;
    this.counts[fresh ? 'hit' : 'stale'] += 1;
    return { page, fresh };
  }

  /** Renders a key once, whoever else asks meanwhile; keeps the page when it may be kept. */
  fill(key: string): Promise<FillResult> {
    const pending = this.filling.get(key);
    if (pending) return pending;
    const renderer = this.renderer;
    if (!renderer) return Promise.reject(new Error('page cache: no renderer'));
    this.counts.miss += 1;
    const generation = this.generation;
    const work = renderer(key)
      .then(async (result): Promise<FillResult> => {
        if (!result.cacheable) return result;
        const page = await compressPage(result.body, this.now());
        // A render that began before a catalogue change may show what changed: answer it, keep nothing.
        if (generation === this.generation) {
          this.pages.set(key, page);
          this.counts.stored += 1;
        }
        return { ...result, page };
      })
      .finally(() => this.filling.delete(key));
    this.filling.set(key, work);
    return work;
  }

  /** A stale page was served: refresh it in the background, once. */
  revalidate(key: string): void {
    if (this.filling.has(key)) return;
    this.fill(key).catch((error: unknown) => this.options.logger.warn({ err: error, key }, 'page cache refresh failed'));
  }

  /** Everything kept is dropped (the catalogue changed); renders under way are not kept. */
  clear(): void {
    this.generation += 1;
    this.pages.clear();
  }

  /** Bytes kept, as the bound counts them. */
  get size(): number {
    return this.pages.calculatedSize;
  }

  get entries(): number {
    return this.pages.size;
  }
}

async function compressPage(html: Buffer, storedAt: number): Promise<CachedPage> {
  // Compressed once per render, so harder than a streamed page (quality 4): a kept page is sent many times.
  const [br, gz] = await Promise.all([
    brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
    gzip(html, { level: 9 }),
  ]);
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  return { html, br, gzip: gz, etag, storedAt };
}
