import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../../api/payment/sandbox/sandbox-provider.ts';
import type { UserPlanCreated, UserPlanWithTiers } from '../../shared/api/types.ts';
import { expectApiError } from './api-fixtures.ts';
import {
  historiesOf, newShopper, providerChargesOf, seedCatalogue, startSubscriptionApi, subscribe, userPlansOf,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';

/** POST/GET /api/userPlan: checkout charges once, whatever the clicks, tabs and retries. */
let api: AccountApi;
let shop: Catalogue;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
});
afterAll(async () => api?.close());

const key = (n: number) => `test-key-${n}-${Math.random().toString(36).slice(2, 10)}`;

describe('POST /api/userPlan', () => {
  let shopper: Shopper;
  let created: UserPlanCreated;

  it('creates the subscription and charges the open round once, with the shipping snapshot and a mail', async () => {
    shopper = await newShopper(api);
    const res = await subscribe(api, shopper, { planId: shop.light, count: 2 }, key(1));
    expect(res.status, res.text).toBe(201);
    created = res.body as UserPlanCreated;
    expect(created.appliesFrom.label).toEqual({ ja: '12月号から', en: 'from the Dec 2026 box' });
    expect(created.history).toMatchObject({ price: 6600, shipFee: 660, fee: 0, total: 3300 * 2 + 660, paymentStatus: 'SUCCESS', paymentMethod: 'CARD' });
    expect(created.userPlan).toMatchObject({ count: 2, paused: false, nextRoundPaymentStatus: 'SUCCESS' });
    const [row] = await userPlansOf(api, shopper.userId);
    expect(row).toMatchObject({ plan_id: shop.light, count: 2, status: 'ACTIVE' });
    const histories = await historiesOf(api, shopper.userId);
    expect(histories).toHaveLength(1);
    expect(histories[0]).toMatchObject({
      plan_order_id: shop.openRound.light, payment_status: 'SUCCESS', payment_method: 'CARD', count: 2,
      price: 6600, pre_tax_price: 6000, ship_fee: 660, pre_tax_ship_fee: 600, fee: 0, total: 7260,
      ship_dest_name: '推野 花子', ship_zip: '1500002', ship_address: '東京都渋谷区渋谷', ship_address2: '2-24-12', ship_tel: '0312345678',
    });
    expect(histories[0]?.paid_at).not.toBeNull();
    expect(histories[0]?.charge_key).toMatch(/^uph-\d+-\d+-\d+$/);
    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('12月号'));
    // The round total with tax and shipping, as the pages state it, and its breakdown (issue 18).
    expect(mail.text).toContain('今回のお支払い（クレジットカード）: 1回のお届け（2箱） ¥7,260（税込・送料込）');
    expect(mail.text).toContain('商品（¥3,300 × 2箱） ¥6,600 ＋ 送料（1回分） ¥660');
    // The returns policy of the final confirmation screen, with the address to write to.
    expect(mail.text).toContain('返品・交換：');
    expect(mail.text).toContain('商品到着後8日以内');
    expect(mail.text).toContain('support@oshibox.example');
    expect(mail.text).toContain('12月号');
    expect(mail.html).toContain('12月号');
  });

  it('GET /api/userPlan lists it with the next round, its deadline, the price and its artist\'s tiers; count answers 2', async () => {
    const res = await request(api.app).get('/api/userPlan').set('cookie', shopper.cookie).expect(200);
    const [plan] = res.body as UserPlanWithTiers[];
    // Every plan of the artist, the subscribed one included, in sort order: what a change may pick.
    expect(plan?.tiers.map((t) => ({ id: t.id, price: t.price }))).toEqual([{ id: shop.light, price: 3300 }, { id: shop.premium, price: 5500 }]);
    expect(created.userPlan).not.toHaveProperty('tiers');
    expect(plan).toMatchObject({
      count: 2, artist: { slug: shop.slug }, plan: { id: shop.light }, appliesFrom: { ja: '12月号から' },
      nextRound: { id: shop.openRound.light, endDate: '2026-11-30T15:00:00.000Z' }, nextRoundSkipped: false,
      nextRoundCharge: { total: 7260 },
      // The open round was paid at checkout: the next charge is the round after, at its deadline (issue 18).
      nextBilledRound: { id: shop.nextRound.light, endDate: '2026-12-31T15:00:00.000Z' },
    });
    const count = await request(api.app).get(`/api/userPlan/count/${shop.light}`).set('cookie', shopper.cookie).expect(200);
    expect(count.body).toEqual({ count: 2, joinsParcel: false });
    const none = await request(api.app).get(`/api/userPlan/count/${shop.premium}`).set('cookie', shopper.cookie).expect(200);
    // Another plan's open round ships with the paid box: the checkout page would price it without shipping (同梱).
    expect(none.body).toEqual({ count: 0, joinsParcel: true });
  });

  it('a second checkout of the same plan (another key) is refused: change the count in My plans', async () => {
    const res = await subscribe(api, shopper, { planId: shop.light }, key(2));
    const error = expectApiError(res, 409, 'ALREADY_SUBSCRIBED');
    expect(error.message).toContain('プラン管理');
    expect(await historiesOf(api, shopper.userId)).toHaveLength(1);
  });
});

