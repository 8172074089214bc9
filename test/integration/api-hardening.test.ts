import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, startApi, type ApiTest } from './api-fixtures.ts';
import { ALL_METHODS, API_CALLS, MAX_ERROR_BYTES, expectBoundedReply, send } from './api-hardening-endpoints.ts';
import { testConfig } from '../support/stack.ts';

/** The shop API under attack: bounded errors, strict numbers, 405, CSRF, JSON-only bodies. */
let api: ApiTest;
let mediaPath: string;

beforeAll(async () => {
  api = await startApi();
  const media = await api.db.selectFrom('media').select('path').where('content_type', 'like', 'image/svg%').executeTakeFirstOrThrow();
  mediaPath = `/api/media/${media.path}`;
});

afterAll(async () => {
  await api?.database.destroy();
});

const manyKeys = (n: number, prefix = 'unknownKey') => Array.from({ length: n }, (_, i) => `${prefix}${i}=1`).join('&');

describe('error replies stay small whatever the input', () => {
  it.each(API_CALLS)('$method $path with 1,000 unknown query keys (15 KB)', async ({ method, path }) => {
    const query = manyKeys(1000);
    expect(query.length).toBeGreaterThan(14_000);
    const res = await send(api.app, method, `${path}?${query}`);
    expectBoundedReply(res, `${method} ${path}`);
  });

  it('names the first few unknown keys (at most 20) and counts the rest', async () => {
    const res = await request(api.app).get(`/api/artist/categoryArtist?${manyKeys(1000)}`);
    const body = expectApiError(res, 400, 'BAD_REQUEST', ['unknownKey0', 'unknownKey9']);
    const named = Object.keys(body.fields ?? {}).length;
    expect(named).toBeLessThanOrEqual(20);
    expect(body.messageEn).toContain(`…and ${1000 - named} more`);
    expect(body.message).toContain(`ほか${1000 - named}件`);
  });

  it('stays under 4 KB when every unknown key is a long Japanese name', async () => {
    const key = (i: number) => `${i}${'推'.repeat(40)}`;
    const query = Array.from({ length: 25 }, (_, i) => `${encodeURIComponent(key(i))}=1`).join('&');
    expectBoundedReply(await request(api.app).get(`/api/news?${query}`), 'Japanese query keys');
    const body = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [key(i), i]));
    const res = await request(api.app).post('/api/login/emailLogin').send(body);
    expect(res.status).toBe(400);
    expectBoundedReply(res, 'Japanese body keys');
  });

  it('clips long key names and never echoes control characters', async () => {
    const long = `${'k'.repeat(5000)}%0d%0aInjected`;
    const res = await request(api.app).get(`/api/news?${long}=1&${long}2=1`);
    expectBoundedReply(res, 'long keys');
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/\r|\n|k{100}/);
  });

  const bodies: [string, string][] = [
    ['1,000 unknown keys', JSON.stringify(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`key${i}`, i])))],
    ['nesting 10,000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    ['a 30 KB string in every known field', JSON.stringify({ email: 'x'.repeat(30_000) })],
    ['a 31 KB key', JSON.stringify({ ['k'.repeat(31_000)]: 1 })],
  ];
  const bodyCalls = API_CALLS.filter((c) => c.method !== 'GET');
  it.each(bodyCalls.flatMap((c) => bodies.map(([label, body]) => ({ ...c, label, body }))))(
    '$method $path with a JSON body of $label',
    async ({ method, path, label, body }) => {
      const res = await send(api.app, method, path).set('content-type', 'application/json').send(body);
      expectBoundedReply(res, `${method} ${path} ${label}`);
    },
  );

  it('does not echo huge headers', async () => {
    const res = await request(api.app).get('/api/news?limit=x').set('x-filler', 'h'.repeat(8000)).set('cookie', `a=${'c'.repeat(6000)}`);
    expectApiError(res, 400, 'BAD_REQUEST', ['limit']);
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(MAX_ERROR_BYTES);
  });
});

