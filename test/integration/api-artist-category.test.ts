import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artist, CategoryArtists } from '../../shared/api/types.ts';
import { ARTIST_TYPES } from '../../shared/artist-types.ts';
import { bodyOf, buildArtist, expectApiError, insertArtist, startApi, type ApiTest } from './api-fixtures.ts';

// ILLUSTRATOR and EVENT come late in ARTIST_TYPES; OTHER comes first. Sorts put them in a known
// place within their category.
const KNOWN_OTHER = buildArtist({ slug: 'known-other', type: 'OTHER', sort: 7001 });
const KNOWN_CLOSED_OTHER = buildArtist({ slug: 'known-closed-other', type: 'OTHER', sort: 7002, is_close: true });
const KNOWN_EVENT = buildArtist({ slug: 'known-event', type: 'EVENT', sort: 7003 });
const KNOWN_TAGGED_OPEN = buildArtist({ slug: 'known-tagged-open', type: 'TALENT', sort: -1 });
const KNOWN_TAGGED_CLOSED = buildArtist({ slug: 'known-tagged-closed', type: 'TALENT', sort: -2, is_close: true });

let api: ApiTest;

beforeAll(async () => {
  api = await startApi();
  await insertArtist(api.db, KNOWN_OTHER);
  await insertArtist(api.db, KNOWN_CLOSED_OTHER);
  await insertArtist(api.db, KNOWN_EVENT);
  await insertArtist(api.db, KNOWN_TAGGED_OPEN, ['re-box', 'new']);
  await insertArtist(api.db, KNOWN_TAGGED_CLOSED, ['re-box']);
});

afterAll(async () => {
  await api?.database.destroy();
});

async function getCategories(query = ''): Promise<CategoryArtists> {
  const res = await request(api.app).get(`/api/artist/categoryArtist${query}`);
  expect(res.status).toBe(200);
  return bodyOf<CategoryArtists>(res);
}

/** Open artists of the database by type, in sort order, as the lineup should group them. */
async function openArtistsByType(afterSort = Number.NEGATIVE_INFINITY): Promise<Map<string, string[]>> {
  const rows = await api.db.selectFrom('artists').select(['slug', 'type', 'sort']).where('is_close', '=', false).orderBy('sort').orderBy('id').execute();
  const byType = new Map<string, string[]>();
  for (const row of rows.filter((r) => r.sort > afterSort)) byType.set(row.type, [...(byType.get(row.type) ?? []), row.slug]);
  return byType;
}

