/**
 * Refunds of order rows a fan paid herself (issue 34, decision 0093): PayPay refunds through the
 * provider under the row's refund key; konbini is listed for a bank transfer (the fan mailed, the
 * row's refund 'pending'), support marks it done in the console (audited) and the refund is
 * 'refunded'. The rows are made directly (the checkout of these methods is another branch's): a
 * card checkout's row re-pointed at a sandbox shopper payment paid with settleSandboxShopperPayment.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiContext } from '../../api/context.ts';
import { settleRefundsInDoubt } from '../../api/billing/refunds-in-doubt.ts';
import { paymentProviderOf } from '../../api/payment/provider-of.ts';
import { settleSandboxShopperPayment } from '../../api/payment/sandbox/sandbox-shopper.ts';
import { KONBINI_TRANSFER_NOTICE, PAYPAY_REFUND_NOTICE } from '../../shared/shopper-refund-texts.ts';
import type { RefundTransferPage } from '../../shared/refund-transfer-rules.ts';
import type { CustomerDetail } from '../../shared/api/customers.ts';
import type { StaffDashboard } from '../../shared/api/dashboard.ts';
import { silentLogger } from '../support/stack.ts';
import { DAY, PUBLIC_ORIGIN, startAccountApi, type AccountApi } from './api-account-fixtures.ts';
import { expectApiError, TEST_OPS_TOKEN } from './api-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { changePlan, historiesOf, newShopper, providerChargesOf, seedCatalogue, subscribe, type Catalogue, type Shopper } from './api-user-plan-fixtures.ts';

let api: AccountApi;
let ctx: ApiContext;
let shop: Catalogue;
const tokens = { support: '', fulfilment: '', owner: '' };

beforeAll(async () => {
  api = await startAccountApi({
    throttle: { mailClient: { limit: 1000, windowMs: 30 * 60_000 } },
    staff: { adminOrigin: ADMIN_ORIGIN, opsToken: TEST_OPS_TOKEN },
  });
  ctx = { db: api.db, logger: silentLogger, now: () => api.clock.now, publicOrigin: PUBLIC_ORIGIN, mailer: api.mailer };
  shop = await seedCatalogue(api.db);
  const staffApi: StaffApi = { ...api, databaseUrl: null };
  for (const role of ['support', 'fulfilment', 'owner'] as const) {
    const { secret } = await enrolledStaff(staffApi, `${role}@shopper-refund.example`, role);
    tokens[role] = await signedIn(staffApi, `${role}@shopper-refund.example`, secret);
  }
});
afterAll(async () => api?.close());

let serial = 0;
const key = () => `shopper-refund-${(serial += 1).toString().padStart(4, '0')}`;
const staffGet = (path: string, role: keyof typeof tokens) => request(api.app).get(`/api/staff${path}`).set('cookie', withStaff(tokens[role]));
const staffPost = (path: string, role: keyof typeof tokens, body: object) =>
  request(api.app).post(`/api/staff${path}`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens[role])).send(body);
const refund = (shopper: Shopper, body: object) => staffPost(`/customers/${shopper.userId}/refund`, 'support', body);
const shopperPayment = (paymentId: string) =>
  api.db.selectFrom('sandbox_shopper_payments').select(['amount', 'refunded_amount']).where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
const rowOf = (id: number) => api.db.selectFrom('plan_order_histories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const transfersOf = (userId: number) => api.db.selectFrom('shopper_refund_transfers').selectAll().where('user_id', '=', userId).execute();

/** A fan whose 12月号 (¥3,960) was paid at a konbini or with PayPay: her order row points at a paid sandbox payment. */
async function paidBy(method: 'konbini' | 'paypay'): Promise<{ shopper: Shopper; id: number; paymentId: string; total: number }> {
  const shopper = await newShopper(api, null);
  const carded = await newShopperRow(shopper);
  const payment = await paymentProviderOf(ctx).createShopperPayment({
    orderKey: carded.charge_key, userId: shopper.userId, amount: carded.total, description: 'OshiBox 12月号', method,
    payBy: new Date(api.clock.now.getTime() + 5 * DAY), returnUrl: `${PUBLIC_ORIGIN}/mypage`, email: shopper.email, name: '推野 花子',
  });
  await settleSandboxShopperPayment(ctx, payment.paymentId, 'succeeded');
  await api.db.updateTable('plan_order_histories').set({ payment_method: method === 'konbini' ? 'KONBINI' : 'PAYPAY', charge_id: payment.paymentId })
    .where('id', '=', carded.id).execute();
  await api.db.updateTable('users').set({ payment_method: method === 'konbini' ? 'KONBINI' : 'PAYPAY' }).where('id', '=', shopper.userId).execute();
  return { shopper, id: carded.id, paymentId: payment.paymentId, total: carded.total };
}

