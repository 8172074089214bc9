import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZipAddress } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { bodyOf, expectApiError, startApi, type ApiTest } from './api-fixtures.ts';

let api: ApiTest;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.database.destroy();
});

describe('GET /api/zip/{zip}', () => {
  it.each([
    ['1500002', { prefecture: '東京都', city: '渋谷区', town: '渋谷' }],
    ['0600000', { prefecture: '北海道', city: '札幌市中央区', town: '' }],
    ['9071801', { prefecture: '沖縄県', city: '八重山郡与那国町', town: '与那国' }],
  ])('%s → prefecture, city and town from Japan Post data', async (zip, address) => {
    const res = await request(api.app).get(`/api/zip/${zip}`);
    expect(res.status).toBe(200);
    expect(bodyOf<ZipAddress>(res)).toEqual({ zip, ...address });
  });

  it('gives the shared part of the town name when one code covers several towns', async () => {
    const res = await request(api.app).get('/api/zip/4520961');
    expect(bodyOf<ZipAddress>(res)).toEqual({ zip: '4520961', prefecture: '愛知県', city: '清須市', town: '春日' });
  });

  it('answers 404 for a code Japan Post does not have', async () => {
    expectApiError(await request(api.app).get('/api/zip/0000000'), 404, 'NOT_FOUND');
  });

  it.each(['150-0002', '%EF%BC%91%EF%BC%95%EF%BC%90%EF%BC%90%EF%BC%90%EF%BC%90%EF%BC%92', '150000', '15000021', 'abcdefg', '%201500002'])(
    'refuses %s with 400 and the §5 postal-code message',
    async (zip) => {
      const error = expectApiError(await request(api.app).get(`/api/zip/${zip}`), 400, 'BAD_REQUEST', ['zip']);
      expect(error.fields?.zip).toEqual(MESSAGES.zipFormat);
    },
  );

  it('refuses unknown query keys', async () => {
    expectApiError(await request(api.app).get('/api/zip/1500002?x=1'), 400, 'BAD_REQUEST', ['x']);
  });
});
