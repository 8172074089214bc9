import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../../api/payment/sandbox/sandbox-provider.ts';
import type { ChargeRequest } from '../../api/payment/provider.ts';
import { expectApiError } from './api-fixtures.ts';
import { runPass } from './billing-fixtures.ts';
import {
  changePlan, historiesOf, newShopper, providerChargesOf, seedCatalogue, startSubscriptionApi, subscribe, userPlansOf,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';

/**
 * The cluster soak's failure (stops 37 and 38): a plan change on a paid round reserves the new
 * terms' row and marks the old charge as being replaced, then charges. When the gateway's answer
 * never came back (a kill -9, a connection cut after the charge), nothing settled the change: the
 * old row was no longer live, the new one stayed 決済処理中 forever, the box left every shipping
 * list, the plan kept its old terms, and the fan's retries got 409 for good. The billing pass now
 * settles such a change from the gateway's record, as it does a stranded checkout.
 */
type Fault = 'none' | 'after-charge' | 'before-charge';
let fault: Fault = 'none';
let api: AccountApi;
let shop: Catalogue;

beforeAll(async () => {
  api = await startSubscriptionApi({
    paymentProvider: (deps) => {
      const sandbox = createSandboxProvider(deps);
      return { ...sandbox, charge: async (input: ChargeRequest) => {
        const now = fault;
        fault = 'none';
        if (now === 'before-charge') throw new Error('gateway unreachable (test)');
        const result = await sandbox.charge(input);
        if (now === 'after-charge') throw new Error('connection reset after the charge (test)');
        return result;
      } };
    },
  });
  shop = await seedCatalogue(api.db);
});
afterAll(async () => api?.close());

const COUNT_2 = 2 * 3300 + 660;

async function subscribed(): Promise<Shopper> {
  api.clock.now = new Date('2026-11-20T03:00:00Z');
  const shopper = await newShopper(api);
  const res = await subscribe(api, shopper, { planId: shop.light, count: 1 });
  expect(res.status, res.text).toBe(201);
  return shopper;
}

/** A count change whose gateway call fails as `how` says: the fan sees 503. */
async function strandedChange(shopper: Shopper, how: Fault) {
  fault = how;
  const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, count: 2, action: 'change' });
  expect(res.status, res.text).toBe(503);
  const rows = await historiesOf(api, shopper.userId);
  expect(rows.map((h) => [h.payment_status, h.count, h.superseded_by === null])).toEqual([['SUCCESS', 1, false], ['BEFORE', 2, true]]);
  // Within the grace the change may still be under way: the fan is told so, nothing is decided.
  expectApiError(await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, count: 2, action: 'change' }), 409, 'IN_PROGRESS');
  await runPass(api);
  expect((await historiesOf(api, shopper.userId)).map((h) => h.payment_status)).toEqual(['SUCCESS', 'BEFORE']);
  api.clock.advance(60_000);
  await runPass(api);
  return historiesOf(api, shopper.userId);
}

