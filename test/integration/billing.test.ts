import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVaultCard } from '../../api/payment/sandbox/sandbox.repository.ts';
import { runBilling } from '../../api/billing/run-billing.ts';
import { DAY, MINUTE } from './api-account-fixtures.ts';
import { registerCard } from './api-payment-fixtures.ts';
import { chooseDeferredPayment } from './api-user-plan-card.ts';
import {
  changePlan, NEXT_DEADLINE, newShopper, OPEN_DEADLINE, seedCatalogue, startSubscriptionApi, subscribe, userPlansOf,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { BILLING_OPTIONS, billingContext, billingRowsOf, chargesAtProvider, runPass, secureCookie } from './billing-fixtures.ts';

/**
 * Issue 9: the monthly billing run over HTTP-made subscriptions, on PGlite and PostgreSQL. The
 * "next" round (「1月号」) closes 2027-01-01 00:00 JST; shoppers subscribed at checkout for the
 * December round, then skipped, paused, cancelled or changed things after its deadline.
 */
let api: AccountApi;
let shop: Catalogue;
const s: Record<'a' | 'b' | 'c' | 'd' | 'f' | 'g' | 'h' | 'j', Shopper> = {} as never;
const upOf = async (who: Shopper) => (await userPlansOf(api, who.userId))[0]!.id;
/** Weeks pass in these tests: sessions expire (7 days idle), so each step signs in afresh. */
async function freshSessions(): Promise<void> {
  for (const who of Object.values(s)) who.cookie = await secureCookie(api, who.userId);
}

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
  for (const name of ['a', 'b', 'c', 'd', 'f', 'g', 'h', 'j'] as const) s[name] = await newShopper(api);
  expect((await chooseDeferredPayment(api, s.j)).status).toBe(200);
  for (const name of ['a', 'b', 'c', 'd', 'f', 'h', 'j'] as const) expect((await subscribe(api, s[name], { planId: shop.light })).status).toBe(201);
  expect((await subscribe(api, s.g, { planId: shop.premium, count: 2 })).status).toBe(201);
  // After December's deadline: these apply from January.
  api.clock.now = new Date(OPEN_DEADLINE.getTime() + 60 * MINUTE);
  await freshSessions();
  expect((await changePlan(api, s.b, { currentPlanId: shop.light, planId: shop.light, action: 'skip' })).status).toBe(200);
  expect((await changePlan(api, s.c, { currentPlanId: shop.light, planId: shop.light, action: 'pause' })).status).toBe(200);
  expect((await request(api.app).delete(`/api/userPlan/${shop.light}`).set('cookie', s.d.cookie)).status).toBe(200);
  // f's card starts declining (as an expired or blocked card would).
  const token = await insertVaultCard(api.db, { brand: 'Visa', last4: '0341', expiry: '12/30', declinesCharges: true }, api.clock.now);
  await api.db.updateTable('user_cards').set({ token }).where('user_id', '=', s.f.userId).execute();
}, 120_000);
afterAll(async () => api?.close());

