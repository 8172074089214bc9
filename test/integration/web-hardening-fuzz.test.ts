import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes.ts';
import { rawRequest, requestBytes, type RawResponse } from '../support/raw-http.ts';
import { startStack, type Stack } from '../support/stack.ts';

/**
 * Every page route with hostile parameters, query strings and methods: the web tier may refuse
 * (4xx) or show a page, never a 5xx, and a refusal stays small.
 */
let stack: Stack;
let host: string;

beforeAll(async () => {
  stack = await startStack();
  host = new URL(stack.webUrl).host;
});
afterAll(async () => {
  if (process.env.FUZZ_REPORT) console.log(Object.fromEntries(statuses));
  await stack.close();
});

/** Raw path segments, sent as they are (no encoding by a client library). */
const PARAM_VALUES = [
  '0',
  '-1',
  '1e999',
  '99999999999999999999999',
  '0x1F',
  '%00',
  '%0d%0aSet-Cookie:%20x=1',
  '%7F',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '..',
  '%2e%2e%2f%2e%2e',
  '%2F%2Fevil.example',
  '%E6%8E%A8%E3%81%97',
  '%F0%9F%92%A9',
  '<script>alert(1)<%2Fscript>',
  "'%20OR%201=1--",
  'a'.repeat(2000),
  'b'.repeat(9000),
];

const QUERIES = [
  '?url=a&url=b&url=%2F%2Fevil.example',
  '?isClose=true&isClose=false',
  '?limit=-1&limit=1e9&sort=%00',
  '?%=1&a=%E0%A4%A',
  '?lang=en&lang=ja&lang[]=x',
  `?q=${'x'.repeat(7000)}`,
  '?__proto__[x]=1&constructor[prototype][y]=2',
  '?' + Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join('&'),
];

function pathsFor(routePath: string): string[] {
  if (!routePath.includes(':')) return [routePath];
  return PARAM_VALUES.map((value) => routePath.replace(/:\w+/g, value));
}

const MAX_REFUSAL_BYTES = 64 * 1024;

const statuses = new Map<number, number>();

function expectSane(res: RawResponse, what: string): void {
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  expect(res.status, what).toBeGreaterThanOrEqual(200);
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) expect(res.body.length, `${what} body`).toBeLessThan(MAX_REFUSAL_BYTES);
  // A CRLF in a parameter must never become a header of ours.
  expect(res.headers['set-cookie'] ?? '', what).not.toContain('x=1');
}

async function get(path: string, extra: string[] = []): Promise<RawResponse> {
  return rawRequest(stack.webUrl, requestBytes('GET', path, host, extra), 15_000);
}

const ROUTE_LIST = Object.values(ROUTES);

describe('page routes under fuzzed parameters', () => {
  it.each(ROUTE_LIST.map((r) => [r.id, r.path]))('%s (%s): every parameter value', async (_id, routePath) => {
    for (const path of pathsFor(routePath)) expectSane(await get(path), path.slice(0, 80));
  });

  it.each(ROUTE_LIST.map((r) => [r.id, r.path]))('%s (%s): hostile query strings', async (_id, routePath) => {
    const path = routePath.replace(/:\w+/g, '1');
    for (const query of QUERIES) expectSane(await get(`${path}${query}`), `${path}${query.slice(0, 60)}`);
  });

  it('a garbage session cookie on member pages is a redirect to login, not an error', async () => {
    for (const route of ROUTE_LIST.filter((r) => r.access !== 'public')) {
      const res = await get(route.path.replace(/:\w+/g, '1'), [`Cookie: oshibox_sid=${'%zz'.repeat(50)}; oshibox_sid=x`]);
      expectSane(res, route.path);
      expect(res.status, route.path).toBe(302);
    }
  });
});

describe('page routes under every method', () => {
  const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'LOCK', 'PURGE', 'SEARCH'];
  // `/?index` is how a form reaches the home route's own action (React Router's index rule).
  it.each([...ROUTE_LIST.map((r) => [r.id, r.path]), ['home (index)', '/?index']])('%s (%s)', async (_id, routePath) => {
    const path = routePath.replace(/:\w+/g, '1');
    for (const method of METHODS) {
      const res = await rawRequest(
        stack.webUrl,
        `${requestBytes(method, path, host, ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: 3'])}a=1`,
        15_000,
      );
      expectSane(res, `${method} ${path}`);
      if (res.status === 405) expect(res.headers.allow, `${method} ${path}`).toMatch(/^GET, HEAD(, POST)?$/);
    }
  });
});
