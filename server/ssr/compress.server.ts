import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { acceptedEncodings } from '../static.server.ts';

export type HtmlEncoding = 'br' | 'gzip';

/** Brotli for whoever takes it (every current browser over https), else gzip, else none. */
export function htmlEncoding(acceptEncoding: string | undefined): HtmlEncoding | null {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * A compressor for a streamed page. React calls `flush()` on its destination after each batch it
 * writes (the shell, then each Suspense boundary), and zlib's `flush()` emits what it has, so the
 * page still streams. Brotli at quality 4: per-request compression must stay cheap; 11 is for
 * the assets, compressed once at build.
 */
export function createHtmlCompressor(encoding: HtmlEncoding): Writable & { flush(): void } {
  if (encoding === 'gzip') return zlib.createGzip({ level: 6 });
  return zlib.createBrotliCompress({
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_LGWIN]: 17 },
  });
}