async function newShopperRow(shopper: Shopper) {
  const carded = await newShopper(api);
  const res = await subscribe(api, carded, { planId: shop.light, count: 1 });
  expect(res.status, res.text).toBe(201);
  const [row] = await historiesOf(api, carded.userId);
  // The row becomes this fan's (her own subscription), as checkout with konbini/PayPay would have written it.
  await api.db.updateTable('user_plans').set({ user_id: shopper.userId }).where('id', '=', row!.user_plan_id).execute();
  await api.db.updateTable('plan_order_histories').set({ user_id: shopper.userId }).where('id', '=', row!.id).execute();
  return rowOf(row!.id);
}

describe('a refund of a PayPay-paid order', () => {
  it('support refunds it through PayPay: the provider refunds the whole ¥3,960, the order reads refunded, the mail says PayPay', async () => {
    const { shopper, id, paymentId, total } = await paidBy('paypay');
    expect(total).toBe(3960);
    const res = await refund(shopper, { historyId: id, reason: '重複注文', idempotencyKey: key(), box: 'stop' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ historyId: id, refundStatus: 'refunded' });
    expect(await shopperPayment(paymentId)).toEqual({ amount: 3960, refunded_amount: 3960 });
    expect(await rowOf(id)).toMatchObject({ refund_status: 'refunded', payment_status: 'CANCEL' });
    expect(await transfersOf(shopper.userId)).toEqual([]);
    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('返金のお知らせ'));
    expect(mail.text).toContain('¥3,960');
    expect(mail.text).toContain(PAYPAY_REFUND_NOTICE.ja);
    expect(mail.text).not.toContain('カード会社');
  });

  it('a fan\'s skip before the deadline refunds her PayPay payment through the provider', async () => {
    const { shopper, id, paymentId } = await paidBy('paypay');
    const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'skip' });
    expect(res.status, res.text).toBe(200);
    expect(await shopperPayment(paymentId)).toEqual({ amount: 3960, refunded_amount: 3960 });
    expect(await rowOf(id)).toMatchObject({ refund_status: 'refunded' });
  });
});