describe('a plan change whose gateway answer never came back', () => {
  it('charged at the gateway: the billing pass completes the change, refunds the old charge and mails both amounts', async () => {
    const shopper = await subscribed();
    const rows = await strandedChange(shopper, 'after-charge');
    expect(rows.map((h) => [h.payment_status, h.count, h.total, h.superseded_by === null])).toEqual([
      ['CANCEL', 1, 3960, false], ['SUCCESS', 2, COUNT_2, true],
    ]);
    expect(rows[0]?.refund_status).toBe('refunded');
    expect((await userPlansOf(api, shopper.userId)).map((p) => [p.status, p.count])).toEqual([['ACTIVE', 2]]);
    // At the gateway: the old charge refunded in full, the new one kept. Charged once for the change.
    expect((await providerChargesOf(api, shopper.userId)).map((c) => [c.amount, c.refunded_amount]).sort()).toEqual([[3960, 3960], [COUNT_2, 0]]);
    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.text.includes('¥7,260') && m.text.includes('¥3,960'));
    expect(mail.text).toContain('12月号');
    // A second pass finds nothing more to do: no second refund, no second mail.
    await runPass(api);
    expect((await providerChargesOf(api, shopper.userId)).map((c) => c.refunded_amount).sort()).toEqual([0, 3960]);
  });

  it('never reached the gateway: the change is undone, the old charge is live again and nothing is taken', async () => {
    const shopper = await subscribed();
    const rows = await strandedChange(shopper, 'before-charge');
    expect(rows.map((h) => [h.payment_status, h.count, h.superseded_by])).toEqual([['SUCCESS', 1, null], ['ERROR', 2, null]]);
    expect((await userPlansOf(api, shopper.userId)).map((p) => [p.status, p.count])).toEqual([['ACTIVE', 1]]);
    expect((await providerChargesOf(api, shopper.userId)).map((c) => [c.amount, c.refunded_amount])).toEqual([[3960, 0]]);
    // The fan can make the change again, and it goes through once.
    const again = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, count: 2, action: 'change' });
    expect(again.status, again.text).toBe(200);
    expect((await historiesOf(api, shopper.userId)).map((h) => [h.payment_status, h.count])).toEqual([['CANCEL', 1], ['ERROR', 2], ['SUCCESS', 2]]);
  });
});

describe('a checkout whose process died between its two updates', () => {
  it('the round recorded paid but the subscription still PENDING: the pass makes it ACTIVE, never FAILED', async () => {
    api.clock.now = new Date('2026-11-20T03:00:00Z');
    const shopper = await newShopper(api);
    const res = await subscribe(api, shopper, { planId: shop.light, count: 1 });
    expect(res.status, res.text).toBe(201);
    // What a kill between the row's update and the subscription's leaves.
    await api.db.updateTable('user_plans').set({ status: 'PENDING' }).where('user_id', '=', shopper.userId).execute();
    api.clock.advance(60_000);
    await runPass(api);
    expect((await userPlansOf(api, shopper.userId)).map((p) => p.status)).toEqual(['ACTIVE']);
    expect((await historiesOf(api, shopper.userId)).map((h) => h.payment_status)).toEqual(['SUCCESS']);
  });

  it('charged, the answer lost: the pass makes it ACTIVE and mails the confirmation the fan never saw', async () => {
    api.clock.now = new Date('2026-11-20T03:00:00Z');
    const shopper = await newShopper(api);
    fault = 'after-charge';
    expect((await subscribe(api, shopper, { planId: shop.light, count: 1 })).status).toBe(503);
    api.clock.advance(60_000);
    await runPass(api);
    expect((await userPlansOf(api, shopper.userId)).map((p) => p.status)).toEqual(['ACTIVE']);
    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('12月号'));
    expect(mail.text).toContain('¥3,960');
    await runPass(api);
    expect((await userPlansOf(api, shopper.userId)).map((p) => p.status)).toEqual(['ACTIVE']);
  });

  it('held for 3-D Secure, the bank\'s page never sent: the pass cancels the held charge, so it can take nothing later', async () => {
    api.clock.now = new Date('2026-11-20T03:00:00Z');
    const shopper = await newShopper(api, '4000000000003063');
    fault = 'after-charge';
    expect((await subscribe(api, shopper, { planId: shop.light, count: 1 })).status).toBe(503);
    expect((await providerChargesOf(api, shopper.userId)).map((c) => c.status)).toEqual(['requires_action']);
    api.clock.advance(60_000);
    await runPass(api);
    expect((await userPlansOf(api, shopper.userId)).map((p) => p.status)).toEqual(['FAILED']);
    expect((await historiesOf(api, shopper.userId)).map((h) => [h.payment_status, h.decline_reason])).toEqual([['ERROR', 'authentication not completed']]);
    expect((await providerChargesOf(api, shopper.userId)).map((c) => c.status)).toEqual(['canceled']);
  });
});
