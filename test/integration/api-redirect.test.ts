import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedirectTarget } from '../../shared/api/types.ts';
import { RETURN_PATH_MAX_LENGTH } from '../../shared/routes.ts';
import { bodyOf, expectApiError, startApi, type ApiTest } from './api-fixtures.ts';

/** POST /api/redirect (the spec's `redirect` call): a return destination in, the same-site path out. */
let api: ApiTest;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.database.destroy();
});

const ask = (body: unknown) => request(api.app).post('/api/redirect').send(body as object);

describe('POST /api/redirect', () => {
  it.each([
    ['/mypage/plan', '/mypage/plan'],
    ['/artist/hoshino_mirai?tier=2#plans', '/artist/hoshino_mirai?tier=2#plans'],
    ['/mypage/./profile', '/mypage/profile'],
  ])('answers the same-site path for %s', async (url, expected) => {
    const res = await ask({ url });
    expect(res.status).toBe(200);
    expect(bodyOf<RedirectTarget>(res)).toEqual({ url: expected });
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    '/%2fevil.com',
    '/%5Cevil.com',
    '/.//evil.com',
    'https://evil.com/mypage',
    'javascript:alert(1)',
    '/\t/evil.com',
  ])('answers the top page for %s, never another site', async (url) => {
    const res = await ask({ url });
    expect(res.status).toBe(200);
    expect(bodyOf<RedirectTarget>(res)).toEqual({ url: '/' });
  });

  it('refuses a destination over the length bound with a 400 naming url', async () => {
    const url = `/mypage/plan?x=${'a'.repeat(RETURN_PATH_MAX_LENGTH)}`;
    const body = expectApiError(await ask({ url }), 400, 'BAD_REQUEST', ['url']);
    expect(body.message).toContain('url');
  });

  it.each([
    ['a missing field', {}, 'url'],
    ['an empty one', { url: '' }, 'url'],
    ['a number', { url: 42 }, 'url'],
    ['an unknown key', { url: '/', next: '/x' }, 'next'],
  ])('refuses %s with a 400 in Japanese and English naming the field', async (_label, body, field) => {
    const error = expectApiError(await ask(body), 400, 'BAD_REQUEST', [field]);
    expect(error.messageEn).toContain(field);
  });

  it('refuses a body that is not JSON (415) and a query string (400)', async () => {
    const form = await request(api.app).post('/api/redirect').type('form').send('url=/mypage');
    expectApiError(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectApiError(await request(api.app).post('/api/redirect?url=/x').send({ url: '/' }), 400, 'BAD_REQUEST', ['url']);
  });
});
