import { Readable } from 'node:stream';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * The one Express → Fetch `Request` adapter: the original URL, the headers as sent, the body
 * streamed (never buffered) unless the caller has already read it within a bound (`body`), and an
 * abort signal that fires when the browser goes away. After react-router-express `server.ts`.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, body?: string | Buffer): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  const controller = new AbortController();
  res.on('close', () => controller.abort());

  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }

  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : new Uint8Array(body);
  } else if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(url, init);
}
