import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanOrderHistory } from '../../shared/api/types.ts';
import type { RoundDetail, StagedImport } from '../../shared/api/rounds.ts';
import { SHIPPING_COLUMNS } from '../../shared/shipping-columns.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { startAccountApi, type AccountApi } from './api-account-fixtures.ts';
import { expectApiError, TEST_OPS_TOKEN } from './api-fixtures.ts';
import { billingRowsOf, runPass } from './billing-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { changePlan, historiesOf, newShopper, OPEN_DEADLINE, providerChargesOf, seedCatalogue, subscribe, type Catalogue, type Shopper } from './api-user-plan-fixtures.ts';

/**
 * Issue 30, "a refund says what happens to the box" and the history's money, over HTTP: support's
 * full refund before shipment stops the box (gone from the export) or ships it (flagged on the
 * round page); partial refunds are capped; the fan's history shows every refund and charge, the
 * receipt is net of refunds, and a skip undone reads as charged at the deadline.
 */
let api: AccountApi;
let shop: Catalogue;
const tokens = { support: '', fulfilment: '', owner: '' };

beforeAll(async () => {
  api = await startAccountApi({
    throttle: { mailClient: { limit: 1000, windowMs: 30 * 60_000 } },
    staff: { adminOrigin: ADMIN_ORIGIN, opsToken: TEST_OPS_TOKEN },
  });
  shop = await seedCatalogue(api.db);
  const staffApi: StaffApi = { ...api, databaseUrl: null };
  for (const role of ['support', 'fulfilment', 'owner'] as const) {
    const { secret } = await enrolledStaff(staffApi, `${role}@refund.example`, role);
    tokens[role] = await signedIn(staffApi, `${role}@refund.example`, secret);
  }
});
afterAll(async () => api?.close());

const staffGet = (path: string, role: keyof typeof tokens) => request(api.app).get(`/api/staff${path}`).set('cookie', withStaff(tokens[role]));
const refund = (shopper: Shopper, body: object) =>
  request(api.app).post(`/api/staff/customers/${shopper.userId}/refund`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens.support)).send(body);
const historyOf = async (shopper: Shopper) =>
  (await request(api.app).get('/api/planOrderHistory').set('cookie', shopper.cookie).expect(200)).body as PlanOrderHistory[];
const issueReceipt = (shopper: Shopper, id: number) =>
  request(api.app).post(`/api/planOrderHistory/${id}/receipt`).set('cookie', shopper.cookie).send({ addressee: '推野 花子' });
const uploadShipped = (line: string) =>
  request(api.app).post('/api/staff/shipment-imports').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens.fulfilment)).field('mode', 'shipped')
    .field('early', 'on').attach('file', Buffer.from(`\ufeff${SHIPPING_COLUMNS.map((c) => c.label).join(',')}\r\n${line}\r\n`), 'shipped.csv');
const exportOf = async (roundId: number) => (await staffGet(`/rounds/export?round=${roundId}`, 'fulfilment').expect(200)).text;

interface ReportMonth { month: string; refunds: number; refundsGross: number; refundsPreTax: number }
async function thisMonthReport(): Promise<ReportMonth> {
  const { months } = (await staffGet('/reports', 'owner').expect(200)).body as { months: ReportMonth[] };
  return months[0] ?? { month: '', refunds: 0, refundsGross: 0, refundsPreTax: 0 };
}

let serial = 0;
let stoppedShopper: { shopper: Shopper; roundId: number } | undefined;
let undoneShopper: Shopper | undefined;
const key = () => `refund-test-${(serial += 1).toString().padStart(4, '0')}`;

/** A shopper whose 12月号 was charged at checkout and is on the warehouse list (WAITING). */
async function waitingBox(): Promise<{ shopper: Shopper; id: number; roundId: number }> {
  const shopper = await newShopper(api);
  const res = await subscribe(api, shopper, { planId: shop.light, count: 1 });
  expect(res.status, res.text).toBe(201);
  const [row] = await historiesOf(api, shopper.userId);
  // The warehouse list is made at the deadline; the test puts the box on it directly.
  await api.db.updateTable('plan_order_histories').set({ payment_status: 'WAITING', waiting_at: api.clock.now }).where('id', '=', row!.id).execute();
  return { shopper, id: row!.id, roundId: row!.plan_order_id };
}