describe('a refund of a konbini-paid order', () => {
  it('is listed for a bank transfer, the fan is mailed, support marks it done (audited) and the order reads refunded', async () => {
    const { shopper, id, paymentId } = await paidBy('konbini');
    const res = await refund(shopper, { historyId: id, reason: '重複注文', idempotencyKey: key(), box: 'stop' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ historyId: id, refundStatus: 'pending' });
    expect(await shopperPayment(paymentId)).toEqual({ amount: 3960, refunded_amount: 0 });
    expect(await rowOf(id)).toMatchObject({ refund_status: 'pending' });
    const [transfer] = await transfersOf(shopper.userId);
    expect(transfer).toMatchObject({ amount: 3960, history_id: id, status: 'to_transfer', payment_id: paymentId });

    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('銀行振込でのご返金'));
    expect(mail.text).toContain('¥3,960');
    expect(mail.text).toContain(KONBINI_TRANSFER_NOTICE.ja);
    expect(mail.text).toContain('銀行振込でご返金します。振込先の口座をサポートからお伺いします');
    const kinds = await api.db.selectFrom('billing_mails').select(['kind', 'status']).where('user_id', '=', shopper.userId).execute();
    expect(kinds).toEqual([{ kind: 'refund_transfer', status: 'sent' }]);

    // The console: listed for support and the owner, refused to fulfilment; the customer page shows it.
    const list = (await staffGet('/refund-transfers', 'support').expect(200)).body as RefundTransferPage;
    expect(list.transfers).toEqual(expect.arrayContaining([expect.objectContaining({ id: transfer!.id, amount: 3960, historyId: id, email: shopper.email })]));
    expect((await staffGet('/refund-transfers', 'owner')).status).toBe(200);
    expectApiError(await staffGet('/refund-transfers', 'fulfilment'), 403, 'FORBIDDEN');
    const detail = (await staffGet(`/customers/${shopper.userId}`, 'support').expect(200)).body as CustomerDetail;
    expect(detail.paymentMethod).toBe('KONBINI');
    expect(detail.refundTransfers).toEqual([expect.objectContaining({ id: transfer!.id, amount: 3960 })]);
    const dashboard = (await staffGet('/dashboard', 'owner').expect(200)).body as StaffDashboard;
    expect(dashboard.shopperPaid.konbini).toBeGreaterThanOrEqual(1);
    expect(dashboard.shopperPaid.openTransfers).toBeGreaterThanOrEqual(1);

    expectApiError(await staffPost('/refund-transfers/done', 'fulfilment', { transfer: String(transfer!.id) }), 403, 'FORBIDDEN');
    expectApiError(await staffPost('/refund-transfers/done', 'support', { transfer: 'x' }), 400, 'BAD_REQUEST', ['transfer']);
    expectApiError(await staffPost('/refund-transfers/done', 'support', { transfer: '999999' }), 404, 'NOT_FOUND');
    const done = await staffPost('/refund-transfers/done', 'support', { transfer: String(transfer!.id) });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ id: transfer!.id, changed: true });
    expect(await rowOf(id)).toMatchObject({ refund_status: 'refunded' });
    expect((await transfersOf(shopper.userId))[0]).toMatchObject({ status: 'transferred' });
    const audit = await api.db.selectFrom('audit_log').select(['action', 'staff_email', 'target_id']).where('action', '=', 'refund.transfer.done').execute();
    expect(audit).toContainEqual({ action: 'refund.transfer.done', staff_email: 'support@shopper-refund.example', target_id: String(id) });
    // A second press changes nothing; the list no longer has it.
    expect((await staffPost('/refund-transfers/done', 'owner', { transfer: String(transfer!.id) })).body).toEqual({ id: transfer!.id, changed: false });
    const after = (await staffGet('/refund-transfers', 'support').expect(200)).body as RefundTransferPage;
    expect(after.transfers.map((t) => t.id)).not.toContain(transfer!.id);
  });

  it('a partial refund is listed on its own, and done settles that partial refund', async () => {
    const { shopper, id } = await paidBy('konbini');
    const res = await refund(shopper, { historyId: id, reason: '一部返金', idempotencyKey: key(), amount: 1000 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ refundStatus: 'pending' });
    const [transfer] = await transfersOf(shopper.userId);
    expect(transfer).toMatchObject({ amount: 1000, history_id: id });
    expect((await staffPost('/refund-transfers/done', 'support', { transfer: String(transfer!.id) })).status).toBe(200);
    const partials = await api.db.selectFrom('order_refunds').select(['amount', 'status']).where('history_id', '=', id).execute();
    expect(partials).toEqual([{ amount: 1000, status: 'refunded' }]);
    expect(await rowOf(id)).toMatchObject({ refund_status: null });
  });

  it('refunds-in-doubt leaves a konbini refund to support: no card refund, still pending', async () => {
    const { shopper, id, paymentId } = await paidBy('konbini');
    expect((await refund(shopper, { historyId: id, reason: '重複注文', idempotencyKey: key(), box: 'stop' })).status).toBe(200);
    // Long past the provider's grace.
    await api.db.updateTable('plan_order_histories').set({ updated_at: new Date(api.clock.now.getTime() - 30 * DAY) }).where('id', '=', id).execute();
    await settleRefundsInDoubt(ctx);
    expect(await rowOf(id)).toMatchObject({ refund_status: 'pending' });
    expect(await shopperPayment(paymentId)).toEqual({ amount: 3960, refunded_amount: 0 });
    expect(await transfersOf(shopper.userId)).toHaveLength(1);
    expect((await providerChargesOf(api, shopper.userId)).every((c) => c.refunded_amount === 0)).toBe(true);
  });

  it('a fan\'s skip before the deadline lists her konbini payment for a transfer and the answer says how it comes back', async () => {
    const { shopper, id } = await paidBy('konbini');
    const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'skip' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ refund: { total: 3960, method: 'KONBINI' } });
    expect(await rowOf(id)).toMatchObject({ refund_status: 'pending' });
    expect(await transfersOf(shopper.userId)).toEqual([expect.objectContaining({ amount: 3960, history_id: id })]);
    await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('銀行振込でのご返金'));
    // The skip's own mail says how the money comes back, as the confirmation page does (checkoutRefundText).
    const skipMail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('スキップ'));
    expect(skipMail.text).toContain(KONBINI_TRANSFER_NOTICE.ja);
  });
});