describe('numbers in queries and paths are plain decimal within bounds', () => {
  const BAD = ['0x10', '1e3', '', '-1', ' 1', '1.5', '+1', '01', '2147483648', '99999999999999999999', 'Infinity', 'NaN', '１'];
  const QUERIES: [string, string][] = [
    ['/api/artist', 'limit'],
    ['/api/artist/categoryArtist', 'sortId'],
    ['/api/news', 'limit'],
    ['/api/news/1', 'user'],
  ];
  it.each(QUERIES.flatMap(([path, field]) => BAD.map((value) => ({ path, field, value }))))(
    'GET $path?$field=$value answers 400 naming $field',
    async ({ path, field, value }) => {
      const res = await request(api.app).get(`${path}?${field}=${encodeURIComponent(value)}`);
      expectApiError(res, 400, 'BAD_REQUEST', [field]);
    },
  );

  it.each(QUERIES)('GET %s with %s given twice (an array) answers 400 naming it', async (path, field) => {
    const res = await request(api.app).get(`${path}?${field}=1&${field}=2`);
    expectApiError(res, 400, 'BAD_REQUEST', [field]);
  });

  it('takes the largest integer PostgreSQL holds (sortId=2147483647) and answers 200', async () => {
    const res = await request(api.app).get('/api/artist/categoryArtist?sortId=2147483647');
    expect(res.status).toBe(200);
  });

  it('was a 500 from PostgreSQL: sortId=2147483648 is now a 400', async () => {
    const res = await request(api.app).get('/api/artist/categoryArtist?sortId=2147483648');
    expectApiError(res, 400, 'BAD_REQUEST', ['sortId']);
  });

  const PATHS: [string, string][] = [
    ['/api/news/', 'newsId'],
    ['/api/plan/', 'planId'],
    ['/api/plan/order/', 'planOrderId'],
  ];
  it.each(PATHS.flatMap(([prefix, field]) => ['0x10', '1e3', '-1', '0', '2147483648', '1.5', '%20'].map((value) => ({ prefix, field, value }))))(
    'GET $prefix$value answers 400 naming $field',
    async ({ prefix, field, value }) => {
      const res = await request(api.app).get(`${prefix}${value}`);
      expectApiError(res, 400, 'BAD_REQUEST', [field]);
    },
  );
});

describe('methods a path does not have', () => {
  const paths = [...new Set(API_CALLS.map((c) => c.path))];
  it.each(paths.flatMap((path) => ALL_METHODS.map((method) => ({ path, method }))))('$method $path never answers 5xx', async ({ path, method }) => {
    const allowed = API_CALLS.filter((c) => c.path === path).map((c) => c.method);
    const res = await send(api.app, method, path);
    expect(res.status).toBeLessThan(500);
    if (method === 'OPTIONS' || method === 'HEAD' || allowed.some((m) => m === method)) return;
    if (path.startsWith('/ops/') && method !== 'GET') {
      // The operator guard refuses before any route is matched (api/ops/ops-guard.ts): a request
      // without a JSON body is 415, whatever its method but GET (which still needs the token).
      expectApiError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      return;
    }
    expectApiError(res, 405, 'METHOD_NOT_ALLOWED');
    const allow = String(res.headers.allow).split(/,\s*/);
    for (const m of allowed) expect(allow).toContain(m);
    expect(allow).not.toContain(method);
  });

  it('an unknown path stays 404 for any method', async () => {
    for (const method of ALL_METHODS.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
      expectApiError(await send(api.app, method, '/api/no-such-call'), 404, 'NOT_FOUND');
    }
  });
});