describe('the total the page showed (issue 30)', () => {
  it('refuses another total with 409 naming expectedTotal and the amount it would be; nothing is created or charged', async () => {
    const shopper = await newShopper(api);
    // Two premium boxes are ¥11,000 + ¥660 shipping: a page that still said one box showed ¥6,160.
    const res = await subscribe(api, shopper, { planId: shop.premium, count: 2, expectedTotal: 6160 }, key(20));
    const error = expectApiError(res, 409, 'TOTAL_CHANGED', ['expectedTotal']);
    expect(error.message).toContain('現在の金額は1回のお届け（2箱） ¥11,660（税込・送料込）です');
    expect(error.messageEn).toContain('It is now ¥11,660 (tax and shipping incl.)');
    expect(await userPlansOf(api, shopper.userId)).toEqual([]);
    expect(await historiesOf(api, shopper.userId)).toEqual([]);
    expect(await providerChargesOf(api, shopper.userId)).toEqual([]);
    // The page, shown the amount, sends it with a new key: charged what it said.
    const ok = await subscribe(api, shopper, { planId: shop.premium, count: 2, expectedTotal: 11660 }, key(21));
    expect(ok.status, ok.text).toBe(201);
    expect((await providerChargesOf(api, shopper.userId)).map((c) => c.amount)).toEqual([11660]);
  });

  it('refuses the total of a price changed since the page was drawn, naming the new amount', async () => {
    const shopper = await newShopper(api);
    const round = shop.openRound.premium;
    await api.db.updateTable('plan_orders').set({ price: 6600, pre_tax_price: 6000 }).where('id', '=', round).execute();
    try {
      const res = await subscribe(api, shopper, { planId: shop.premium, count: 1, expectedTotal: 6160 }, key(22));
      const error = expectApiError(res, 409, 'TOTAL_CHANGED', ['expectedTotal']);
      expect(error.message).toContain('1回のお届け ¥7,260（税込・送料込）');
      expect(await historiesOf(api, shopper.userId)).toEqual([]);
      expect(await providerChargesOf(api, shopper.userId)).toEqual([]);
    } finally {
      await api.db.updateTable('plan_orders').set({ price: 5500, pre_tax_price: 5000 }).where('id', '=', round).execute();
    }
  });

  it('a total that is not a whole number of yen is a 400 naming the field', async () => {
    const shopper = await newShopper(api);
    expectApiError(await subscribe(api, shopper, { planId: shop.premium, expectedTotal: '6160円' }, key(23)), 400, 'BAD_REQUEST', ['expectedTotal']);
  });
});

