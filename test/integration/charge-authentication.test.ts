import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requeueRetries } from '../../api/billing/retries.ts';
import type { UserOverview } from '../../shared/api/overview.ts';
import { AUTHENTICATION_REQUIRED } from '../../shared/charge-authentication.ts';
import { MINUTE, PUBLIC_ORIGIN, START } from './api-account-fixtures.ts';
import {
  NEXT_DEADLINE, newShopper, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { billingContext, billingRowsOf, runPass, secureCookie } from './billing-fixtures.ts';
import { AUTH_PAGE_ORIGIN, createAuthenticatingProvider, type AuthenticatingProvider } from './charge-auth-provider.ts';

/**
 * Issue 20: a billing charge the bank wants authenticated (3-D Secure on an off-session charge).
 * The provider is the sandbox with a double's answer `action_required` for chosen cards.
 */
let api: AccountApi;
let shop: Catalogue;
let provider: AuthenticatingProvider;
const s: Record<'a' | 'b' | 'd' | 'e', Shopper> = {} as never;

const tokenOf = async (who: Shopper) =>
  (await api.db.selectFrom('user_cards').select('token').where('user_id', '=', who.userId).executeTakeFirstOrThrow()).token;
const rowOf = async (who: Shopper) => (await billingRowsOf(api, who.userId, shop.nextRound.light))[0]!;
const start = (who: Shopper, historyId: number) => request(api.app).post('/api/charge-authentication').set('cookie', who.cookie).send({ historyId });
const back = (who: Shopper, query: string) => request(api.app).get(`/api/charge-authentication/return?${query}`).set('cookie', who.cookie);

beforeAll(async () => {
  api = await startSubscriptionApi({ paymentProvider: createAuthenticatingProvider });
  provider = api.paymentProvider as AuthenticatingProvider;
  shop = await seedCatalogue(api.db);
  for (const name of ['a', 'b', 'd', 'e'] as const) {
    s[name] = await newShopper(api);
    expect((await subscribe(api, s[name], { planId: shop.light })).status).toBe(201);
  }
  // From now on the banks of a, b and d ask for authentication of every off-session charge.
  for (const who of [s.a, s.b, s.d]) provider.needsAuth.add(await tokenOf(who));
  api.clock.now = new Date(NEXT_DEADLINE.getTime() + MINUTE);
  for (const who of Object.values(s)) who.cookie = await secureCookie(api, who.userId);
  expect(await runPass(api)).toMatchObject({ charged: 1, declined: 3 });
}, 120_000);
afterAll(async () => api?.close());

describe('a billing charge that needs authentication', () => {
  it('waits as a decline with the charge to authenticate, and mails the shopper a link to my page', async () => {
    const row = await rowOf(s.a);
    expect(row).toMatchObject({ payment_status: 'ERROR', attempts: 1, charge_id: `pi_${row.charge_key}`, decline_reason: AUTHENTICATION_REQUIRED.ja });
    expect(row.action_required_at?.getTime()).toBe(api.clock.now.getTime());
    expect(row.next_attempt_at).not.toBeNull();
    const mail = await api.mailbox.waitFor(s.a.email, (m) => m.subject.includes('お支払いの本人認証のお願い'));
    expect(mail.text).toContain('1月号');
    expect(mail.text).toContain('¥3,960');
    expect(mail.text).toContain('2027/01/25');
    expect(mail.text).toContain(`${PUBLIC_ORIGIN}/mypage/profile`);
    const keys = await api.db.selectFrom('billing_mails').select('key').where('history_id', '=', row.id).execute();
    expect(keys.map((k) => k.key)).toEqual([`auth:${row.id}:1`]);
  });

  it('shows my page the action to authenticate, not a change of method', async () => {
    const row = await rowOf(s.a);
    const overview = (await request(api.app).get('/api/user/overview').set('cookie', s.a.cookie)).body as UserOverview;
    expect(overview.actions).toEqual([expect.objectContaining({
      kind: 'chargeNeedsAuthentication', historyId: row.id, total: 3960, until: '2027-01-25T01:00:00.000Z', label: expect.objectContaining({ ja: '1月号' }),
    })]);
  });

  it('refuses another shopper\'s round (404) and a body with extra keys (400)', async () => {
    const row = await rowOf(s.a);
    expect((await start(s.e, row.id)).status).toBe(404);
    const extra = await request(api.app).post('/api/charge-authentication').set('cookie', s.a.cookie).send({ historyId: row.id, url: 'https://evil.example' });
    expect(extra.status).toBe(400);
    expect((await request(api.app).post('/api/charge-authentication').send({ historyId: row.id })).status).toBe(401);
  });

  it('sends the shopper to the provider\'s page, and the return settles the round by asking the provider', async () => {
    const row = await rowOf(s.a);
    const started = await start(s.a, row.id);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ url: `${AUTH_PAGE_ORIGIN}/authenticate/pi_${row.charge_key}` });
    expect(provider.returnUrls.at(-1)).toBe(`${PUBLIC_ORIGIN}/api/charge-authentication/return?historyId=${row.id}`);
    // Back without authenticating, with Stripe's keys claiming success: they are not read.
    const early = await back(s.a, `historyId=${row.id}&payment_intent=pi_x&payment_intent_client_secret=pi_x_secret_y&redirect_status=succeeded`);
    expect(early.status).toBe(303);
    expect(early.headers.location).toBe('/mypage/profile?auth=failed');
    expect(await rowOf(s.a)).toMatchObject({ payment_status: 'ERROR' });
    provider.authenticate(row.charge_key);
    const paid = await back(s.a, `historyId=${row.id}&payment_intent=pi_x&redirect_status=failed`);
    expect(paid.headers.location).toBe('/mypage/profile?auth=paid');
    const after = await rowOf(s.a);
    expect(after).toMatchObject({ payment_status: 'SUCCESS', action_required_at: null, charge_id: `pi_${row.charge_key}` });
    expect(after.paid_at?.getTime()).toBe(api.clock.now.getTime());
    const mails = await api.db.selectFrom('billing_mails').select(['key', 'subject']).where('history_id', '=', row.id).orderBy('key').execute();
    expect(mails).toEqual([{ key: `auth:${row.id}:1`, subject: expect.any(String) }, { key: `charged:${row.id}`, subject: expect.stringContaining('お支払い完了') }]);
    // Again (a reload of the return page): still paid, nothing moves twice.
    expect((await back(s.a, `historyId=${row.id}`)).headers.location).toBe('/mypage/profile?auth=paid');
    expect((await start(s.a, row.id)).status).toBe(409);
    const overview = (await request(api.app).get('/api/user/overview').set('cookie', s.a.cookie)).body as UserOverview;
    expect(overview.actions).toEqual([]);
  });

  it('answers my page at once when the charge was already paid at the provider (another tab, a webhook first)', async () => {
    const row = await rowOf(s.d);
    provider.authenticate(row.charge_key);
    const started = await start(s.d, row.id);
    expect(started.body).toEqual({ url: '/mypage/profile?auth=paid' });
    expect(await rowOf(s.d)).toMatchObject({ payment_status: 'SUCCESS', action_required_at: null });
  });

  it('stops waiting when a retry starts a new attempt: the old charge can no longer be authenticated', async () => {
    const row = await rowOf(s.b);
    expect(await requeueRetries(billingContext(api), { historyId: row.id }, true)).toBe(1);
    const requeued = await rowOf(s.b);
    expect(requeued).toMatchObject({ payment_status: 'BEFORE', attempts: 2, action_required_at: null, charge_id: null });
    expect((await start(s.b, row.id)).status).toBe(409);
    // The new attempt is held too: a new charge to authenticate, a new mail.
    await runPass(api);
    const again = await rowOf(s.b);
    expect(again).toMatchObject({ payment_status: 'ERROR', attempts: 2, charge_id: `pi_${again.charge_key}` });
    expect(again.action_required_at).not.toBeNull();
    const keys = await api.db.selectFrom('billing_mails').select('key').where('history_id', '=', row.id).orderBy('key').execute();
    expect(keys.map((k) => k.key)).toEqual([`auth:${row.id}:1`, `auth:${row.id}:2`]);
  });

  it('tells the shopper when the provider has nothing to authenticate (409) and the round becomes a plain decline', async () => {
    const row = await rowOf(s.b);
    provider.unavailable.add(row.charge_key);
    const refused = await start(s.b, row.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('本人認証の対象ではありません');
    expect(refused.body.messageEn).toContain('does not need authentication');
    expect(await rowOf(s.b)).toMatchObject({ payment_status: 'ERROR', action_required_at: null });
    const overview = (await request(api.app).get('/api/user/overview').set('cookie', s.b.cookie)).body as UserOverview;
    expect(overview.actions.map((a) => a.kind)).toEqual(['chargeFailed']);
  });

  it('refuses once the box\'s ship date has passed', async () => {
    const later = await api.db.selectFrom('plan_order_histories').select(['id']).where('user_id', '=', s.b.userId).where('origin', '=', 'billing').executeTakeFirstOrThrow();
    await api.db.updateTable('plan_order_histories').set({ action_required_at: api.clock.now }).where('id', '=', later.id).execute();
    provider.unavailable.clear();
    const saved = api.clock.now;
    api.clock.now = new Date('2027-01-25T01:00:00.000Z');
    s.b.cookie = await secureCookie(api, s.b.userId);
    expect((await start(s.b, later.id)).status).toBe(409);
    api.clock.now = saved;
  });
});

// Checkout's own 3-D Secure (on-session, issue 30): checkout-authentication.test.ts.

describe('a refund the gateway settles later', () => {
  it('stays pending on the round (its webhook settles it), not failed', async () => {
    api.clock.now = START;
    const shopper = await newShopper(api);
    expect((await subscribe(api, shopper, { planId: shop.light })).status).toBe(201);
    provider.refundsPending = true;
    try {
      expect((await request(api.app).delete(`/api/userPlan/${shop.light}`).set('cookie', shopper.cookie)).status).toBe(200);
    } finally {
      provider.refundsPending = false;
    }
    const [row] = await api.db.selectFrom('plan_order_histories').selectAll().where('user_id', '=', shopper.userId).execute();
    expect(row).toMatchObject({ payment_status: 'CANCEL', refund_status: 'pending', refunded_at: null });
  });
});
