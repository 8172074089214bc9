import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/app.server.ts';
import { listenOnLoopback, silentLogger, startStack, testConfig, type Stack } from '../support/stack.ts';
import { entryModuleOf } from '../support/page-assets.ts';

/**
 * Every kind of answer the web tier gives carries the security headers and no `x-powered-by`:
 * pages, refusals, assets, the proxy's own 502/504, the probes and the last-resort 500.
 */
let stack: Stack;
let stalledApi: http.Server;
const stalled = new Set<http.ServerResponse>();

beforeAll(async () => {
  stack = await startStack();
  stalledApi = http.createServer((_req, res) => stalled.add(res));
  await new Promise<void>((resolve) => stalledApi.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const res of stalled) res.destroy();
  stalledApi.closeAllConnections();
  await new Promise((r) => stalledApi.close(r));
  await stack.close();
});

function webWith(apiOrigin: string, checkApi?: () => Promise<boolean>): express.Express {
  const config = testConfig({ API_ORIGIN: apiOrigin, PROXY_TIMEOUT_MS: '300' });
  return createWebApp({ config, logger: silentLogger, clientDir: path.resolve('dist/client'), checkApi });
}

async function closedOrigin(): Promise<string> {
  const closed = await listenOnLoopback(express());
  await new Promise((r) => closed.server.close(r));
  return closed.url;
}

type Probe = () => Promise<request.Response>;

async function assetPath(): Promise<string> {
  const page = await request(stack.web).get('/faq');
  return entryModuleOf(page.text);
}

const KINDS: [name: string, status: number, probe: Probe][] = [
  ['page', 200, () => request(stack.web).get('/lineup')],
  ['404 page', 404, () => request(stack.web).get('/no/such/page')],
  ['400 page (broken %-encoding in a page parameter)', 400, () => request(stack.web).get('/lineup/%E0%A4%A')],
  ['400 bad Host', 400, () => request(stack.web).get('/').set('host', 'x y')],
  ['405', 405, () => request(stack.web).put('/lineup')],
  ['403 cross-site form', 403, () => request(stack.web).post('/mypage/login').set('sec-fetch-site', 'cross-site').type('form').send('a=1')],
  ['302 redirect', 302, () => request(stack.web).get('/mypage/plan')],
  ['static asset', 200, async () => request(stack.web).get(await assetPath())],
  ['public file', 200, () => request(stack.web).get('/favicon.svg')],
  ['robots.txt', 200, () => request(stack.web).get('/robots.txt')],
  ['sitemap.xml', 200, () => request(stack.web).get('/sitemap.xml')],
  ['/api JSON', 200, () => request(stack.web).get('/api/artist')],
  ['/api 414', 414, () => request(stack.web).get(`/api/artist?q=${'a'.repeat(9000)}`)],
  ['proxy 502', 502, async () => request(webWith(await closedOrigin())).get('/api/artist')],
  ['proxy 504', 504, () => request(webWith(`http://127.0.0.1:${(stalledApi.address() as AddressInfo).port}`)).get('/api/artist')],
  ['healthz', 200, () => request(stack.web).get('/healthz')],
  ['readyz', 200, () => request(stack.web).get('/readyz')],
  [
    'last-resort 500 (a readiness probe that crashes)',
    500,
    () =>
      request(
        webWith(stack.apiUrl, () => {
          throw new Error('probe crashed');
        }),
      ).get('/readyz'),
  ],
];

describe('security headers on every kind of answer', () => {
  it.each(KINDS)('%s (%i)', async (_name, status, probe) => {
    const res = await probe();
    expect(res.status).toBe(status);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The API's own answers keep its stricter `no-referrer`.
    expect(res.headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
    expect(res.headers['x-frame-options']).toBeDefined();
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp).toContain("frame-ancestors 'none'");
    // The API's JSON keeps its own `default-src 'none'`, which allows even less.
    expect(csp).toMatch(/base-uri 'none'|default-src 'none'/);
    expect(csp).toMatch(/object-src 'none'|default-src 'none'/);
  });
});

describe('caching of nonce pages (docs/decisions/0003)', () => {
  it('no page may be kept by a shared cache; assets and robots.txt may', async () => {
    for (const page of ['/', '/lineup', '/faq', '/news']) {
      const res = await request(stack.web).get(page).expect(200);
      expect(res.headers['cache-control'], page).toMatch(/^private, no-(cache|store)$/);
      expect(res.headers['content-security-policy']).toMatch(/'nonce-[^']+'/);
    }
    expect((await request(stack.web).get('/robots.txt')).headers['cache-control']).toContain('public');
    expect((await request(stack.web).get(await assetPath())).headers['cache-control']).toContain('immutable');
  });
});
