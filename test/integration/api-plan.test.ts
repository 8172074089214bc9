import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, PlanDetail } from '../../shared/api/types.ts';
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
  startApi,
  type ApiTest,
} from './api-fixtures.ts';

const KNOWN_ARTIST = buildArtist({ slug: 'known-plan-artist', name: 'プランのアーティスト', type: 'GAME' });
const KNOWN_PLAN = { name: 'KNOWN プレミアム', price: 11000, pre_tax_price: 10000, period: 3, display_type: 'SPECIAL' } as const;

let api: ApiTest;
const ids = { artist: 0, plan: 0, emptyPlan: 0, shipped: 0, shipsNow: 0, open: 0, future: 0 };

beforeAll(async () => {
  api = await startApi();
  const { db } = api;
  ids.artist = await insertArtist(db, KNOWN_ARTIST);
  ids.plan = await insertPlan(db, buildPlan(ids.artist, KNOWN_PLAN));
  ids.emptyPlan = await insertPlan(db, buildPlan(ids.artist, { name: 'KNOWN 空', sort: 2 }));
  ids.shipped = await insertRound(db, buildRound(ids.plan, daysFromNow(-90), daysFromNow(-60), daysFromNow(-30), '発送済みの回'));
  ids.shipsNow = await insertRound(db, buildRound(ids.plan, daysFromNow(-40), daysFromNow(-20), NOW, '今日発送の回'));
  ids.open = await insertRound(db, buildRound(ids.plan, daysFromNow(-5), daysFromNow(10), daysFromNow(40), '受付中の回'));
  ids.future = await insertRound(db, buildRound(ids.plan, daysFromNow(11), daysFromNow(41), daysFromNow(71), '次の回'));
  await insertGoods(db, ids.shipped, ['アクリルスタンド', '缶バッジ']);
  await insertGoods(db, ids.shipsNow, ['ブロマイド']);
  await insertGoods(db, ids.open, ['ひみつのグッズ']);
});

afterAll(async () => {
  await api?.database.destroy();
});

describe('GET /api/plan/{id}', () => {
  it('gives the plan with its artist, current round and rounds, latest shipment first', async () => {
    const res = await request(api.app).get(`/api/plan/${ids.plan}`);
    expect(res.status).toBe(200);
    const plan = bodyOf<PlanDetail>(res);
    expect(plan).toMatchObject({
      id: ids.plan,
      artistId: ids.artist,
      name: 'KNOWN プレミアム',
      price: 11000,
      preTaxPrice: 10000,
      period: 3,
      displayType: 'SPECIAL',
    });
    expect(plan.artist).toMatchObject({ id: ids.artist, slug: 'known-plan-artist', name: 'プランのアーティスト', type: 'GAME' });
    expect(plan.currentOrder).toMatchObject({ id: ids.open, name: '受付中の回', isOpen: true, endDate: daysFromNow(10).toISOString() });
    expect(plan.orders.map((o) => o.id)).toEqual([ids.future, ids.open, ids.shipsNow, ids.shipped]);
    expect(plan.orders.map((o) => o.isOpen)).toEqual([false, true, false, false]);
  });

  it('gives a plan without rounds an empty history and no current round', async () => {
    const res = await request(api.app).get(`/api/plan/${ids.emptyPlan}`);
    expect(res.status).toBe(200);
    expect(bodyOf<PlanDetail>(res)).toMatchObject({ id: ids.emptyPlan, currentOrder: null, orders: [] });
  });

  it('agrees with a demo plan as stored', async () => {
    const row = await api.db.selectFrom('plans').selectAll().where('artist_id', '!=', ids.artist).orderBy('id').executeTakeFirstOrThrow();
    const plan = bodyOf<PlanDetail>(await request(api.app).get(`/api/plan/${row.id}`));
    expect(plan).toMatchObject({ id: row.id, artistId: row.artist_id, name: row.name, price: row.price, preTaxPrice: row.pre_tax_price });
    expect(plan.artist.id).toBe(row.artist_id);
  });

  it('answers 404 for an unknown plan', async () => {
    const body = expectApiError(await request(api.app).get('/api/plan/999999'), 404, 'NOT_FOUND');
    expect(body.message).toBe('プランが見つかりません。');
  });

  it.each(['abc', '0', '-3', '0x10', '1e1', '%2016', '99999999999'])('answers 400 for the id %s', async (id) => {
    expectApiError(await request(api.app).get(`/api/plan/${id}`), 400, 'BAD_REQUEST', ['planId']);
  });
});

describe('GET /api/plan/order/{id}', () => {
  async function getOrder(id: number): Promise<OrderDetail> {
    const res = await request(api.app).get(`/api/plan/order/${id}`);
    expect(res.status).toBe(200);
    return bodyOf<OrderDetail>(res);
  }

  it('keeps the goods a surprise (null) before the ship date', async () => {
    const order = await getOrder(ids.open);
    expect(order).toMatchObject({ id: ids.open, planId: ids.plan, name: '受付中の回', isOpen: true, goods: null });
    expect(order.plan).toMatchObject({ id: ids.plan, name: 'KNOWN プレミアム' });
    expect(order.plan).not.toHaveProperty('orders');
    expect(order.plan).not.toHaveProperty('artist');
    expect(order.artist).toMatchObject({ id: ids.artist, slug: 'known-plan-artist' });
    const stored = await api.db.selectFrom('order_goods').select('name').where('plan_order_id', '=', ids.open).execute();
    expect(stored).toEqual([{ name: 'ひみつのグッズ' }]);
    expect(JSON.stringify(order)).not.toContain('ひみつのグッズ');
  });

  it('shows a future round without goods', async () => {
    expect((await getOrder(ids.future)).goods).toBeNull();
  });

  it('shows the goods once the round has shipped, in their order', async () => {
    const order = await getOrder(ids.shipped);
    expect(order.isOpen).toBe(false);
    expect(order.goods).toEqual([
      { id: expect.any(Number), name: 'アクリルスタンド', description: 'アクリルスタンドの説明', image: '/api/media/goods/0.svg' },
      { id: expect.any(Number), name: '缶バッジ', description: '缶バッジの説明', image: '/api/media/goods/1.svg' },
    ]);
  });

  it('keeps a round\'s goods a surprise on its ship date, while its boxes are on their way (shared/spoilers.ts)', async () => {
    expect((await getOrder(ids.shipsNow)).goods).toBeNull();
    expect((await getOrder(ids.shipped)).goods?.map((g) => g.name)).toEqual(['アクリルスタンド', '缶バッジ']);
  });

  it('answers 404 for an unknown round and 400 for a malformed id', async () => {
    const body = expectApiError(await request(api.app).get('/api/plan/order/999999'), 404, 'NOT_FOUND');
    expect(body.message).toBe('受付回が見つかりません。');
    expectApiError(await request(api.app).get('/api/plan/order/abc'), 400, 'BAD_REQUEST', ['planOrderId']);
  });
});