describe('billing run', () => {
  it('mails a reminder three days before the deadline to those who will be charged, once', async () => {
    api.clock.now = new Date(NEXT_DEADLINE.getTime() - 2 * DAY);
    const first = await runPass(api);
    expect(first).toMatchObject({ reminders: 5, reserved: 0, charged: 0 });
    const mail = await api.mailbox.waitFor(s.a.email, (m) => m.subject.includes('お支払いのご案内'));
    expect(mail.subject).toContain('1月号');
    expect(mail.text).toContain('¥3,960');
    expect(mail.text).toContain('2026/12/31 23:59');
    expect(mail.text).toContain('http://localhost:3000/mypage/plan');
    const gmoab = await api.mailbox.waitFor(s.j.email, (m) => m.subject.includes('お支払いのご案内'));
    expect(gmoab.text).toContain('¥4,290');
    await runPass(api);
    const reminders = await api.db.selectFrom('billing_mails').select(['user_id', 'status']).where('kind', '=', 'reminder').execute();
    expect(reminders.map((r) => r.user_id).sort()).toEqual([s.a, s.f, s.g, s.h, s.j].map((x) => x.userId).sort());
    expect(reminders.every((r) => r.status === 'sent')).toBe(true);
  });

  it('charges nothing a millisecond before the deadline (Asia/Tokyo midnight)', async () => {
    api.clock.now = new Date(NEXT_DEADLINE.getTime() - 1);
    expect(await runPass(api)).toMatchObject({ reserved: 0, charged: 0, declined: 0 });
    expect(await api.db.selectFrom('plan_order_histories').select('id').where('origin', '=', 'billing').execute()).toHaveLength(0);
  });

  it('keeps the round as it stood at the deadline when a shopper changes things right after it', async () => {
    api.clock.now = NEXT_DEADLINE;
    await freshSessions();
    expect((await changePlan(api, s.h, { currentPlanId: shop.light, planId: shop.light, count: 3 })).status).toBe(200);
    expect((await changePlan(api, s.c, { currentPlanId: shop.light, planId: shop.light, action: 'resume' })).status).toBe(200);
    const [held] = await billingRowsOf(api, s.h.userId, shop.nextRound.light);
    expect(held).toMatchObject({ payment_status: 'BEFORE', count: 1, total: 3960 });
    expect(await billingRowsOf(api, s.c.userId, shop.nextRound.light)).toHaveLength(0);
  });

  it('charges every subscription active at the deadline exactly once, with two passes at once', async () => {
    api.clock.now = new Date(NEXT_DEADLINE.getTime() + MINUTE);
    const passes = await Promise.all([runBilling(billingContext(api), BILLING_OPTIONS), runBilling(billingContext(api), BILLING_OPTIONS)]);
    const sum = (key: 'reserved' | 'charged' | 'declined') => passes.reduce((n, p) => n + p[key], 0);
    expect({ reserved: sum('reserved'), charged: sum('charged'), declined: sum('declined') }).toEqual({ reserved: 4, charged: 4, declined: 1 });
    const expectCharged = async (who: Shopper, roundId: number, row: object) => {
      const rows = await billingRowsOf(api, who.userId, roundId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ payment_status: 'SUCCESS', ...row });
      expect(rows[0]?.paid_at).not.toBeNull();
      const charges = await chargesAtProvider(api, rows[0]!.user_plan_id, roundId);
      expect(charges).toEqual([expect.objectContaining({ status: 'succeeded', amount: rows[0]!.total })]);
    };
    await expectCharged(s.a, shop.nextRound.light, { count: 1, total: 3960, payment_method: 'CARD', ship_dest_name: '推野 花子' });
    await expectCharged(s.g, shop.nextRound.premium, { count: 2, total: 5500 * 2 + 660 });
    await expectCharged(s.h, shop.nextRound.light, { count: 1, total: 3960 });
    await expectCharged(s.j, shop.nextRound.light, { payment_method: 'GMOAB', fee: 330, total: 4290 });
    for (const who of [s.b, s.c, s.d]) expect(await billingRowsOf(api, who.userId, shop.nextRound.light)).toHaveLength(0);
    const [failed] = await billingRowsOf(api, s.f.userId, shop.nextRound.light);
    expect(failed).toMatchObject({ payment_status: 'ERROR', attempts: 1 });
    expect(failed?.next_attempt_at?.getTime()).toBe(api.clock.now.getTime() + DAY);
    const charged = await api.mailbox.waitFor(s.a.email, (m) => m.subject.includes('お支払い完了'));
    expect(charged.text).toContain('1月号');
    expect(charged.text).toContain('/mypage/orderHistroy');
    const declined = await api.mailbox.waitFor(s.f.email, (m) => m.subject.includes('お支払いができませんでした'));
    expect(declined.text).toContain('http://localhost:3000/mypage/profile/payment');
  });

  it('does nothing on a re-run', async () => {
    const before = await api.db.selectFrom('sandbox_charges').select('order_key').execute();
    expect(await runPass(api)).toMatchObject({ reserved: 0, retried: 0, charged: 0, declined: 0, reminders: 0 });
    expect(await api.db.selectFrom('sandbox_charges').select('order_key').execute()).toHaveLength(before.length);
  });

  it('retries a declined charge after a day, then at once after a card change, and puts the round back on track', async () => {
    const declinedAt = api.clock.now.getTime();
    api.clock.now = new Date(declinedAt + DAY - MINUTE);
    expect(await runPass(api)).toMatchObject({ retried: 0 });
    api.clock.now = new Date(declinedAt + DAY);
    expect(await runPass(api)).toMatchObject({ retried: 1, declined: 1, charged: 0 });
    const [second] = await billingRowsOf(api, s.f.userId, shop.nextRound.light);
    expect(second).toMatchObject({ payment_status: 'ERROR', attempts: 2 });
    expect(second?.next_attempt_at?.getTime()).toBe(declinedAt + 3 * DAY);
    const shopper = { id: s.f.userId, cookie: await secureCookie(api, s.f.userId) };
    const { back } = await registerCard(api, shopper, '5555555555554444');
    expect(back?.headers.location).toContain('card=registered');
    const [third] = await billingRowsOf(api, s.f.userId, shop.nextRound.light);
    expect(third).toMatchObject({ payment_status: 'SUCCESS', attempts: 3, next_attempt_at: null });
    const upId = await upOf(s.f);
    expect((await chargesAtProvider(api, upId, shop.nextRound.light)).map((c) => [c.order_key, c.status])).toEqual([
      [`bill-${upId}-${shop.nextRound.light}-1`, 'declined'],
      [`bill-${upId}-${shop.nextRound.light}-2`, 'declined'],
      [`bill-${upId}-${shop.nextRound.light}-3`, 'succeeded'],
    ]);
    await api.mailbox.waitFor(s.f.email, (m) => m.subject.includes('お支払い完了'));
  });

  it('marks charged rounds as preparing shipment a week before they ship', async () => {
    api.clock.now = new Date('2027-01-18T01:00:00Z');
    const pass = await runPass(api);
    expect(pass.preparing).toBeGreaterThanOrEqual(5);
    const [row] = await billingRowsOf(api, s.a.userId, shop.nextRound.light);
    expect(row).toMatchObject({ payment_status: 'WAITING' });
    expect(row?.waiting_at?.toISOString()).toBe('2027-01-18T01:00:00.000Z');
  });

  it('moves no round the status table refuses: a failed or cancelled round near its ship date stays as it is', async () => {
    const [failed] = await billingRowsOf(api, s.h.userId, shop.nextRound.light);
    const [cancelled] = await billingRowsOf(api, s.g.userId, shop.nextRound.premium);
    await api.db.updateTable('plan_order_histories').set({ payment_status: 'ERROR', waiting_at: null }).where('id', '=', failed!.id).execute();
    await api.db.updateTable('plan_order_histories').set({ payment_status: 'CANCEL', waiting_at: null }).where('id', '=', cancelled!.id).execute();
    await runPass(api);
    expect((await billingRowsOf(api, s.h.userId, shop.nextRound.light))[0]).toMatchObject({ payment_status: 'ERROR', waiting_at: null });
    expect((await billingRowsOf(api, s.g.userId, shop.nextRound.premium))[0]).toMatchObject({ payment_status: 'CANCEL', waiting_at: null });
  });
});