describe('idempotency', () => {
  it('the same key twice in sequence answers the first result again; one subscription, one charge', async () => {
    const shopper = await newShopper(api);
    const k = key(3);
    const first = await subscribe(api, shopper, { planId: shop.light }, k);
    const second = await subscribe(api, shopper, { planId: shop.light }, k);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await userPlansOf(api, shopper.userId)).toHaveLength(1);
    expect(await historiesOf(api, shopper.userId)).toHaveLength(1);
    expect(await providerChargesOf(api, shopper.userId)).toEqual([expect.objectContaining({ status: 'succeeded', amount: 3960 })]);
  });

  it('the same key twice in parallel (a double click): one subscription, one charge, the same answer', async () => {
    const shopper = await newShopper(api);
    const k = key(4);
    const [a, b] = await Promise.all([subscribe(api, shopper, { planId: shop.light }, k), subscribe(api, shopper, { planId: shop.light }, k)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect(await userPlansOf(api, shopper.userId)).toHaveLength(1);
    expect(await historiesOf(api, shopper.userId)).toHaveLength(1);
    expect(await providerChargesOf(api, shopper.userId)).toHaveLength(1);
  });

  it('the key in the body works like the header', async () => {
    const shopper = await newShopper(api);
    const k = key(5);
    const a = await subscribe(api, shopper, { planId: shop.light, idempotencyKey: k });
    const b = await subscribe(api, shopper, { planId: shop.light, idempotencyKey: k });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await historiesOf(api, shopper.userId)).toHaveLength(1);
  });

  it('the same key with another body is refused with 422 and a clear message', async () => {
    const shopper = await newShopper(api);
    const k = key(6);
    expect((await subscribe(api, shopper, { planId: shop.light }, k)).status).toBe(201);
    const res = await subscribe(api, shopper, { planId: shop.premium }, k);
    const error = expectApiError(res, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(error.message).toContain('別の内容');
    expect(error.messageEn).toContain('different request');
    expect(await userPlansOf(api, shopper.userId)).toHaveLength(1);
  });

  it('two tabs (two keys) at once for the same plan: one subscription, one charge, the other told why', async () => {
    const shopper = await newShopper(api);
    const results = await Promise.all([subscribe(api, shopper, { planId: shop.light }, key(7)), subscribe(api, shopper, { planId: shop.light }, key(8))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409);
    // The loser sees the other checkout still charging, or already done: either way a 409 saying so.
    expect(['IN_PROGRESS', 'ALREADY_SUBSCRIBED']).toContain((refused?.body as { code: string }).code);
    expect((await userPlansOf(api, shopper.userId)).filter((r) => r.status === 'ACTIVE')).toHaveLength(1);
    expect(await historiesOf(api, shopper.userId)).toHaveLength(1);
    expect(await providerChargesOf(api, shopper.userId)).toHaveLength(1);
  });

  it('a key header that is not a key is a 400 naming it', async () => {
    const shopper = await newShopper(api, null);
    expectApiError(await subscribe(api, shopper, { planId: shop.light }, 'short'), 400, 'BAD_REQUEST', ['idempotency-key']);
  });
});

describe('refusals name the fix', () => {
  it('without a session: 401', async () => {
    const res = await request(api.app).post('/api/userPlan').send({ planId: shop.light });
    expectApiError(res, 401, 'UNAUTHORIZED');
  });

  it('no payment method: 409 naming the payment page, nothing created', async () => {
    const shopper = await newShopper(api, null);
    const error = expectApiError(await subscribe(api, shopper, { planId: shop.light }, key(9)), 409, 'PAYMENT_METHOD_REQUIRED');
    expect(error.message).toContain('お支払い方法の設定');
    expect(error.messageEn).toContain('Payment method');
    expect(await userPlansOf(api, shopper.userId)).toHaveLength(0);
  });

  it('no delivery address: 409 naming the address page', async () => {
    const shopper = await newShopper(api);
    await api.db.updateTable('users').set({ address2: '' }).where('id', '=', shopper.userId).execute();
    const error = expectApiError(await subscribe(api, shopper, { planId: shop.light }, key(10)), 409, 'ADDRESS_REQUIRED');
    expect(error.message).toContain('お届け先');
    expect(await userPlansOf(api, shopper.userId)).toHaveLength(0);
  });

  it('a closed artist, a plan without an open round, an unknown plan', async () => {
    const shopper = await newShopper(api);
    expect(expectApiError(await subscribe(api, shopper, { planId: shop.closedPlan }), 409, 'ARTIST_CLOSED').message).toContain('終了');
    expect(expectApiError(await subscribe(api, shopper, { planId: shop.noRoundPlan }), 409, 'NO_OPEN_ROUND').messageEn).toContain('no round open');
    expectApiError(await subscribe(api, shopper, { planId: 999_999 }), 404, 'NOT_FOUND');
    expect(await userPlansOf(api, shopper.userId)).toHaveLength(0);
  });

  it('a declined card leaves no subscription and says what to do', async () => {
    const shopper = await newShopper(api, '4000000000000341');
    const error = expectApiError(await subscribe(api, shopper, { planId: shop.light }, key(11)), 402, 'PAYMENT_DECLINED');
    expect(error.message).toContain('お申し込みは作成されていません');
    expect(error.messageEn).toContain('Payment method');
    const list = await request(api.app).get('/api/userPlan').set('cookie', shopper.cookie).expect(200);
    expect(list.body).toEqual([]);
    const [history] = await historiesOf(api, shopper.userId);
    expect(history?.payment_status).toBe('ERROR');
    const count = await request(api.app).get(`/api/userPlan/count/${shop.light}`).set('cookie', shopper.cookie).expect(200);
    expect(count.body).toEqual({ count: 0, joinsParcel: false });
  });

  it.each([
    [{ planId: 'x' }, 'planId'],
    [{ planId: 1, count: 0 }, 'count'],
    [{ planId: 1, count: 6 }, 'count'],
    [{ planId: 1, extra: true }, 'extra'],
    [{}, 'planId'],
  ])('a bad body %j is a 400 naming %s', async (body, field) => {
    const shopper = await newShopper(api, null);
    expectApiError(await subscribe(api, shopper, body), 400, 'BAD_REQUEST', [field]);
  });

  it('GET count with a bad id is a 400; without a session 401', async () => {
    const shopper = await newShopper(api, null);
    expectApiError(await request(api.app).get('/api/userPlan/count/abc').set('cookie', shopper.cookie), 400, 'BAD_REQUEST');
    expectApiError(await request(api.app).get('/api/userPlan'), 401, 'UNAUTHORIZED');
  });
});

describe('a checkout that died between reserving and recording (crash, provider timeout)', () => {
  async function strandedCheckout(shopper: Shopper): Promise<string> {
    const at = new Date(api.clock.now.getTime() - 3 * 60_000);
    const up = await api.db.insertInto('user_plans').values({ user_id: shopper.userId, plan_id: shop.light, count: 1, status: 'PENDING', created_at: at, updated_at: at })
      .returning('id').executeTakeFirstOrThrow();
    const chargeKey = `uph-${up.id}-${shop.openRound.light}-stranded`;
    await api.db.insertInto('plan_order_histories').values({
      user_id: shopper.userId, user_plan_id: up.id, plan_order_id: shop.openRound.light, plan_id: shop.light, payment_method: 'CARD',
      count: 1, price: 3300, pre_tax_price: 3000, ship_fee: 660, pre_tax_ship_fee: 600, total: 3960, ship_src_name: 'OshiBox',
      ship_zip: '1500002', ship_address: '東京都渋谷区渋谷', ship_address2: '2-24-12', ship_dest_name: '推野 花子', ship_tel: '0312345678',
      charge_key: chargeKey, created_at: at, updated_at: at,
    }).execute();
    return chargeKey;
  }

  it('never reached the provider: settled as failed, and the new checkout charges once', async () => {
    const shopper = await newShopper(api);
    await strandedCheckout(shopper);
    const res = await subscribe(api, shopper, { planId: shop.light }, key(20));
    expect(res.status, res.text).toBe(201);
    expect((await userPlansOf(api, shopper.userId)).map((r) => r.status)).toEqual(['FAILED', 'ACTIVE']);
    expect((await historiesOf(api, shopper.userId)).map((h) => h.payment_status)).toEqual(['ERROR', 'SUCCESS']);
    expect(await providerChargesOf(api, shopper.userId)).toHaveLength(1);
  });

  it('charged at the provider: looked up by its order key and recorded, never charged again', async () => {
    const shopper = await newShopper(api);
    const chargeKey = await strandedCheckout(shopper);
    const [card] = await api.db.selectFrom('user_cards').select('token').where('user_id', '=', shopper.userId).execute();
    const sandbox = createSandboxProvider({ db: api.db, now: () => api.clock.now });
    await sandbox.charge({ orderKey: chargeKey, userId: shopper.userId, amount: 3960, description: 'test', source: { kind: 'card', token: card?.token ?? '' } });
    const res = await subscribe(api, shopper, { planId: shop.light }, key(21));
    expectApiError(res, 409, 'ALREADY_SUBSCRIBED');
    expect((await userPlansOf(api, shopper.userId)).map((r) => r.status)).toEqual(['ACTIVE']);
    expect((await historiesOf(api, shopper.userId)).map((h) => h.payment_status)).toEqual(['SUCCESS']);
    expect(await providerChargesOf(api, shopper.userId)).toHaveLength(1);
  });

  it('a younger one is still charging: 409 IN_PROGRESS, and the key stays free for a retry', async () => {
    const shopper = await newShopper(api);
    await api.db.insertInto('user_plans').values({ user_id: shopper.userId, plan_id: shop.light, count: 1, status: 'PENDING', created_at: api.clock.now, updated_at: api.clock.now }).execute();
    const k = key(22);
    expectApiError(await subscribe(api, shopper, { planId: shop.light }, k), 409, 'IN_PROGRESS');
    const stored = await api.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', shopper.userId).execute();
    expect(stored).toEqual([]);
  });

  it('past the provider deadline with an exact look-up (the sandbox): settled, not kept waiting for a search lag', async () => {
    const shopper = await newShopper(api);
    const at = new Date(api.clock.now.getTime() - 30_000);
    await api.db.insertInto('user_plans').values({ user_id: shopper.userId, plan_id: shop.light, count: 1, status: 'PENDING', created_at: at, updated_at: at }).execute();
    const res = await subscribe(api, shopper, { planId: shop.light }, key(23));
    expect(res.status, res.text).toBe(201);
    expect((await userPlansOf(api, shopper.userId)).map((r) => r.status)).toEqual(['FAILED', 'ACTIVE']);
  });
});

describe('a provider whose look-up lags (Stripe\'s search, up to a minute)', () => {
  let lagging: AccountApi;
  let lagShop: Catalogue;
  beforeAll(async () => {
    lagging = await startSubscriptionApi({ paymentProvider: (deps) => ({ ...createSandboxProvider(deps), lookupLagMs: 60_000 }) });
    lagShop = await seedCatalogue(lagging.db);
  });
  afterAll(async () => lagging?.close());

  it('70 seconds old is still in progress: the search may not find its charge yet', async () => {
    const shopper = await newShopper(lagging);
    const at = new Date(lagging.clock.now.getTime() - 70_000);
    await lagging.db.insertInto('user_plans').values({ user_id: shopper.userId, plan_id: lagShop.light, count: 1, status: 'PENDING', created_at: at, updated_at: at }).execute();
    expectApiError(await subscribe(lagging, shopper, { planId: lagShop.light }, key(24)), 409, 'IN_PROGRESS');
  });
});

describe('idempotency keys stay bounded', () => {
  it('a key older than a day is dropped when the user sends the next one', async () => {
    const shopper = await newShopper(api, null);
    const old = new Date(api.clock.now.getTime() - 25 * 60 * 60_000);
    await api.db.insertInto('idempotency_keys').values({ user_id: shopper.userId, key: 'yesterday-key', request_hash: 'x', created_at: old }).execute();
    await subscribe(api, shopper, { planId: shop.light }, key(30));
    const keys = await api.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', shopper.userId).execute();
    expect(keys.map((k) => k.key)).not.toContain('yesterday-key');
    expect(keys).toHaveLength(1);
  });
});
