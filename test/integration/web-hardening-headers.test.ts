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

/** Who wrote the answer: the web tier's own headers, or the API's passed through the proxy. */
type Tier = 'web' | 'api';

const KINDS: [name: string, status: number, tier: Tier, probe: Probe][] = [
  ['page', 200, 'web', () => request(stack.web).get('/lineup')],
  ['404 page', 404, 'web', () => request(stack.web).get('/no/such/page')],
  ['400 page (broken %-encoding in a page parameter)', 400, 'web', () => request(stack.web).get('/lineup/%E0%A4%A')],
  ['400 bad Host', 400, 'web', () => request(stack.web).get('/').set('host', 'x y')],
  ['421 foreign Host', 421, 'web', () => request(stack.web).get('/').set('host', 'rebind.attacker.example')],
  ['405', 405, 'web', () => request(stack.web).put('/lineup')],
  ['403 cross-site form', 403, 'web', () => request(stack.web).post('/mypage/login').set('sec-fetch-site', 'cross-site').type('form').send('a=1')],
  ['302 redirect', 302, 'web', () => request(stack.web).get('/mypage/plan')],
  ['static asset', 200, 'web', async () => request(stack.web).get(await assetPath())],
  ['public file', 200, 'web', () => request(stack.web).get('/favicon.svg')],
  ['robots.txt', 200, 'web', () => request(stack.web).get('/robots.txt')],
  ['sitemap.xml', 200, 'web', () => request(stack.web).get('/sitemap.xml')],
  ['/api JSON', 200, 'api', () => request(stack.web).get('/api/artist')],
  ['/api 414', 414, 'web', () => request(stack.web).get(`/api/artist?q=${'a'.repeat(9000)}`)],
  ['proxy 502', 502, 'web', async () => request(webWith(await closedOrigin())).get('/api/artist')],
  ['proxy 504', 504, 'web', () => request(webWith(`http://127.0.0.1:${(stalledApi.address() as AddressInfo).port}`)).get('/api/artist')],
  ['healthz', 200, 'web', () => request(stack.web).get('/healthz')],
  ['readyz', 200, 'web', () => request(stack.web).get('/readyz')],
  [
    'last-resort 500 (a readiness probe that crashes)',
    500,
    'web',
    () =>
      request(
        webWith(stack.apiUrl, () => {
          throw new Error('probe crashed');
        }),
      ).get('/readyz'),
  ],
];

/** helmet's headers common to both tiers, with the values each must have (not just be present). */
const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const EXPECTED_HEADERS: Record<Tier, Record<string, string>> = {
  web: { ...COMMON_HEADERS, 'referrer-policy': 'strict-origin-when-cross-origin' },
  // The API's own answers keep its stricter `no-referrer`.
  api: { ...COMMON_HEADERS, 'referrer-policy': 'no-referrer' },
};
/** The whole policy, in helmet's order, the same on every answer (plain http: no upgrade directive). */
const WEB_CSP = new RegExp(
  "^default-src 'self';script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
    "connect-src 'self';font-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'$",
);
const API_CSP = "default-src 'none';frame-ancestors 'none'";

describe('security headers on every kind of answer', () => {
  it.each(KINDS)('%s (%i) from the %s tier', async (_name, status, tier, probe) => {
    const res = await probe();
    expect(res.status).toBe(status);
    expect(res.headers['x-powered-by']).toBeUndefined();
    for (const [name, value] of Object.entries(EXPECTED_HEADERS[tier])) expect(res.headers[name], name).toBe(value);
    const csp = String(res.headers['content-security-policy'] ?? '');
    if (tier === 'web') expect(csp).toMatch(WEB_CSP);
    else expect(csp).toBe(API_CSP);
    // Plain http: HSTS only where PUBLIC_ORIGIN is https (web-security).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('with Stripe, form-action adds the gateway\'s pages (the card and 本人認証 forms 303 there); nothing else moves', async () => {
    const config = testConfig({
      API_ORIGIN: stack.apiUrl, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_headers_check', STRIPE_WEBHOOK_SECRET: 'whsec_headers_check',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    const web = createWebApp({ config, logger: silentLogger, clientDir: path.resolve('dist/client') });
    const csp = String((await request(web).get('/robots.txt')).headers['content-security-policy'] ?? '');
    expect(csp.replace(" https://*.stripe.com http://127.0.0.1:12111;", ';')).toMatch(WEB_CSP);
    expect(csp).toContain("form-action 'self' https://*.stripe.com http://127.0.0.1:12111;");
  });
});

describe('caching with the page cache off (docs/decisions/0003, 0041)', () => {
  it('no page may be kept by a shared cache; assets and robots.txt may', async () => {
    for (const page of ['/', '/lineup', '/faq', '/news']) {
      const res = await request(stack.web).get(page).expect(200);
      expect(res.headers['cache-control'], page).toMatch(/^private, no-(cache|store)$/);
      expect(res.headers['content-security-policy']).not.toContain('nonce-');
    }
    expect((await request(stack.web).get('/robots.txt')).headers['cache-control']).toContain('public');
    expect((await request(stack.web).get(await assetPath())).headers['cache-control']).toContain('immutable');
  });
});
