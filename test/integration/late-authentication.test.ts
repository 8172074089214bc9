import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMails } from '../../api/billing/billing-mails.ts';
import { requeueRetries } from '../../api/billing/retries.ts';
import { settleChargeByKey } from '../../api/billing/settle-charge.ts';
import type { PlanOrderHistory } from '../../shared/api/types.ts';
import { MINUTE } from './api-account-fixtures.ts';
import { NEXT_DEADLINE, newShopper, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Catalogue, type Shopper } from './api-user-plan-fixtures.ts';
import { billingContext, billingRowsOf, runPass, secureCookie } from './billing-fixtures.ts';
import { createAuthenticatingProvider, type AuthenticatingProvider } from './charge-auth-provider.ts';

/**
 * Issue 30 (3-D Secure, second paragraph; docs/decisions/0064-late-authentication.md): a charge
 * held for the bank's authentication can take no money for a box that left without the fan. The
 * ship date cancels it; a payment that comes too late all the same is refunded in full and the
 * fan told once; a retried round's superseded charge is cancelled, and one paid after all is
 * settled, never charged a second time.
 */
let api: AccountApi;
let shop: Catalogue;
let provider: AuthenticatingProvider;
const NAMES = ['waits', 'paidLate', 'returnsLate', 'webhookLate', 'refundFails', 'retried', 'retriedPaid'] as const;
const s = {} as Record<(typeof NAMES)[number], Shopper>;
/** 「1月号」 ships at 10:00 JST on 2027-01-25. */
const SHIP_DATE = new Date('2027-01-25T01:00:00.000Z');

const rowOf = async (who: Shopper) => (await billingRowsOf(api, who.userId, shop.nextRound.light))[0]!;
const mailKeysOf = async (historyId: number) =>
  (await api.db.selectFrom('billing_mails').select('key').where('history_id', '=', historyId).orderBy('key').execute()).map((m) => m.key);
const refundsOf = (orderKey: string) => provider.refunds.filter((r) => r.orderKey === orderKey);
const historyOf = async (who: Shopper, id: number) =>
  (await request(api.app).get(`/api/planOrderHistory/${id}`).set('cookie', await secureCookie(api, who.userId)).expect(200)).body as PlanOrderHistory;

async function moveClock(to: Date): Promise<void> {
  api.clock.now = to;
  for (const who of Object.values(s)) who.cookie = await secureCookie(api, who.userId);
}

beforeAll(async () => {
  api = await startSubscriptionApi({ paymentProvider: createAuthenticatingProvider });
  provider = api.paymentProvider as AuthenticatingProvider;
  shop = await seedCatalogue(api.db);
  for (const name of NAMES) {
    s[name] = await newShopper(api);
    expect((await subscribe(api, s[name], { planId: shop.light })).status).toBe(201);
    const card = await api.db.selectFrom('user_cards').select('token').where('user_id', '=', s[name].userId).executeTakeFirstOrThrow();
    provider.needsAuth.add(card.token);
  }
  await moveClock(new Date(NEXT_DEADLINE.getTime() + MINUTE));
  expect(await runPass(api)).toMatchObject({ charged: 0, declined: NAMES.length });
}, 120_000);
afterAll(async () => api?.close());

describe('a retried round\'s superseded charge', () => {
  it('is cancelled at the gateway when the retry starts a new attempt', async () => {
    const old = await rowOf(s.retried);
    expect(await requeueRetries(billingContext(api), { historyId: old.id }, true)).toBe(1);
    expect(provider.cancelled).toContain(old.charge_key);
    expect(await rowOf(s.retried)).toMatchObject({ payment_status: 'BEFORE', attempts: 2, charge_id: null, action_required_at: null });
    // The fan's late press on the bank's page for the old charge takes nothing.
    provider.authenticate(old.charge_key);
    expect(await provider.findCharge(old.charge_key)).toMatchObject({ status: 'declined' });
  });

  it('paid after all (authenticated just before the retry) is settled from that charge, not charged again', async () => {
    const old = await rowOf(s.retriedPaid);
    provider.authenticate(old.charge_key);
    expect(await requeueRetries(billingContext(api), { historyId: old.id }, true)).toBe(0);
    const row = await rowOf(s.retriedPaid);
    expect(row).toMatchObject({ payment_status: 'SUCCESS', attempts: 1, charge_key: old.charge_key, charge_id: old.charge_id, action_required_at: null });
    await runPass(api);
    expect(await rowOf(s.retriedPaid)).toMatchObject({ payment_status: 'SUCCESS', attempts: 1 });
    expect(await provider.findCharge(old.charge_key.replace(/-1$/, '-2'))).toBeNull();
    expect(await mailKeysOf(row.id)).toEqual([`auth:${row.id}:1`, `charged:${row.id}`]);
  });
});

