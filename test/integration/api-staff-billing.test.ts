import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingChargeList, BillingRoundList, ChargeActionResult } from '../../shared/api/billing.ts';
import { expectApiError } from './api-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, START, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { DECLINE_REASON, seedBillingRound, type BillingRound } from './billing-console-fixtures.ts';

/**
 * The console's Billing area over HTTP (issue 19; permission `refunds`): a round's charges counted
 * and listed by state, a declined charge retried once at the provider however often the form is
 * sent, and a charge in doubt reconciled from the provider's own record without a second charge.
 * Every action is in the audit trail with before and after.
 */
let api: StaffApi;
let round: BillingRound;
const tokens: Record<string, string> = {};

const get = (path: string, who: string) => request(api.app).get(path).set('cookie', withStaff(tokens[who] ?? null));
const act = (who: string, body: Record<string, string>) =>
  request(api.app).post('/api/staff/billing/charges').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens[who] ?? null)).send(body);
const auditOf = (action: string) => api.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const rowOf = (id: number) => api.db.selectFrom('plan_order_histories').select(['payment_status', 'attempts', 'charge_key', 'charge_id', 'paid_at'])
  .where('id', '=', id).executeTakeFirstOrThrow();
/** What the sandbox provider charged for a row's order keys, every attempt. */
async function providerCharges(id: number) {
  const key = (await rowOf(id)).charge_key.replace(/-[0-9]+$/, '-');
  return api.db.selectFrom('sandbox_charges').select(['order_key', 'status', 'amount']).where('order_key', 'like', `${key}%`).orderBy('order_key').execute();
}

beforeAll(async () => {
  api = await startStaffApi();
  round = await seedBillingRound(api.db, 'console-billing', START);
  // Next month's round, open with nothing charged yet: not a line of the billing list.
  const plan = await api.db.selectFrom('plan_orders').select('plan_id').where('id', '=', round.roundId).executeTakeFirstOrThrow();
  await api.db.insertInto('plan_orders').values({
    plan_id: plan.plan_id, name: '1月号', price: 3300, pre_tax_price: 3000, start_date: START,
    end_date: new Date(START.getTime() + 30 * 86_400_000), ship_date: new Date(START.getTime() + 40 * 86_400_000),
  }).execute();
  for (const role of ['support', 'owner', 'fulfilment', 'catalogue'] as const) {
    const email = `${role}@billing.example`;
    const { secret } = await enrolledStaff(api, email, role);
    tokens[role] = await signedIn(api, email, secret);
  }
}, 60_000);
afterAll(async () => api?.close());

describe("a round's charges by state", () => {
  it('counts each state for support and the owner', async () => {
    for (const who of ['support', 'owner']) {
      const res = await get('/api/staff/billing', who);
      expect(res.status).toBe(200);
      const list = res.body as BillingRoundList;
      expect(list).toMatchObject({ page: 1, hasNext: false });
      expect(list.rounds).toEqual([expect.objectContaining({
        id: round.roundId, name: '12月号', artistName: '星乃ミライ', counts: { charged: 2, declined: 1, retrying: 1, inDoubt: 2, queued: 1 },
      })]);
    }
    expect((await get('/api/staff/billing?page=2', 'support')).body).toMatchObject({ page: 2, rounds: [] });
    expectApiError(await get('/api/staff/billing?page=0', 'support'), 400, 'BAD_REQUEST');
  });

  it('lists one state with what support needs: e-mail, plan, amount, decline reason, attempts, what can be done', async () => {
    const res = await get(`/api/staff/billing/${round.roundId}?state=declined`, 'support');
    expect(res.status).toBe(200);
    const list = res.body as BillingChargeList;
    expect(list.charges).toEqual([expect.objectContaining({
      id: round.ids.declined, state: 'declined', email: 'console-billing-declined@billing.example', planName: 'スタンダードプラン', amount: 3960,
      declineReason: DECLINE_REASON, attempts: 3, nextAttemptAt: null, canRetry: true, canReconcile: false,
    })]);
    const doubt = (await get(`/api/staff/billing/${round.roundId}?state=inDoubt`, 'support')).body as BillingChargeList;
    expect(doubt.charges.map((c) => [c.id, c.canReconcile])).toEqual([[round.ids.inDoubt, true], [round.ids.busy, false]]);
    const charged = (await get(`/api/staff/billing/${round.roundId}?state=charged&page=1`, 'support')).body as BillingChargeList;
    expect(charged.charges.map((c) => c.id)).toEqual([round.ids.charged, round.ids.waiting]);
  });

  it('refuses a bad state, page or round by name, and an unknown round is a 404', async () => {
    expectApiError(await get(`/api/staff/billing/${round.roundId}?state=lost`, 'support'), 400, 'BAD_REQUEST');
    expectApiError(await get(`/api/staff/billing/${round.roundId}?page=x`, 'support'), 400, 'BAD_REQUEST');
    expectApiError(await get('/api/staff/billing/abc', 'support'), 400, 'BAD_REQUEST');
    expectApiError(await get('/api/staff/billing/999999', 'support'), 404, 'NOT_FOUND');
  });
});

