import http, { type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.ts';
import { listenOnLoopback } from '../support/stack.ts';
import { startApi, type ApiTest } from './api-fixtures.ts';
import { ALL_METHODS, API_CALLS, expectBoundedReply, listRoutes, send } from './api-hardening-endpoints.ts';

/**
 * Bad input on every call of the API, every method: never a 5xx, and every error small and in
 * the one ApiErrorBody shape. New calls join by being added to api-hardening-endpoints.ts (the
 * first test fails until they are).
 */
let api: ApiTest;
/** One listening server and one keep-alive agent for the thousands of requests below. */
let target: { url: string; agent: http.Agent; server: Server };

beforeAll(async () => {
  api = await startApi();
  const { server, url } = await listenOnLoopback(api.app);
  target = { url, server, agent: new http.Agent({ keepAlive: true }) };
});

afterAll(async () => {
  target?.agent.destroy();
  if (target) await new Promise((resolve) => target.server.close(resolve));
  await api?.database.destroy();
});

it('knows every call the API has (add new ones to api-hardening-endpoints.ts)', () => {
  const known = API_CALLS.map((c) => `${c.method} ${c.pattern}`).sort();
  expect(listRoutes(api.app).sort()).toEqual(known);
});

const HUGE = 'x'.repeat(100_000);
const CONTROL = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('') + '\u007f\u2028\ufeff';

/** Query strings: wrong types, repeated keys, broken %-encodings, control characters, 100 KB. */
const QUERIES = [
  'limit=abc&isClose=maybe&sort=%00',
  'limit=1&limit=2&limit=3',
  'isClose[]=1&sortId[x]=2',
  'state=%E0%A4%A&user=%',
  'artistType=%FF%FE&sortId=%C0%AF',
  `state=${encodeURIComponent(CONTROL)}`,
  `q=${HUGE}`,
  `${encodeURIComponent(CONTROL)}=1`,
  'user=-0&limit=0.0&sortId=1_000',
  '__proto__=1&constructor=2&toString=3',
];

/** JSON bodies of the wrong shape; the 100 KB one also passes the size limit. */
const BODIES: string[] = [
  '{"email":123,"password":["a"],"code":{"x":1}}',
  '{"email":null,"password":true}',
  '[1,2,3]',
  '"just a string"',
  'null',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  JSON.stringify({ email: CONTROL, password: CONTROL, name: CONTROL }),
  JSON.stringify({ email: HUGE }),
  '{"email": "a@example.com", "email": "b@example.com"}',
  '{"email":"\\ud800"}',
  '{"broken": ',
];

/** Paths with broken %-encodings, control characters and huge segments after each prefix. */
const SEGMENTS = ['%', '%E0%A4%A', '%00', '%0d%0a', encodeURIComponent(CONTROL), 'x'.repeat(8_000), '..%2f..%2fetc%2fpasswd', '%2e%2e'];

const paths = [...new Set(API_CALLS.map((c) => c.path))];

describe.each(paths)('%s', (path) => {
  it.each(ALL_METHODS)('%s with hostile queries never answers 5xx; errors stay small', async (method) => {
    for (const query of QUERIES) expectBoundedReply(await send(target, method, `${path}?${query}`), `${method} ${path}?${query.slice(0, 60)}`);
  });

  it.each(ALL_METHODS.filter((m) => m !== 'GET' && m !== 'HEAD'))('%s with hostile JSON bodies never answers 5xx', async (method) => {
    for (const body of BODIES) {
      const res = await send(target, method, path).set('content-type', 'application/json').send(body);
      expectBoundedReply(res, `${method} ${path} ${body.slice(0, 60)}`);
    }
  });

  it('hostile path segments never answer 5xx', async () => {
    const base = path.replace(/\/[^/]*$/, '');
    for (const segment of SEGMENTS) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        expectBoundedReply(await send(target, method, `${base}/${segment}`), `${method} ${base}/${segment.slice(0, 40)}`);
      }
    }
  });
});

describe('methods outside the usual eight, over a raw socket', () => {
  async function sendRaw(method: string, target: string) {
    const { server, url } = await listenOnLoopback(api.app);
    try {
      const res = await rawRequest(url, `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      // The server still answers the next request: the odd method broke nothing.
      const after = await rawRequest(url, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      expect(after.status).toBe(200);
      return res;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it.each(['PROPFIND', 'MKCOL', 'PURGE', 'LINK', 'SEARCH', 'FOO', 'get'])('%s /api/banner is refused with a 4xx, never a 5xx', async (method) => {
    const res = await sendRaw(method, '/api/banner');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Buffer.byteLength(res.body)).toBeLessThanOrEqual(4096);
  });

  it.each(['/api/banner', '127.0.0.1:443'])('CONNECT %s opens no tunnel: closed without a byte (or a 400), never a 2xx or 5xx', async (target) => {
    const res = await sendRaw('CONNECT', target);
    // Node closes a CONNECT it has no 'connect' listener for without writing anything; a parser 400 would do too.
    const outcome = res.raw === '' ? 'closed' : res.status === 400 ? '400' : `answered ${JSON.stringify(res.raw.slice(0, 60))}`;
    expect(['closed', '400']).toContain(outcome);
  });
});
