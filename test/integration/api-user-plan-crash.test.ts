import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_AFTER_MS, requestHash } from '../../api/user-plan/idempotency.ts';
import { createSandboxProvider } from '../../api/payment/sandbox/sandbox-provider.ts';
import type { UserPlanCreated } from '../../shared/api/types.ts';
import { expectApiError } from './api-fixtures.ts';
import { runPass } from './billing-fixtures.ts';
import {
  historiesOf, newShopper, providerChargesOf, seedCatalogue, startSubscriptionApi, subscribe, userPlansOf,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';

/**
 * Issue 22: the API copy running a checkout is killed -9. What it leaves (an unanswered key, a
 * subscription ACTIVE or PENDING, a charge or none) is written here as the dead request would
 * have; the shopper's retry with the same key must get a final answer and be charged once.
 */
let api: AccountApi;
let shop: Catalogue;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
});
afterAll(async () => api?.close());

const key = (n: number) => `crash-key-${n}-${Math.random().toString(36).slice(2, 10)}`;
const BODY = { planId: 0, count: 1 };
const bodyOf = () => ({ ...BODY, planId: shop.light });

type Left = { status: 'ACTIVE' | 'PENDING'; charged: boolean; declined?: boolean };

/** The rows a checkout killed after reserving leaves, its key claimed `ageMs` ago with no answer. */
async function deadCheckout(shopper: Shopper, k: string, left: Left, ageMs = ABANDONED_AFTER_MS + 1_000) {
  const at = new Date(api.clock.now.getTime() - ageMs);
  const up = await api.db.insertInto('user_plans').values({ user_id: shopper.userId, plan_id: shop.light, count: 1, status: left.status, created_at: at, updated_at: at })
    .returning('id').executeTakeFirstOrThrow();
  const chargeKey = `uph-${up.id}-${shop.openRound.light}-dead`;
  await api.db.insertInto('plan_order_histories').values({
    user_id: shopper.userId, user_plan_id: up.id, plan_order_id: shop.openRound.light, plan_id: shop.light, payment_method: 'CARD',
    count: 1, price: 3300, pre_tax_price: 3000, ship_fee: 660, pre_tax_ship_fee: 600, total: 3960, ship_src_name: 'OshiBox',
    ship_zip: '1500002', ship_address: '東京都渋谷区渋谷', ship_address2: '2-24-12', ship_dest_name: '推野 花子', ship_tel: '0312345678',
    charge_key: chargeKey, created_at: at, updated_at: at,
    ...(left.status === 'ACTIVE' ? { payment_status: 'SUCCESS' as const, paid_at: at } : {}),
  }).execute();
  if (left.charged) await chargeAtSandbox(shopper, chargeKey, left.declined ? 'a-token-the-sandbox-never-issued' : undefined);
  await api.db.insertInto('idempotency_keys')
    .values({ user_id: shopper.userId, key: k, request_hash: requestHash(bodyOf()), created_at: at, user_plan_id: up.id }).execute();
  return up.id;
}

/** The charge the dead request made; a token the sandbox does not know is declined. */
async function chargeAtSandbox(shopper: Shopper, orderKey: string, token?: string) {
  const [card] = await api.db.selectFrom('user_cards').select('token').where('user_id', '=', shopper.userId).execute();
  const sandbox = createSandboxProvider({ db: api.db, now: () => api.clock.now });
  await sandbox.charge({ orderKey, userId: shopper.userId, amount: 3960, description: 'test', source: { kind: 'card', token: token ?? card?.token ?? '' } });
}

const keyRow = (shopper: Shopper, k: string) =>
  api.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', shopper.userId).where('key', '=', k).executeTakeFirst();