describe('retrying a declined charge', () => {
  it('charges once at the provider however often the form is sent, and records the charge', async () => {
    const form = { intent: 'retry', charge: String(round.ids.declined), attempt: '3' };
    const [first, second] = await Promise.all([act('support', form), act('support', form)]);
    const outcomes = [first, second].map((res) => (res.body as ChargeActionResult).outcome).sort();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(outcomes).toEqual(['charged', 'unchanged']);
    const third = await act('support', form);
    expect((third.body as ChargeActionResult)).toMatchObject({ outcome: 'unchanged', charge: { state: 'charged', attempts: 4, canRetry: false } });
    expect(await providerCharges(round.ids.declined)).toEqual([{ order_key: expect.stringMatching(/-4$/) as string, status: 'succeeded', amount: 3960 }]);
    expect(await rowOf(round.ids.declined)).toMatchObject({ payment_status: 'SUCCESS', attempts: 4 });
    const mails = await api.db.selectFrom('billing_mails').select('key').where('history_id', '=', round.ids.declined).execute();
    expect(mails.map((m) => m.key)).toEqual([`charged:${round.ids.declined}`]);
  });

  it('is audited with the charge before and after, the no-ops too', async () => {
    const rows = await auditOf('billing.retry');
    // The two concurrent posts may finish in either order; the later one is the third.
    expect(rows.map((r) => r.outcome).sort()).toEqual(['failure', 'failure', 'success']);
    for (const row of rows) expect([row.staff_email, row.target_type, row.target_id]).toEqual(['support@billing.example', 'charge', String(round.ids.declined)]);
    const success = rows.find((r) => r.outcome === 'success');
    expect(success?.before).toMatchObject({ state: 'declined', status: 'ERROR', attempts: 3, declineReason: DECLINE_REASON });
    expect(success?.after).toMatchObject({ state: 'charged', status: 'SUCCESS', attempts: 4, outcome: 'charged' });
  });

  it('refuses a bad form by field name', async () => {
    const res = await act('support', { intent: 'refund', charge: String(round.ids.retrying), attempt: '1' });
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(Object.keys((res.body as { fields?: object }).fields ?? {})).toEqual(['intent']);
    expectApiError(await act('support', { intent: 'retry', charge: '999999', attempt: '1' }), 404, 'NOT_FOUND');
  });
});

describe('reconciling a charge in doubt', () => {
  it('records the charge the provider took, without charging again', async () => {
    const res = await act('owner', { intent: 'reconcile', charge: String(round.ids.inDoubt), attempt: '1' });
    expect(res.status).toBe(200);
    expect(res.body as ChargeActionResult).toMatchObject({ outcome: 'charged', charge: { state: 'charged', canReconcile: false } });
    expect(await providerCharges(round.ids.inDoubt)).toEqual([{ order_key: round.inDoubtKey, status: 'succeeded', amount: 3960 }]);
    expect(await rowOf(round.ids.inDoubt)).toMatchObject({ payment_status: 'SUCCESS', charge_id: 'ch_console-billing_doubt' });
    const again = await act('owner', { intent: 'reconcile', charge: String(round.ids.inDoubt), attempt: '1' });
    expect((again.body as ChargeActionResult).outcome).toBe('unchanged');
    const audit = await auditOf('billing.reconcile');
    expect(audit[0]).toMatchObject({ outcome: 'success', before: expect.objectContaining({ state: 'inDoubt' }) as object, after: expect.objectContaining({ state: 'charged' }) as object });
  });

  it('refuses a charge a billing worker holds right now (409, audited), and asks the provider nothing', async () => {
    const res = await act('support', { intent: 'reconcile', charge: String(round.ids.busy), attempt: '1' });
    expectApiError(res, 409, 'CONFLICT');
    expect((await rowOf(round.ids.busy)).payment_status).toBe('BEFORE');
    expect((await auditOf('billing.reconcile')).at(-1)).toMatchObject({ outcome: 'refused', target_id: String(round.ids.busy) });
  });
});

describe('the other roles', () => {
  it('refuses fulfilment and catalogue (403, audited), and nobody signed in (401)', async () => {
    const form = { intent: 'retry', charge: String(round.ids.retrying), attempt: '1' };
    for (const role of ['fulfilment', 'catalogue']) {
      expectApiError(await get('/api/staff/billing', role), 403, 'FORBIDDEN');
      expectApiError(await act(role, form), 403, 'FORBIDDEN');
    }
    expectApiError(await get('/api/staff/billing', 'nobody'), 401, 'UNAUTHORIZED');
    const refused = await auditOf('access.refused');
    expect(refused.map((r) => r.target_id)).toEqual([
      'GET /api/staff/billing/', 'POST /api/staff/billing/charges', 'GET /api/staff/billing/', 'POST /api/staff/billing/charges',
    ]);
    expect((await rowOf(round.ids.retrying)).payment_status).toBe('ERROR');
  });
});