describe('a payment too late for its round, before the ship-date pass', () => {
  it('back from the bank\'s page after the ship date: refunded in full, never recorded paid, my page says why', async () => {
    const row = await rowOf(s.returnsLate);
    provider.authenticate(row.charge_key);
    await moveClock(new Date(SHIP_DATE.getTime() + MINUTE));
    const back = await request(api.app).get(`/api/charge-authentication/return?historyId=${row.id}`).set('cookie', s.returnsLate.cookie);
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe('/mypage/profile?auth=late');
    expect(await rowOf(s.returnsLate)).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded', refund_box: 'stop', action_required_at: null });
    expect(refundsOf(row.charge_key)).toEqual([{ refundKey: `refund-${row.id}`, orderKey: row.charge_key, amount: 3960 }]);
    // A reload of the return page: nothing moves, nothing is refunded twice.
    expect((await request(api.app).get(`/api/charge-authentication/return?historyId=${row.id}`).set('cookie', s.returnsLate.cookie)).headers.location)
      .toBe('/mypage/profile?auth=late');
    expect(refundsOf(row.charge_key)).toHaveLength(1);
    await deliverMails(billingContext(api));
    const mail = await api.mailbox.waitFor(s.returnsLate.email, (m) => m.subject.includes('返金'));
    expect(mail.text).toContain('本人認証（3-Dセキュア）の完了が発送日（2027/01/25）に間に合わなかったため');
    expect(mail.text).toContain('のお支払い ¥3,960（税込・送料込） を全額返金しました');
    expect(mail.text).toContain('この回の商品はお届けしません');
    expect(await mailKeysOf(row.id)).toEqual([`auth:${row.id}:1`, `late:${row.id}`]);
  });

  it('told by the gateway (the webhook\'s settle) after the ship date: refunded once, however often it is told', async () => {
    const row = await rowOf(s.webhookLate);
    provider.authenticate(row.charge_key);
    const ctx = billingContext(api);
    expect(await settleChargeByKey(ctx, row.charge_key, row.charge_id ?? undefined)).toBe('refunded');
    expect(await settleChargeByKey(ctx, row.charge_key, row.charge_id ?? undefined)).toBe('unchanged');
    expect(await rowOf(s.webhookLate)).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded' });
    expect(refundsOf(row.charge_key)).toHaveLength(1);
    expect(await mailKeysOf(row.id)).toEqual([`auth:${row.id}:1`, `late:${row.id}`]);
  });
});

describe('the ship-date pass', () => {
  let summary: Awaited<ReturnType<typeof runPass>>;

  beforeAll(async () => {
    // 「paidLate」 authenticated a moment before the pass; 「refundFails」 too, with a gateway refusing refunds.
    provider.authenticate((await rowOf(s.paidLate)).charge_key);
    const refused = (await rowOf(s.refundFails)).charge_key;
    provider.authenticate(refused);
    provider.refusesRefund.add(refused);
    summary = await runPass(api);
    provider.refusesRefund.delete(refused);
  });

  it('cancels the held charge of a round still waiting: it stops waiting, unpaid, and can no longer be authenticated', async () => {
    const row = await rowOf(s.waits);
    expect(provider.cancelled).toContain(row.charge_key);
    expect(await rowOf(s.waits)).toMatchObject({ payment_status: 'ERROR', action_required_at: null, paid_at: null });
    // This one, 「retried」's second attempt (held again), and the two paid just before the pass.
    expect(summary.heldEnded).toBe(4);
    provider.authenticate(row.charge_key);
    expect(await provider.findCharge(row.charge_key)).toMatchObject({ status: 'declined' });
    const start = await request(api.app).post('/api/charge-authentication').set('cookie', s.waits.cookie).send({ historyId: row.id });
    expect(start.status).toBe(409);
    expect(await mailKeysOf(row.id)).toEqual([`auth:${row.id}:1`]);
  });

  it('refunds in full a charge paid just before it, mails the fan once, and the order history shows the charge and its refund', async () => {
    const row = await rowOf(s.paidLate);
    expect(row).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded', refund_box: 'stop', charge_id: `pi_${row.charge_key}` });
    expect(row.paid_at?.getTime()).toBe(api.clock.now.getTime());
    expect(refundsOf(row.charge_key)).toEqual([{ refundKey: `refund-${row.id}`, orderKey: row.charge_key, amount: 3960 }]);
    const mail = await api.mailbox.waitFor(s.paidLate.email, (m) => m.subject.includes('返金'));
    expect(mail.subject).toContain('お支払い返金のお知らせ（1月号）');
    expect(mail.text).toContain('1月号）のお支払い ¥3,960（税込・送料込） を全額返金しました');
    const order = await historyOf(s.paidLate, row.id);
    expect(order).toMatchObject({ paymentStatus: 'CANCEL', total: 3960, netTotal: 0, paymentStatusLabel: { ja: '全額返金・お届けなし', en: 'Refunded in full; not delivered' } });
    expect(order.paidAt).not.toBeNull();
    expect(order.refunds).toEqual([expect.objectContaining({ amount: 3960, status: 'refunded', full: true })]);
    expect(order.timeline.map((t) => [t.step, t.state])).toEqual([['applied', 'done'], ['charged', 'done'], ['cancelled', 'done'], ['refund', 'done']]);
    // The next pass finds nothing to do for it: one refund, one mail.
    await runPass(api);
    expect(refundsOf(row.charge_key)).toHaveLength(1);
    expect(await mailKeysOf(row.id)).toEqual([`auth:${row.id}:1`, `late:${row.id}`]);
  });

  it('asks again for a refund the gateway refused, under the same key, and mails only once it is taken', async () => {
    const row = await rowOf(s.refundFails);
    expect(row).toMatchObject({ payment_status: 'CANCEL', refund_status: 'failed' });
    expect(await mailKeysOf(row.id)).toEqual([`auth:${row.id}:1`]);
    await moveClock(new Date(api.clock.now.getTime() + 5 * MINUTE));
    await runPass(api);
    expect(await rowOf(s.refundFails)).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded' });
    expect(refundsOf(row.charge_key)).toEqual([{ refundKey: `refund-${row.id}`, orderKey: row.charge_key, amount: 3960 }]);
    expect(await mailKeysOf(row.id)).toEqual([`auth:${row.id}:1`, `late:${row.id}`]);
    await runPass(api);
    expect(refundsOf(row.charge_key)).toHaveLength(1);
  });
});