describe('the same key after the checkout\'s API copy died', () => {
  it('charged and ACTIVE, never answered: 201 with the same subscription and charge, still one charge, a mail', async () => {
    const shopper = await newShopper(api);
    const k = key(1);
    const userPlanId = await deadCheckout(shopper, k, { status: 'ACTIVE', charged: true });
    const res = await subscribe(api, shopper, bodyOf(), k);
    expect(res.status, res.text).toBe(201);
    const created = res.body as UserPlanCreated;
    expect(created.userPlan.id).toBe(userPlanId);
    expect(created.history).toMatchObject({ total: 3960, paymentStatus: 'SUCCESS', paymentMethod: 'CARD' });
    expect(created.appliesFrom.label).toEqual({ ja: '12月号から', en: 'from the Dec 2026 box' });
    expect((await userPlansOf(api, shopper.userId)).map((r) => r.status)).toEqual(['ACTIVE']);
    expect(await providerChargesOf(api, shopper.userId)).toHaveLength(1);
    expect((await keyRow(shopper, k))?.response_status).toBe(201);
    const again = await subscribe(api, shopper, bodyOf(), k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(created);
    await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('12月号'));
  });

  it('two retries at once take the dead claim over once: both 201, the same answer, one charge', async () => {
    const shopper = await newShopper(api);
    const k = key(2);
    await deadCheckout(shopper, k, { status: 'ACTIVE', charged: true });
    const [a, b] = await Promise.all([subscribe(api, shopper, bodyOf(), k), subscribe(api, shopper, bodyOf(), k)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect(await providerChargesOf(api, shopper.userId)).toHaveLength(1);
  });

  it('PENDING and charged at the provider: looked up by its order key, 201 with that subscription, never charged again', async () => {
    const shopper = await newShopper(api);
    const k = key(3);
    const userPlanId = await deadCheckout(shopper, k, { status: 'PENDING', charged: true });
    const res = await subscribe(api, shopper, bodyOf(), k);
    expect(res.status, res.text).toBe(201);
    expect((res.body as UserPlanCreated).userPlan.id).toBe(userPlanId);
    expect((await userPlansOf(api, shopper.userId)).map((r) => r.status)).toEqual(['ACTIVE']);
    expect((await historiesOf(api, shopper.userId)).map((h) => h.payment_status)).toEqual(['SUCCESS']);
    expect(await providerChargesOf(api, shopper.userId)).toHaveLength(1);
  });

  it('PENDING and never charged: settled as failed, and the retry checks out anew, charged once', async () => {
    const shopper = await newShopper(api);
    const k = key(4);
    await deadCheckout(shopper, k, { status: 'PENDING', charged: false });
    const res = await subscribe(api, shopper, bodyOf(), k);
    expect(res.status, res.text).toBe(201);
    const plans = await userPlansOf(api, shopper.userId);
    expect(plans.map((r) => r.status)).toEqual(['FAILED', 'ACTIVE']);
    expect((res.body as UserPlanCreated).userPlan.id).toBe(plans[1]?.id);
    expect((await historiesOf(api, shopper.userId)).map((h) => h.payment_status)).toEqual(['ERROR', 'SUCCESS']);
    const charges = await providerChargesOf(api, shopper.userId);
    expect(charges.map((c) => c.status)).toEqual(['succeeded']);
    expect(await keyRow(shopper, k)).toMatchObject({ response_status: 201, user_plan_id: plans[1]?.id });
  });

  it('PENDING and declined at the provider: the decline the first request owed (402), stored for the key; nothing charged', async () => {
    const shopper = await newShopper(api);
    const k = key(5);
    await deadCheckout(shopper, k, { status: 'PENDING', charged: true, declined: true });
    expectApiError(await subscribe(api, shopper, bodyOf(), k), 402, 'PAYMENT_DECLINED');
    expect((await userPlansOf(api, shopper.userId)).map((r) => r.status)).toEqual(['FAILED']);
    expect((await providerChargesOf(api, shopper.userId)).filter((c) => c.status === 'succeeded')).toEqual([]);
    expect((await keyRow(shopper, k))?.response_status).toBe(402);
  });

  it('charged, then cancelled in My plans before the retry: the 201 it owed, never a second subscription', async () => {
    const shopper = await newShopper(api);
    const k = key(10);
    const userPlanId = await deadCheckout(shopper, k, { status: 'ACTIVE', charged: true });
    await api.db.updateTable('user_plans').set({ status: 'CANCELLED' }).where('id', '=', userPlanId).execute();
    const res = await subscribe(api, shopper, bodyOf(), k);
    expect(res.status, res.text).toBe(201);
    expect((res.body as UserPlanCreated).userPlan.id).toBe(userPlanId);
    expect((await userPlansOf(api, shopper.userId)).map((r) => r.status)).toEqual(['CANCELLED']);
    expect(await providerChargesOf(api, shopper.userId)).toHaveLength(1);
  });

  it('died before reserving (no subscription on the key): the retry is a new checkout, charged once', async () => {
    const shopper = await newShopper(api);
    const k = key(6);
    const at = new Date(api.clock.now.getTime() - ABANDONED_AFTER_MS - 1_000);
    await api.db.insertInto('idempotency_keys').values({ user_id: shopper.userId, key: k, request_hash: requestHash(bodyOf()), created_at: at }).execute();
    const res = await subscribe(api, shopper, bodyOf(), k);
    expect(res.status, res.text).toBe(201);
    expect(await providerChargesOf(api, shopper.userId)).toHaveLength(1);
  });

  it('a claim younger than the threshold is a live checkout: waited for, then 409 IN_PROGRESS before the web proxy gives up (10 s)', async () => {
    const shopper = await newShopper(api);
    const k = key(7);
    await deadCheckout(shopper, k, { status: 'PENDING', charged: false }, ABANDONED_AFTER_MS - 5_000);
    const started = Date.now();
    expectApiError(await subscribe(api, shopper, bodyOf(), k), 409, 'IN_PROGRESS');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await keyRow(shopper, k))?.response_status).toBeNull();
    expect((await userPlansOf(api, shopper.userId)).map((r) => r.status)).toEqual(['PENDING']);
  }, 20_000);
});

