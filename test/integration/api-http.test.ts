import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, startApi, type ApiTest } from './api-fixtures.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TABLES = ['artists', 'artist_tags', 'plans', 'plan_orders', 'order_goods', 'banners', 'news', 'media', 'users', 'sessions'] as const;

let api: ApiTest;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.database.destroy();
});

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await api.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe('unknown endpoints', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api/artist/known/extra/segments'],
    ['POST', '/api/nothing-here'],
    ['DELETE', '/api/news/1/extra'],
    ['GET', '/nothing'],
  ])('%s %s answers 404 JSON with code NOT_FOUND', async (method, path) => {
    const res = await request(api.app)[method === 'GET' ? 'get' : method === 'POST' ? 'post' : 'delete'](path);
    const body = expectApiError(res, 404, 'NOT_FOUND');
    expect(body.message).toBe('APIのエンドポイントが見つかりません。');
    expect(body.messageEn).toBe('API endpoint not found.');
  });

  it('marks API answers as not cacheable', async () => {
    const res = await request(api.app).get('/api/nothing-here');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('malformed request bodies', () => {
  it.each(['/api/login/emailLogin', '/api/user', '/api/userPlan', '/api/anything'])(
    'POST %s with broken JSON answers 400, not 500, and changes nothing',
    async (path) => {
      const before = await rowCounts();
      const res = await request(api.app).post(path).set('content-type', 'application/json').send('{"email": "a@example.com",');
      const body = expectApiError(res, 400, 'BAD_REQUEST');
      expect(body.message).toBe('リクエストの形式が正しくありません。');
      expect(body.messageEn).toBe('The request is malformed.');
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('answers 400 for a PUT with broken JSON too', async () => {
    const res = await request(api.app).put('/api/user').set('content-type', 'application/json').send('not json');
    expectApiError(res, 400, 'BAD_REQUEST');
  });

  it('refuses a body over the size limit with a 4xx, not 500', async () => {
    const res = await request(api.app)
      .post('/api/login/emailLogin')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ filler: 'x'.repeat(40_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('x-request-id', () => {
  it('echoes a well-formed id it is given', async () => {
    const res = await request(api.app).get('/api/banner').set('x-request-id', 'lb-1234.abcd_EF');
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('lb-1234.abcd_EF');
  });

  it('echoes the id on errors too', async () => {
    const res = await request(api.app).get('/api/nothing-here').set('x-request-id', 'err-req-1');
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toBe('err-req-1');
  });

  it('generates a fresh id when none is given', async () => {
    const first = await request(api.app).get('/api/banner');
    const second = await request(api.app).get('/api/banner');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it.each(['has spaces in it', 'a'.repeat(101), '<script>', ''])('replaces the malformed id %j with a generated one', async (given) => {
    const res = await request(api.app).get('/api/banner').set('x-request-id', given);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('GET /healthz', () => {
  it('answers ok', async () => {
    const res = await request(api.app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});
