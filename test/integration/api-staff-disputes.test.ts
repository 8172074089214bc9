import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingChargeList, BillingRoundList } from '../../shared/api/billing.ts';
import type { CustomerDetail } from '../../shared/api/customers.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, START, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { seedBillingRound, type BillingRound } from './billing-console-fixtures.ts';

/**
 * Card disputes in the console (issue 20): the gateway's webhook flags a charged round
 * (dispute_id, dispute_status); support sees a badge's facts on the round's charges and on the
 * customer's page, and how many disputes wait for the shop's response.
 */
let api: StaffApi;
let round: BillingRound;
const tokens: Record<string, string> = {};
const get = (path: string, who: string) => request(api.app).get(path).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens[who] ?? null));

beforeAll(async () => {
  api = await startStaffApi();
  round = await seedBillingRound(api.db, 'console-disputes', START);
  await api.db.updateTable('plan_order_histories').set({ dispute_id: 'dp_needs', dispute_status: 'needs_response' }).where('id', '=', round.ids.charged).execute();
  await api.db.updateTable('plan_order_histories').set({ dispute_id: 'dp_won', dispute_status: 'won' }).where('id', '=', round.ids.waiting).execute();
  for (const role of ['support', 'fulfilment'] as const) {
    const email = `${role}@disputes.example`;
    const { secret } = await enrolledStaff(api, email, role);
    tokens[role] = await signedIn(api, email, secret);
  }
}, 60_000);
afterAll(async () => api?.close());

describe('disputes in the billing area', () => {
  it('counts the disputes waiting for a response, per round and in all', async () => {
    const list = (await get('/api/staff/billing', 'support').expect(200)).body as BillingRoundList;
    expect(list.disputesNeedingResponse).toBe(1);
    expect(list.rounds).toEqual([expect.objectContaining({ id: round.roundId, disputesNeedingResponse: 1 })]);
  });

  it('shows each charge\'s dispute with its status', async () => {
    const charged = (await get(`/api/staff/billing/${round.roundId}?state=charged`, 'support').expect(200)).body as BillingChargeList;
    const byId = new Map(charged.charges.map((c) => [c.id, c.dispute]));
    expect(byId.get(round.ids.charged)).toEqual({ id: 'dp_needs', status: 'needs_response', needsResponse: true });
    expect(byId.get(round.ids.waiting)).toEqual({ id: 'dp_won', status: 'won', needsResponse: false });
    const declined = (await get(`/api/staff/billing/${round.roundId}?state=declined`, 'support').expect(200)).body as BillingChargeList;
    expect(declined.charges.every((c) => c.dispute === null)).toBe(true);
  });

  it('keeps the billing area to the roles that have it', async () => {
    expect((await get('/api/staff/billing', 'fulfilment')).status).toBe(403);
  });
});

describe('disputes on the customer\'s page', () => {
  it('names the dispute on the charge it concerns', async () => {
    const { user_id } = await api.db.selectFrom('plan_order_histories').select('user_id').where('id', '=', round.ids.charged).executeTakeFirstOrThrow();
    const detail = (await get(`/api/staff/customers/${user_id}`, 'support').expect(200)).body as CustomerDetail;
    const charge = detail.charges.find((c) => c.id === round.ids.charged);
    expect(charge?.dispute).toEqual({ id: 'dp_needs', status: 'needs_response', needsResponse: true });
  });
});