describe('a full refund before shipment', () => {
  it('asks whether the box ships (400 naming box), then "stop" takes it off the export and counts; the fan sees the refund and no receipt, with why', async () => {
    const { shopper, id, roundId } = await waitingBox();
    stoppedShopper = { shopper, roundId };
    expect(await exportOf(roundId)).toContain(`\n${id},`);
    const waitingBefore = ((await staffGet(`/rounds/${roundId}`, 'fulfilment').expect(200)).body as RoundDetail).round.waiting;

    expectApiError(await refund(shopper, { historyId: id, reason: '重複注文', idempotencyKey: key() }), 400, 'BAD_REQUEST', ['box']);
    const res = await refund(shopper, { historyId: id, reason: '重複注文', idempotencyKey: key(), box: 'stop' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ refundStatus: 'refunded', replayed: false });
    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('返金のお知らせ'));
    expect(mail.text).toContain(`代金 ¥3,960（税込） を返金しました。`);
    // The round by its label, as on the fan's pages (issue 31), not the round's stored name.
    const { ship_date } = await api.db.selectFrom('plan_orders').select('ship_date').where('id', '=', roundId).executeTakeFirstOrThrow();
    expect(mail.text).toContain(`（注文番号 ${id}・${issueLabel({ shipDate: ship_date.toISOString() }).ja}）`);
    expect(mail.text).toContain('この回の箱はお届けしません。');

    expect(await exportOf(roundId)).not.toContain(`\n${id},`);
    expect(((await staffGet(`/rounds/${roundId}`, 'fulfilment').expect(200)).body as RoundDetail).round.waiting).toBe(waitingBefore - 1);
    const [order] = await historyOf(shopper);
    expect(order).toMatchObject({ id, paymentStatus: 'CANCEL', paymentStatusLabel: { ja: '全額返金・お届けなし' }, netTotal: 0, receipt: { available: false, refusal: 'refunded' } });
    expect(order?.refunds).toEqual([{ amount: 3960, status: 'refunded', at: api.clock.now.toISOString(), method: 'CARD', full: true }]);
    const refused = await issueReceipt(shopper, id);
    expectApiError(refused, 409, 'RECEIPT_UNAVAILABLE');
    expect(refused.body.message).toContain('全額を返金したため');
    expect(await providerChargesOf(api, shopper.userId)).toEqual([expect.objectContaining({ amount: 3960, refunded_amount: 3960 })]);
  });

  it('"ship" refunds it and the box still ships, flagged refunded on the round page; the fan sees the refund line', async () => {
    const { shopper, id, roundId } = await waitingBox();
    const res = await refund(shopper, { historyId: id, reason: 'お詫び', idempotencyKey: key(), box: 'ship' });
    expect(res.status, res.text).toBe(200);
    expect(await exportOf(roundId)).toContain(`\n${id},`);
    expect((await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('返金のお知らせ'))).text).toContain('この回の箱は、お詫びとして予定どおりお届けします。');
    const round = (await staffGet(`/rounds/${roundId}`, 'fulfilment').expect(200)).body as RoundDetail;
    expect(round.boxes.find((b) => b.id === id)).toMatchObject({ status: 'WAITING', refunded: 'full' });
    // The warehouse's shipped file: its preview flags the refunded box before anything applies.
    const staged = (await uploadShipped(`${id},x,x,x,1,x,060-0001,x,,0312345678,2026/11/22,yamato,YMT-3000-0001`).expect(201)).body as { import: StagedImport };
    expect(staged.import.preview?.changes).toEqual([expect.objectContaining({ orderHistoryId: id, to: 'shipped', refunded: 'full' })]);
    const [order] = await historyOf(shopper);
    expect(order).toMatchObject({ paymentStatus: 'WAITING', netTotal: 0, receipt: { refusal: 'refunded' } });
    expect(order?.refunds).toMatchObject([{ amount: 3960, status: 'refunded', full: true }]);
  });
});

