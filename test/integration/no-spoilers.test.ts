import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistDetail, OrderDetail, PlanOrderHistory } from '../../shared/api/types.ts';
import { contentsPublicAt, DELIVERY_WINDOW_DAYS } from '../../shared/spoilers.ts';
import { insertGoods } from './api-fixtures.ts';
import { secureCookie } from './billing-fixtures.ts';
import { historiesOf, newShopper, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Catalogue, type Shopper } from './api-user-plan-fixtures.ts';

/**
 * Issue 33, no spoilers: a round's goods reach nobody before they could have held the box. Every
 * place contents appear is asked before and after: the round's page, the artist page's past boxes
 * and the fan's own history, for the fan whose box is on its way, the fan whose box arrived, and a
 * visitor; then once the round's delivery window has closed.
 */
let api: AccountApi;
let shop: Catalogue;
const SHIP_DATE = new Date('2026-12-25T01:00:00Z');
const GOODS = ['ひみつのアクリルスタンド', 'ないしょの缶バッジ'];

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
  await insertGoods(api.db, shop.openRound.light, GOODS);
});
afterAll(async () => api?.close());

const roundPage = async () => (await request(api.app).get(`/api/plan/order/${shop.openRound.light}`).expect(200)).body as OrderDetail;
const pastBoxes = async () => ((await request(api.app).get(`/api/artist/${shop.slug}`).expect(200)).body as ArtistDetail).pastBoxes;
/** The fan's 注文履歴, signed in at the test clock's time (weeks after the sign-up's session). */
const historyOf = async (shopper: Shopper) =>
  ((await request(api.app).get('/api/planOrderHistory').set('cookie', await secureCookie(api, shopper.userId)).expect(200)).body as PlanOrderHistory[])[0];
const setStatus = async (shopper: Shopper, status: 'SHIPSTART' | 'DELIVERED') =>
  api.db.updateTable('plan_order_histories').set({ payment_status: status }).where('user_id', '=', shopper.userId).execute();

async function subscriber(): Promise<Shopper> {
  api.clock.now = new Date('2026-11-20T03:00:00Z');
  const shopper = await newShopper(api);
  expect((await subscribe(api, shopper, { planId: shop.light, count: 1 })).status).toBe(201);
  return shopper;
}

describe('a round\'s contents', () => {
  it('stay a surprise everywhere while boxes are on their way, open to a fan when theirs arrives, and to everyone when the window closes', async () => {
    const onTheWay = await subscriber();
    const arrived = await subscriber();
    // The day after the ship date: the boxes have left, none of them arrived yet.
    api.clock.now = new Date(SHIP_DATE.getTime() + 86_400_000);
    await setStatus(onTheWay, 'SHIPSTART');
    await setStatus(arrived, 'SHIPSTART');
    expect((await roundPage()).goods).toBeNull();
    expect((await pastBoxes()).map((b) => b.id)).not.toContain(shop.openRound.light);
    expect((await historyOf(onTheWay))?.contents).toBeNull();
    expect((await historyOf(arrived))?.contents).toBeNull();

    // One box arrives: its fan sees what was inside, with pictures; nobody else does yet.
    await setStatus(arrived, 'DELIVERED');
    expect((await historyOf(arrived))?.contents?.map((g) => g.name)).toEqual(GOODS);
    expect((await historyOf(onTheWay))?.contents).toBeNull();
    expect((await roundPage()).goods).toBeNull();
    expect((await pastBoxes()).map((b) => b.id)).not.toContain(shop.openRound.light);

    // A second before the window closes, still a surprise; at its close, the box is in the past boxes for all.
    const opens = contentsPublicAt(SHIP_DATE);
    expect(opens.getTime() - SHIP_DATE.getTime()).toBe(DELIVERY_WINDOW_DAYS * 86_400_000);
    api.clock.now = new Date(opens.getTime() - 1000);
    expect((await roundPage()).goods).toBeNull();
    api.clock.now = opens;
    expect((await roundPage()).goods?.map((g) => g.name)).toEqual(GOODS);
    expect((await pastBoxes()).find((b) => b.id === shop.openRound.light)?.goods.map((g) => g.name)).toEqual(GOODS);
    // A box with no delivery record is open to its fan then too.
    expect((await historyOf(onTheWay))?.contents?.map((g) => g.name)).toEqual(GOODS);
  });

  it('never reach a fan in a mail, and never a box that was not paid', async () => {
    const shopper = await subscriber();
    const [row] = await historiesOf(api, shopper.userId);
    await api.db.updateTable('plan_order_histories').set({ payment_status: 'CANCEL' }).where('id', '=', row!.id).execute();
    api.clock.now = contentsPublicAt(SHIP_DATE);
    expect((await historyOf(shopper))?.contents).toBeNull();
    // Every mail the shop sent this fan (its confirmation among them), as the console opens it.
    const mails = await api.db.selectFrom('mail_log').select(['subject', 'body_text']).where('user_id', '=', shopper.userId).execute();
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) for (const name of GOODS) expect(`${mail.subject} ${mail.body_text ?? ''}`).not.toContain(name);
  });
});