describe('cross-site requests and body types', () => {
  const origin = testConfig().PUBLIC_ORIGIN;

  it('refuses a POST a browser marks Sec-Fetch-Site: cross-site with 403', async () => {
    const res = await request(api.app).post('/api/login/emailLogin').set('sec-fetch-site', 'cross-site').send({ email: 'a@example.com' });
    const body = expectApiError(res, 403, 'FORBIDDEN');
    expect(body.messageEn).toBe('Requests from another site are not accepted.');
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('refuses a cross-site %s too', async (method) => {
    expectApiError(await send(api.app, method, '/api/user').set('sec-fetch-site', 'same-site'), 403, 'FORBIDDEN');
  });

  it('refuses Origin: https://evil.example without Sec-Fetch-Site with 403', async () => {
    const res = await request(api.app).post('/api/login/emailLogin').set('origin', 'https://evil.example').send({});
    expectApiError(res, 403, 'FORBIDDEN');
  });

  it('refuses Origin: null (a sandboxed frame) with 403', async () => {
    expectApiError(await request(api.app).post('/api/login/emailLogin').set('origin', 'null').send({}), 403, 'FORBIDDEN');
  });

  it('lets a same-origin POST through to the route (which then judges the body)', async () => {
    const res = await request(api.app).post('/api/login/emailLogin').set('sec-fetch-site', 'same-origin').set('origin', origin).send({ unknown: 1 });
    expectApiError(res, 400, 'BAD_REQUEST');
  });

  it('lets a POST from the shop origin without Sec-Fetch-Site through', async () => {
    const res = await request(api.app).post('/api/login/emailLogin').set('origin', origin).send({ unknown: 1 });
    expectApiError(res, 400, 'BAD_REQUEST');
  });

  it('lets a request without either header (curl, the web tier) through', async () => {
    const res = await request(api.app).post('/api/login/emailLogin').send({ unknown: 1 });
    expectApiError(res, 400, 'BAD_REQUEST');
  });

  it('lets a cross-site GET through (reading is not a state change)', async () => {
    const res = await request(api.app).get('/api/banner').set('sec-fetch-site', 'cross-site').set('origin', 'https://evil.example');
    expect(res.status).toBe(200);
  });

  it.each([
    ['text/plain', 'email=a@example.com'],
    ['application/x-www-form-urlencoded', 'email=a%40example.com&password=x'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--\r\n'],
  ])('refuses a %s body with 415', async (type, body) => {
    const res = await request(api.app).post('/api/login/emailLogin').set('content-type', type).send(body);
    const error = expectApiError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(error.messageEn).toBe('Send the request body as JSON (application/json).');
  });

  it('refuses a body without a content type with 415', async () => {
    const res = await request(api.app).post('/api/login/emailLogin').set('content-type', '').send(Buffer.from('{"email":"a"}'));
    expect([400, 415]).toContain(res.status);
    expectBoundedReply(res, 'no content type');
  });
});

describe('security headers on every kind of reply', () => {
  const big = JSON.stringify({ filler: 'x'.repeat(40_000) });
  const replies: [string, number, () => request.Test][] = [
    ['200 JSON', 200, () => request(api.app).get('/api/banner')],
    ['400', 400, () => request(api.app).get('/api/news?limit=x')],
    ['404', 404, () => request(api.app).get('/api/no-such-call')],
    ['405', 405, () => request(api.app).post('/api/banner')],
    ['413', 413, () => request(api.app).post('/api/login/emailLogin').set('content-type', 'application/json').send(big)],
    ['415', 415, () => request(api.app).post('/api/login/emailLogin').set('content-type', 'text/plain').send('x')],
    ['403', 403, () => request(api.app).post('/api/login/emailLogin').set('sec-fetch-site', 'cross-site').send({})],
    ['media SVG', 200, () => request(api.app).get(mediaPath)],
    ['healthz', 200, () => request(api.app).get('/healthz')],
    ['readyz', 200, () => request(api.app).get('/readyz')],
  ];

  it.each(replies)('%s carries nosniff, a locked-down CSP, no HSTS and no upgrade-insecure-requests', async (_label, status, make) => {
    const res = await make();
    expect(res.status).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('healthz and readyz are never cached', async () => {
    for (const path of ['/healthz', '/readyz']) expect((await request(api.app).get(path)).headers['cache-control']).toBe('no-store');
  });
});
