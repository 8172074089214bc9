import http from 'node:http';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

/** The floors the shop's web tier is compared with: each does only the bare minimum. */

/**
 * Bare Express 5 serving the same body, with the same content type and the same security headers
 * (issue 35: the comparison is of the stack's work, not of how many header bytes it writes), as
 * the shop's trivial route.
 */
export function createBareExpress(path: string, body: string, contentType: string, headers: readonly [string, string][]): http.RequestListener {
  const app = express();
  app.disable('x-powered-by');
  app.get(path, (_req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.type(contentType).send(body);
  });
  return app;
}

/** Bare http-proxy-middleware on Express 5, keep-alive to the API: the proxy's own floor. */
export function createBareProxy(apiOrigin: string): http.RequestListener {
  const app = express();
  const agent = new http.Agent({ keepAlive: true });
  app.use(createProxyMiddleware({ target: apiOrigin, agent, pathFilter: '/api' }));
  return app;
}

/** The static floor: a page's bytes, as the shop sent them, answered from memory. */
export function createStaticFloor(pages: Record<string, string>): http.RequestListener {
  const bodies = new Map(Object.entries(pages).map(([path, html]) => [path, Buffer.from(html)]));
  return (req, res) => {
    const body = bodies.get((req.url ?? '').split('?')[0] ?? '');
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    res.end(body);
  };
}
