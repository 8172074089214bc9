import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artist } from '../../shared/api/types.ts';
import { bodyOf, buildArtist, expectApiError, insertArtist, startApi, type ApiTest } from './api-fixtures.ts';

// Sorts chosen to land first among open and closed artists alike; the newest by creation time.
const KNOWN_FIRST = buildArtist({ slug: 'known-first', name: '一番手テスト', type: 'VTUBER', sort: -20 });
const KNOWN_CLOSED = buildArtist({ slug: 'known-closed', sort: -30, is_close: true });
const KNOWN_NEWEST = buildArtist({ slug: 'known-newest', sort: 9000, created_at: new Date('2100-01-01T00:00:00Z') });

let api: ApiTest;
let firstId: number;

beforeAll(async () => {
  api = await startApi();
  firstId = await insertArtist(api.db, KNOWN_FIRST, ['zeta', 'alpha']);
  await insertArtist(api.db, KNOWN_CLOSED);
  await insertArtist(api.db, KNOWN_NEWEST);
});

afterAll(async () => {
  await api?.database.destroy();
});

async function slugsInDb(isClose: boolean, order: 'sort' | 'new'): Promise<string[]> {
  let query = api.db.selectFrom('artists').select('slug').where('is_close', '=', isClose);
  query = order === 'sort' ? query.orderBy('sort').orderBy('id') : query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  return (await query.execute()).map((r) => r.slug);
}

async function getArtists(query: string): Promise<Artist[]> {
  const res = await request(api.app).get(`/api/artist${query}`);
  expect(res.status).toBe(200);
  return bodyOf<Artist[]>(res);
}

describe('GET /api/artist', () => {
  it('lists the open artists in sort order and leaves closed ones out', async () => {
    const artists = await getArtists('');
    const expected = await slugsInDb(false, 'sort');
    expect(expected.length).toBeGreaterThan(3);
    expect(artists.map((a) => a.slug)).toEqual(expected);
    expect(artists[0]?.slug).toBe(KNOWN_FIRST.slug);
    expect(artists.map((a) => a.slug)).not.toContain(KNOWN_CLOSED.slug);
    expect(artists.every((a) => !a.isClose)).toBe(true);
    const sorts = artists.map((a) => a.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('gives every field of an artist (docs/spec.md §3) with its tags', async () => {
    const [first] = await getArtists('?limit=1');
    expect(first).toEqual({
      id: firstId,
      name: '一番手テスト',
      subName: 'Test Artist',
      slug: 'known-first',
      description: 'テスト用のアーティストです。',
      icon: '/api/media/test/known-first.svg',
      coverImage: '/api/media/test/known-first-cover.svg',
      type: 'VTUBER',
      attribute: { links: [{ type: 'TWITTER', url: 'https://twitter.com/known-first' }] },
      copyright: '©Test',
      backgroundColor: '#123abc',
      sort: -20,
      isClose: false,
      tags: ['alpha', 'zeta'],
      descriptionEn: null,
      lowestPrice: null,
    });
  });

  it('gives only closed artists with isClose=true', async () => {
    for (const flag of ['true', '1']) {
      const artists = await getArtists(`?isClose=${flag}`);
      expect(artists.map((a) => a.slug)).toEqual(await slugsInDb(true, 'sort'));
      expect(artists[0]?.slug).toBe(KNOWN_CLOSED.slug);
      expect(artists.every((a) => a.isClose)).toBe(true);
    }
  });

  it('gives the open artists with isClose=false or 0', async () => {
    const expected = await slugsInDb(false, 'sort');
    expect((await getArtists('?isClose=false')).map((a) => a.slug)).toEqual(expected);
    expect((await getArtists('?isClose=0')).map((a) => a.slug)).toEqual(expected);
  });

  it('respects limit', async () => {
    const all = (await slugsInDb(false, 'sort'));
    expect((await getArtists('?limit=1')).map((a) => a.slug)).toEqual(all.slice(0, 1));
    expect((await getArtists('?limit=3')).map((a) => a.slug)).toEqual(all.slice(0, 3));
    expect((await getArtists('?limit=100')).map((a) => a.slug)).toEqual(all);
  });

  it('orders by creation, newest first, with sort=new', async () => {
    const artists = await getArtists('?sort=new');
    expect(artists[0]?.slug).toBe(KNOWN_NEWEST.slug);
    expect(artists.map((a) => a.slug)).toEqual(await slugsInDb(false, 'new'));
    const bySort = await getArtists('?sort=sort');
    expect(bySort.at(-1)?.slug).toBe(KNOWN_NEWEST.slug);
  });

  it('changes no rows', async () => {
    const before = await api.db.selectFrom('artists').selectAll().orderBy('id').execute();
    await getArtists('?sort=new&limit=5');
    expect(await api.db.selectFrom('artists').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('GET /api/artist with bad input', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['isClose=maybe', 'isClose'],
    ['sort=old', 'sort'],
  ])('answers 400 for ?%s, naming %s', async (query, field) => {
    const res = await request(api.app).get(`/api/artist?${query}`);
    const body = expectApiError(res, 400, 'BAD_REQUEST', [field]);
    expect(body.message).toContain(field);
    expect(body.messageEn).toContain(field);
    expect(body.fields?.[field]?.ja).toContain(field);
  });

  it('reports every bad key at once', async () => {
    const res = await request(api.app).get('/api/artist?limit=0&isClose=maybe');
    const body = expectApiError(res, 400, 'BAD_REQUEST', ['limit', 'isClose']);
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(['isClose', 'limit']);
  });

  it('answers 400 for an unknown query key and names it', async () => {
    const res = await request(api.app).get('/api/artist?foo=1');
    const body = expectApiError(res, 400, 'BAD_REQUEST');
    expect(JSON.stringify(body.fields)).toContain('foo');
  });

  // Regression: a strict schema reports unknown keys with an empty path, so api/http/validate.ts
  // files the error under "query" and the Japanese message names "query", not the key.
  it('files an unknown query key under its own name', async () => {
    const res = await request(api.app).get('/api/artist?foo=1');
    const body = expectApiError(res, 400, 'BAD_REQUEST', ['foo']);
    expect(body.message).toContain('foo');
  });
});
