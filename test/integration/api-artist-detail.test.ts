import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistDetail, Plan } from '../../shared/api/types.ts';
import {
  NOW,
  bodyOf,
  buildArtist,
  buildPlan,
  buildRound,
  daysFromNow,
  expectApiError,
  insertArtist,
  insertGoods,
  insertPlan,
  insertRound,
  minutesFromNow,
  startApi,
  type ApiTest,
} from './api-fixtures.ts';

/**
 * KNOWN_ARTIST has one plan per situation of its rounds around NOW:
 * OPEN (a past round and an open one), UPCOMING (starts later), STARTS_NOW (starts exactly at
 * NOW: open), ENDS_NOW (deadline exactly at NOW: closed) and TWO_OPEN (two open rounds: the
 * earlier deadline is current).
 */
const KNOWN_ARTIST = buildArtist({
  slug: 'known_artist',
  name: 'ノウン・アーティスト',
  sub_name: 'Known Artist',
  type: 'SINGER',
  background_color: '#fedcba',
  sort: 4242,
  attribute: JSON.stringify({
    links: [
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@known' },
      { type: 'BROKEN' },
      { type: 'OFFICIAL', url: 'https://example.com/known', label: '公式' },
    ],
  }),
});

let api: ApiTest;
const ids = { artist: 0, open: 0, upcoming: 0, startsNow: 0, endsNow: 0, twoOpen: 0, openRound: 0, startsNowRound: 0, earlierRound: 0, pastRound: 0 };

const KNOWN_CONTENTS = { goodsCount: 4, guaranteed: [{ ja: 'アクリルスタンド', en: 'Acrylic stand' }, { ja: '缶バッジ', en: null }], limitedCount: 1 };

beforeAll(async () => {
  api = await startApi();
  const { db } = api;
  ids.artist = await insertArtist(db, KNOWN_ARTIST, ['re-box']);
  const plan = (name: string, sort: number, price = 5500, preTax = 5000) =>
    insertPlan(db, buildPlan(ids.artist, { name, sort, price, pre_tax_price: preTax }));
  ids.open = await plan('OPEN', 1, 3300, 3000);
  ids.upcoming = await insertPlan(db, buildPlan(ids.artist, {
    name: 'UPCOMING', sort: 2, price: 5500, pre_tax_price: 5000,
    name_en: 'Upcoming plan', attention_en: 'Notes in English', contents: JSON.stringify(KNOWN_CONTENTS),
  }));
  ids.startsNow = await plan('STARTS_NOW', 3);
  ids.endsNow = await plan('ENDS_NOW', 4);
  ids.twoOpen = await plan('TWO_OPEN', 5);
  ids.pastRound = await insertRound(db, buildRound(ids.open, daysFromNow(-60), daysFromNow(-30), daysFromNow(-20), '過去の回'));
  await insertGoods(db, ids.pastRound, ['過去のアクスタ', '過去の缶バッジ']);
  ids.openRound = await insertRound(db, buildRound(ids.open, daysFromNow(-1), daysFromNow(10), daysFromNow(30), '受付中の回'));
  await insertGoods(db, ids.openRound, ['まだ秘密のグッズ']);
  // Malformed contents (a hand-edited row) read as "not described", never as a broken page.
  await db.updateTable('plans').set({ contents: JSON.stringify({ goodsCount: 'many' }) }).where('id', '=', ids.endsNow).execute();
  await insertRound(db, buildRound(ids.upcoming, daysFromNow(1), daysFromNow(20), daysFromNow(40)));
  ids.startsNowRound = await insertRound(db, buildRound(ids.startsNow, NOW, daysFromNow(5), daysFromNow(35)));
  await insertRound(db, buildRound(ids.endsNow, daysFromNow(-5), NOW, daysFromNow(25)));
  await insertRound(db, buildRound(ids.twoOpen, daysFromNow(-3), daysFromNow(12), daysFromNow(42), 'later'));
  ids.earlierRound = await insertRound(db, buildRound(ids.twoOpen, daysFromNow(-2), minutesFromNow(1), daysFromNow(30), 'earlier'));
});

afterAll(async () => {
  await api?.database.destroy();
});

