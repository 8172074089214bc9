import type { Request, Response } from 'express';
import type { ApiErrorBody } from '../shared/api/errors.ts';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);

/** `/api` and `/api/…`: the shop API's namespace, where every answer is JSON. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/api?');
}

/**
 * A refusal the web tier gives before any page or proxy runs (bad Host, wrong method, cross-site
 * form, over-long URL): the one error shape as JSON under /api, else a tiny HTML page with the
 * Japanese and English text. Small, never cached, and without script, so no CSP nonce is needed.
 * `path` decides the namespace when the request's own path is not one a route would read.
 */
export function sendSmallError(req: Request, res: Response, status: number, body: ApiErrorBody, path = req.path): void {
  res.status(status).set('cache-control', 'no-store');
  if (isApiPath(path) || !req.accepts('html')) {
    res.json(body);
    return;
  }
  const html = [
    '<!doctype html>',
    `<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${status}</title></head>`,
    `<body><h1>${status}</h1><p>${escapeHtml(body.message)}</p><p lang="en">${escapeHtml(body.messageEn)}</p><p><a href="/">トップページへ / Home</a></p></body></html>`,
    '',
  ].join('\n');
  res.type('text/html; charset=utf-8').send(html);
}