describe('a shopper who never retries', () => {
  it('the billing pass settles stranded checkouts from the provider: the charged one paid and ACTIVE, the uncharged one FAILED; nothing charged again', async () => {
    const charged = await newShopper(api);
    const uncharged = await newShopper(api);
    const young = await newShopper(api);
    const chargedPlan = await deadCheckout(charged, key(20), { status: 'PENDING', charged: true });
    const unchargedPlan = await deadCheckout(uncharged, key(21), { status: 'PENDING', charged: false });
    // Younger than the provider's grace: it may still be charging, so the pass leaves it.
    const youngPlan = await deadCheckout(young, key(22), { status: 'PENDING', charged: false }, 1_000);
    const summary = await runPass(api);
    expect(summary.strandedCheckouts).toBeGreaterThanOrEqual(2);
    expect((await userPlansOf(api, charged.userId)).map((r) => [r.id, r.status])).toEqual([[chargedPlan, 'ACTIVE']]);
    expect((await historiesOf(api, charged.userId)).map((h) => h.payment_status)).toEqual(['SUCCESS']);
    expect((await providerChargesOf(api, charged.userId)).map((c) => c.status)).toEqual(['succeeded']);
    expect((await userPlansOf(api, uncharged.userId)).map((r) => [r.id, r.status])).toEqual([[unchargedPlan, 'FAILED']]);
    expect((await historiesOf(api, uncharged.userId)).map((h) => h.payment_status)).toEqual(['ERROR']);
    expect(await providerChargesOf(api, uncharged.userId)).toEqual([]);
    expect((await userPlansOf(api, young.userId)).map((r) => [r.id, r.status])).toEqual([[youngPlan, 'PENDING']]);
  });
});

describe('the answer is stored before the confirmation mail', () => {
  it('while the mail server hangs, the key already has its answer and a retry gets it', async () => {
    const shopper = await newShopper(api);
    const k = key(8);
    const send = api.mailer.send;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.mailer.send = async (mail) => {
      await gate;
      return send(mail);
    };
    try {
      const first = subscribe(api, shopper, bodyOf(), k).then((res) => res);
      const stored = await waitForAnswer(shopper, k);
      expect(stored).toBe(201);
      const retry = await subscribe(api, shopper, bodyOf(), k);
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      release();
      expect((await first).body).toEqual(retry.body);
    } finally {
      api.mailer.send = send;
      release();
    }
    expect(await providerChargesOf(api, shopper.userId)).toHaveLength(1);
  });
});

/** The key's stored status, polled (bounded) while the request is still running. */
async function waitForAnswer(shopper: Shopper, k: string): Promise<number | null> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = await keyRow(shopper, k);
    if (row?.response_status != null || Date.now() > deadline) return row?.response_status ?? null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a provider failure after the reservation keeps the key on its subscription', () => {
  let failing: AccountApi;
  let failShop: Catalogue;
  let failNext = false;
  beforeAll(async () => {
    failing = await startSubscriptionApi({
      paymentProvider: (deps) => {
        const sandbox = createSandboxProvider(deps);
        return { ...sandbox, charge: async (input) => {
          if (!failNext) return sandbox.charge(input);
          failNext = false;
          throw new Error('gateway unreachable (test)');
        } };
      },
    });
    failShop = await seedCatalogue(failing.db);
  });
  afterAll(async () => failing?.close());

  it('503, then the same key: in progress within the grace, then settled from the provider and charged once', async () => {
    const shopper = await newShopper(failing);
    const k = key(9);
    const body = { planId: failShop.light, count: 1 };
    failNext = true;
    expect((await subscribe(failing, shopper, body, k)).status).toBe(503);
    const [pending] = await userPlansOf(failing, shopper.userId);
    expect(pending?.status).toBe('PENDING');
    const kept = await failing.db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', shopper.userId).executeTakeFirst();
    expect(kept).toMatchObject({ key: k, response_status: null, user_plan_id: pending?.id });
    expectApiError(await subscribe(failing, shopper, body, k), 409, 'IN_PROGRESS');
    failing.clock.advance(60_000);
    const res = await subscribe(failing, shopper, body, k);
    expect(res.status, res.text).toBe(201);
    expect((await userPlansOf(failing, shopper.userId)).map((r) => r.status)).toEqual(['FAILED', 'ACTIVE']);
    expect((await providerChargesOf(failing, shopper.userId)).map((c) => c.status)).toEqual(['succeeded']);
  });
});