async function getDetail(path: string): Promise<ArtistDetail> {
  const res = await request(api.app).get(path);
  expect(res.status).toBe(200);
  return bodyOf<ArtistDetail>(res);
}

function planNamed(detail: ArtistDetail, name: string): Plan {
  const plan = detail.plans.find((p) => p.name === name);
  if (!plan) throw new Error(`no plan ${name} in ${detail.plans.map((p) => p.name).join(', ')}`);
  return plan;
}

describe('GET /api/artist/{slug}', () => {
  it('gives the fields of docs/spec.md §3, keeping only well-formed links', async () => {
    const detail = await getDetail('/api/artist/known_artist');
    const { plans, pastBoxes: _pastBoxes, ...artist } = detail;
    expect(artist).toEqual({
      id: ids.artist,
      name: 'ノウン・アーティスト',
      subName: 'Known Artist',
      slug: 'known_artist',
      description: 'テスト用のアーティストです。',
      icon: '/api/media/test/known_artist.svg',
      coverImage: '/api/media/test/known_artist-cover.svg',
      type: 'SINGER',
      attribute: {
        links: [
          { type: 'YOUTUBE', url: 'https://www.youtube.com/@known' },
          { type: 'OFFICIAL', url: 'https://example.com/known', label: '公式' },
        ],
      },
      copyright: '©Test',
      backgroundColor: '#fedcba',
      sort: 4242,
      isClose: false,
      tags: ['re-box'],
      descriptionEn: null,
      // The cheapest plan with a round open now: OPEN at ¥3,300, not the ¥5,500 ones.
      lowestPrice: { price: 3300, preTaxPrice: 3000, period: 1 },
    });
    expect(plans.map((p) => p.name)).toEqual(['OPEN', 'UPCOMING', 'STARTS_NOW', 'ENDS_NOW', 'TWO_OPEN']);
  });

  it('gives each plan its prices and the round open now', async () => {
    const open = planNamed(await getDetail('/api/artist/known_artist'), 'OPEN');
    expect(open).toEqual({
      id: ids.open,
      artistId: ids.artist,
      name: 'OPEN',
      attention: '注意事項',
      period: 1,
      price: 3300,
      preTaxPrice: 3000,
      sort: 1,
      displayType: 'NORMAL',
      currentOrder: {
        id: ids.openRound,
        planId: ids.open,
        name: '受付中の回',
        price: 3300,
        preTaxPrice: 3000,
        endDate: daysFromNow(10).toISOString(),
        shipDate: daysFromNow(30).toISOString(),
        isOpen: true,
      },
      nextOrder: null,
      nameEn: null,
      attentionEn: null,
      contents: null,
    });
  });

  it('gives what each tier contains and the operator\'s English, and null for malformed contents', async () => {
    const detail = await getDetail('/api/artist/known_artist');
    const upcoming = planNamed(detail, 'UPCOMING');
    expect(upcoming.contents).toEqual(KNOWN_CONTENTS);
    expect(upcoming.nameEn).toBe('Upcoming plan');
    expect(upcoming.attentionEn).toBe('Notes in English');
    expect(planNamed(detail, 'ENDS_NOW').contents).toBeNull();
  });

  it('gives the rounds whose delivery window closed with their goods, and keeps later goods a surprise', async () => {
    const { pastBoxes } = await getDetail('/api/artist/known_artist');
    expect(pastBoxes).toEqual([
      {
        id: ids.pastRound,
        planId: ids.open,
        planName: 'OPEN',
        planNameEn: null,
        name: '過去の回',
        shipDate: daysFromNow(-20).toISOString(),
        goods: [
          { id: expect.any(Number), name: '過去のアクスタ', description: '過去のアクスタの説明', image: '/api/media/goods/0.svg' },
          { id: expect.any(Number), name: '過去の缶バッジ', description: '過去の缶バッジの説明', image: '/api/media/goods/1.svg' },
        ],
      },
    ]);
    expect(JSON.stringify(pastBoxes)).not.toContain('まだ秘密のグッズ');
  });

  it('gives a closed demo artist its shipped rounds, newest first, each with goods', async () => {
    const closed = await api.db.selectFrom('artists').select('slug').where('is_close', '=', true).orderBy('sort').executeTakeFirstOrThrow();
    const detail = await getDetail(`/api/artist/${closed.slug}`);
    expect(detail.lowestPrice).toBeNull();
    expect(detail.pastBoxes.length).toBeGreaterThan(1);
    expect(detail.pastBoxes.every((b) => b.goods.length > 0 && Date.parse(b.shipDate) <= NOW.getTime())).toBe(true);
    const ships = detail.pastBoxes.map((b) => Date.parse(b.shipDate));
    expect(ships).toEqual([...ships].sort((a, b) => b - a));
  });

  it('takes a round as open from its start up to, not including, its deadline', async () => {
    const detail = await getDetail('/api/artist/known_artist');
    expect(planNamed(detail, 'UPCOMING').currentOrder).toBeNull();
    expect(planNamed(detail, 'STARTS_NOW').currentOrder?.id).toBe(ids.startsNowRound);
    expect(planNamed(detail, 'ENDS_NOW').currentOrder).toBeNull();
  });

  it('picks the open round with the earlier deadline', async () => {
    const twoOpen = planNamed(await getDetail('/api/artist/known_artist'), 'TWO_OPEN');
    expect(twoOpen.currentOrder).toMatchObject({ id: ids.earlierRound, name: 'earlier', isOpen: true });
  });

  it('names the round after the open one, where a subscription made now is next charged (issue 18)', async () => {
    const detail = await getDetail('/api/artist/known_artist');
    expect(planNamed(detail, 'TWO_OPEN').nextOrder).toMatchObject({ name: 'later', endDate: daysFromNow(12).toISOString() });
    // Nothing open yet: the next round is the coming one; past rounds never count.
    expect(planNamed(detail, 'UPCOMING').nextOrder).toMatchObject({ endDate: daysFromNow(20).toISOString(), isOpen: false });
    expect(planNamed(detail, 'STARTS_NOW').nextOrder).toBeNull();
  });

  it('keeps only plans with an open round with state=open, and all with state=all', async () => {
    const open = await getDetail('/api/artist/known_artist?state=open');
    expect(open.plans.map((p) => p.name)).toEqual(['OPEN', 'STARTS_NOW', 'TWO_OPEN']);
    expect(open.plans.every((p) => p.currentOrder?.isOpen === true)).toBe(true);
    const all = await getDetail('/api/artist/known_artist?state=all');
    expect(all.plans).toHaveLength(5);
  });

  it('answers for a closed demo artist too, whose rounds are all over', async () => {
    const closed = await api.db.selectFrom('artists').select('slug').where('is_close', '=', true).orderBy('sort').executeTakeFirstOrThrow();
    const detail = await getDetail(`/api/artist/${closed.slug}`);
    expect(detail.isClose).toBe(true);
    expect(detail.plans.length).toBeGreaterThan(0);
    expect(detail.plans.every((p) => p.currentOrder === null)).toBe(true);
    expect((await getDetail(`/api/artist/${closed.slug}?state=open`)).plans).toEqual([]);
  });

  it('answers 404 NOT_FOUND for an unknown slug', async () => {
    const body = expectApiError(await request(api.app).get('/api/artist/nobody_here'), 404, 'NOT_FOUND');
    expect(body.message).toBe('アーティストが見つかりません。');
  });

  it.each(['Bad%20Slug!', 'UPPER', '-dash-first', 'a'.repeat(101)])('answers 400 for the malformed slug %s', async (slug) => {
    expectApiError(await request(api.app).get(`/api/artist/${slug}`), 400, 'BAD_REQUEST', ['slug']);
  });

  it('answers 400 for a bad state', async () => {
    expectApiError(await request(api.app).get('/api/artist/known_artist?state=closed'), 400, 'BAD_REQUEST', ['state']);
  });

  // Regression: Express fails to decode the parameter and the error handler turns that into a 500.
  it('answers 400, not 500, for a malformed percent-encoding in the slug', async () => {
    expectApiError(await request(api.app).get('/api/artist/%E0%A4%A'), 400, 'BAD_REQUEST');
  });
});
