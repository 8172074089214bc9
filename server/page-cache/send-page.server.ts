import type { IncomingMessage, ServerResponse } from 'node:http';
import { PAGE_VARY } from '../../shared/page-cache.ts';
import { createHtmlCompressor, htmlEncoding } from '../ssr/compress.server.ts';
import type { CachedPage, PageResult } from './page-cache.server.ts';

/**
 * A kept page, in the encoding the browser takes (compressed once when it was kept), or 304 when
 * the browser already has these bytes (its If-None-Match is the page's ETag). Works on a bare
 * `node:http` response (server/page-cache/cache-listener.server.ts) and on Express's.
 */
export function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, headers: readonly [string, string][]): void {
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader('etag', page.etag);
  if (req.headers['if-none-match'] === page.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = htmlEncoding(req.headers['accept-encoding']);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html;
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A render's answer that is not kept (a 404, a redirect, a failed page), sent as the page path
 * would send it: private, compressed as the browser takes it.
 */
export function sendPageResult(req: IncomingMessage, res: ServerResponse, result: PageResult): void {
  res.statusCode = result.status;
  for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
  res.setHeader('vary', PAGE_VARY);
  const encoding = result.body.length > 0 ? htmlEncoding(req.headers['accept-encoding']) : null;
  if (!encoding || req.method === 'HEAD') {
    res.end(req.method === 'HEAD' ? undefined : result.body);
    return;
  }
  res.setHeader('content-encoding', encoding);
  const compressor = createHtmlCompressor(encoding);
  res.on('close', () => compressor.destroy());
  compressor.pipe(res);
  compressor.end(result.body);
}