describe('GET /api/artist/categoryArtist', () => {
  it('groups the open artists by type in the order of ARTIST_TYPES, without empty categories', async () => {
    const { categories } = await getCategories();
    const expected = await openArtistsByType();
    const order = ARTIST_TYPES.filter((t) => expected.has(t));
    expect(categories.map((c) => c.type)).toEqual(order);
    expect(categories[0]?.type).toBe('OTHER');
    expect(categories.at(-1)?.type).toBe('EVENT');
    for (const category of categories) {
      expect(category.artists.length).toBeGreaterThan(0);
      expect(category.artists.map((a) => a.slug)).toEqual(expected.get(category.type));
      expect(category.artists.every((a) => a.type === category.type && !a.isClose)).toBe(true);
    }
  });

  it('leaves closed artists out', async () => {
    const { categories } = await getCategories();
    const slugs = categories.flatMap((c) => c.artists.map((a) => a.slug));
    expect(slugs).toContain(KNOWN_OTHER.slug);
    expect(slugs).not.toContain(KNOWN_CLOSED_OTHER.slug);
    expect(slugs).not.toContain(KNOWN_TAGGED_CLOSED.slug);
    const closed = await api.db.selectFrom('artists').select('slug').where('is_close', '=', true).execute();
    expect(closed.length).toBeGreaterThan(1);
    for (const { slug } of closed) expect(slugs).not.toContain(slug);
  });

  it('filters by artistType', async () => {
    const { categories } = await getCategories('?artistType=EVENT');
    expect(categories.map((c) => c.type)).toEqual(['EVENT']);
    expect(categories[0]?.artists.map((a) => a.slug)).toEqual((await openArtistsByType()).get('EVENT'));
    expect(categories[0]?.artists.map((a) => a.slug)).toContain(KNOWN_EVENT.slug);
  });

  it('gives no categories when no artist of the type is left after sortId', async () => {
    await expect(getCategories('?artistType=ILLUSTRATOR&sortId=100000')).resolves.toEqual({ categories: [] });
  });

  it('pages by sortId: only artists sorted after it', async () => {
    const { categories } = await getCategories('?sortId=7001');
    expect(categories).toEqual([
      { type: 'EVENT', artists: [expect.objectContaining({ slug: KNOWN_EVENT.slug, sort: 7003 })] },
    ]);
    const page = await getCategories('?sortId=100');
    const slugs = page.categories.flatMap((c) => c.artists);
    expect(slugs.every((a) => a.sort > 100)).toBe(true);
    const expected = [...(await openArtistsByType(100)).values()].flat().sort();
    expect(slugs.map((a) => a.slug).sort()).toEqual(expected);
  });

  it.each([
    ['artistType=POP', 'artistType'],
    ['artistType=vtuber', 'artistType'],
    ['sortId=-1', 'sortId'],
    ['sortId=abc', 'sortId'],
  ])('answers 400 for ?%s', async (query, field) => {
    expectApiError(await request(api.app).get(`/api/artist/categoryArtist?${query}`), 400, 'BAD_REQUEST', [field]);
  });

  it('answers 400 for an unknown query key', async () => {
    expectApiError(await request(api.app).get('/api/artist/categoryArtist?page=2'), 400, 'BAD_REQUEST');
  });
});

describe('GET /api/artist/tag/{tag}', () => {
  async function getTagged(query = ''): Promise<Artist[]> {
    const res = await request(api.app).get(`/api/artist/tag/re-box${query}`);
    expect(res.status).toBe(200);
    return bodyOf<Artist[]>(res);
  }

  async function taggedInDb(isClose?: boolean): Promise<string[]> {
    let query = api.db
      .selectFrom('artists')
      .innerJoin('artist_tags', 'artist_tags.artist_id', 'artists.id')
      .select('artists.slug')
      .where('artist_tags.tag', '=', 're-box');
    if (isClose !== undefined) query = query.where('artists.is_close', '=', isClose);
    return (await query.orderBy('artists.sort').orderBy('artists.id').execute()).map((r) => r.slug);
  }

  it('gives only the tagged artists, open and closed, in sort order', async () => {
    const artists = await getTagged();
    expect(artists.map((a) => a.slug)).toEqual(await taggedInDb());
    expect(artists.slice(0, 2).map((a) => a.slug)).toEqual([KNOWN_TAGGED_CLOSED.slug, KNOWN_TAGGED_OPEN.slug]);
    expect(artists.every((a) => a.tags.includes('re-box'))).toBe(true);
    expect(artists.map((a) => a.slug)).not.toContain(KNOWN_OTHER.slug);
  });

  it('filters by isClose', async () => {
    const open = await getTagged('?isClose=false');
    expect(open.map((a) => a.slug)).toEqual(await taggedInDb(false));
    expect(open[0]?.slug).toBe(KNOWN_TAGGED_OPEN.slug);
    const closed = await getTagged('?isClose=true');
    expect(closed.map((a) => a.slug)).toEqual(await taggedInDb(true));
    expect(closed[0]?.slug).toBe(KNOWN_TAGGED_CLOSED.slug);
    expect(closed.every((a) => a.isClose)).toBe(true);
  });

  it('gives an empty list for a tag nobody has', async () => {
    const res = await request(api.app).get('/api/artist/tag/no-such-tag');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('answers 400 for a malformed tag or isClose', async () => {
    expectApiError(await request(api.app).get('/api/artist/tag/Re%20Box'), 400, 'BAD_REQUEST', ['tag']);
    expectApiError(await request(api.app).get('/api/artist/tag/re-box?isClose=yes'), 400, 'BAD_REQUEST', ['isClose']);
  });
});