describe('a partial refund', () => {
  it('shows in the history, the receipt is for the net amount, and one over what is left is refused naming amount', async () => {
    const { shopper, id, roundId } = await waitingBox();
    expectApiError(await refund(shopper, { historyId: id, reason: '特典の不足', idempotencyKey: key(), amount: 1000, box: 'stop' }), 400, 'BAD_REQUEST', ['box']);
    const reportBefore = await thisMonthReport();
    const body = { historyId: id, reason: '特典の不足', idempotencyKey: key(), amount: 1000 };
    const answers = await Promise.all([refund(shopper, body), refund(shopper, body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await providerChargesOf(api, shopper.userId)).toEqual([expect.objectContaining({ amount: 3960, refunded_amount: 1000 })]);
    // Accounting counts the partial refund once: ¥1,000, of which ¥90 tax.
    const reportAfter = await thisMonthReport();
    expect({ refunds: reportAfter.refunds - reportBefore.refunds, gross: reportAfter.refundsGross - reportBefore.refundsGross, preTax: reportAfter.refundsPreTax - reportBefore.refundsPreTax })
      .toEqual({ refunds: 1, gross: 1000, preTax: 910 });

    const over = await refund(shopper, { historyId: id, reason: 'さらに', idempotencyKey: key(), amount: 3000 });
    expectApiError(over, 400, 'BAD_REQUEST', ['amount']);
    expect(over.body.fields.amount).toEqual({
      ja: '返金額は、決済額から返金済み・返金中の額を引いた¥2,960（税込）までです。',
      en: 'The refund can be at most ¥2,960 (tax incl.): what was charged less what was refunded already.',
    });

    const [order] = await historyOf(shopper);
    expect(order).toMatchObject({ paymentStatus: 'WAITING', netTotal: 2960, receipt: { available: true } });
    expect(order?.refunds).toEqual([{ amount: 1000, status: 'refunded', at: api.clock.now.toISOString(), method: 'CARD', full: false }]);
    const receipt = await issueReceipt(shopper, id);
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.body).toMatchObject({ total: 2960, tax: { taxableAmount: 2960, tax: 360 - 90 } });
    const round = (await staffGet(`/rounds/${roundId}`, 'fulfilment').expect(200)).body as RoundDetail;
    expect(round.boxes.find((b) => b.id === id)).toMatchObject({ refunded: 'part' });
    const audited = await api.db.selectFrom('audit_log').select(['after']).where('action', '=', 'customer.refund').where('target_id', '=', String(id)).execute();
    expect(audited).toHaveLength(1);
  });
});

describe("the fan's history of a plan change and a skip undone", () => {
  it('a plan change on a paid round shows the old charge, its refund and the new charge', async () => {
    const shopper = await newShopper(api);
    expect((await subscribe(api, shopper, { planId: shop.light, count: 1 })).status).toBe(201);
    const changed = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.premium });
    expect(changed.status, changed.text).toBe(200);
    const [newer, older] = await historyOf(shopper);
    expect(older).toMatchObject({ total: 3960, paymentStatus: 'CANCEL', supersededBy: newer?.id, paidAt: expect.any(String) });
    expect(older?.paymentStatusLabel.ja).toContain('プラン変更のため返金');
    expect(older?.refunds).toMatchObject([{ amount: 3960, status: 'refunded', method: 'CARD', full: true }]);
    expect(newer).toMatchObject({ paymentStatus: 'SUCCESS', supersededBy: null, refunds: [] });
    expect(newer?.total).toBeGreaterThan(3960);
  });

  it('a skip then undo reads as charged at the deadline, not 決済キャンセル', async () => {
    const shopper = await newShopper(api);
    expect((await subscribe(api, shopper, { planId: shop.light, count: 1 })).status).toBe(201);
    expect((await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'skip' })).status).toBe(200);
    const [skipped] = await historyOf(shopper);
    expect(skipped).toMatchObject({ chargeAt: null, paymentStatusLabel: { ja: '決済キャンセル' } });
    expect((await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'undoSkip' })).status).toBe(200);
    undoneShopper = shopper;
    const [order] = await historyOf(shopper);
    expect(order).toMatchObject({ chargeAt: OPEN_DEADLINE.toISOString(), refunds: [{ amount: 3960, status: 'refunded', full: true }] });
    expect(order?.paymentStatusLabel.ja).toBe('申込締切（2026/11/30 23:59）に決済予定');
    expect(order?.timeline.at(-1)).toMatchObject({ step: 'charged', state: 'pending', at: OPEN_DEADLINE.toISOString() });
  });
});

describe('at the deadline', () => {
  it('the billing run charges the skip undone, as the history said, and never the box support stopped', async () => {
    api.clock.advance(OPEN_DEADLINE.getTime() - api.clock.now.getTime() + 60_000);
    await runPass(api);
    const [voided] = await historiesOf(api, undoneShopper!.userId);
    expect(await billingRowsOf(api, undoneShopper!.userId, voided!.plan_order_id)).toEqual([expect.objectContaining({ payment_status: 'SUCCESS', total: 3960 })]);
    const stopped = stoppedShopper!;
    expect(await billingRowsOf(api, stopped.shopper.userId, stopped.roundId)).toEqual([]);
  });
});
