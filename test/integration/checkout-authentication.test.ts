import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleChargeByKey } from '../../api/billing/settle-charge.ts';
import { settleStrandedCheckouts } from '../../api/billing/stranded-checkouts.ts';
import { CHECKOUT_AUTHENTICATION_MS } from '../../shared/charge-authentication.ts';
import { href } from '../../shared/routes.ts';
import { MINUTE, PUBLIC_ORIGIN, START } from './api-account-fixtures.ts';
import {
  historiesOf, newShopper, seedCatalogue, startSubscriptionApi, subscribe, userPlansOf, type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { billingContext } from './billing-fixtures.ts';
import { AUTH_PAGE_ORIGIN, createAuthenticatingProvider, type AuthenticatingProvider } from './charge-auth-provider.ts';

/**
 * Issue 30, "3-D Secure at checkout, not a decline": the shopper is at the screen, so checkout
 * charges the first round on-session; a bank that asks for authentication sends the shopper to its
 * page (202 with the page), and the subscription starts once, when the charge succeeded, whatever
 * the shopper does with Back, a second tab, a closed tab or a failed page. The provider is the
 * sandbox with a double whose chosen cards are held for authentication (charge-auth-provider.ts).
 */
let api: AccountApi;
let shop: Catalogue;
let provider: AuthenticatingProvider;

const SUBSCRIBED = 'お申し込みを受け付けました';
const tokenOf = async (who: Shopper) =>
  (await api.db.selectFrom('user_cards').select('token').where('user_id', '=', who.userId).executeTakeFirstOrThrow()).token;
const back = (who: Shopper, userPlanId: number, stripeParams = '') =>
  request(api.app).get(`/api/userPlan/authentication/return?userPlanId=${userPlanId}${stripeParams}`).set('cookie', who.cookie);
const livePlans = async (who: Shopper) => (await request(api.app).get('/api/userPlan').set('cookie', who.cookie)).body as unknown[];
const subscribedMails = (who: Shopper) => api.mailbox.mails.filter((m) => m.to.includes(who.email) && m.subject.includes(SUBSCRIBED));
const completePath = () => href('complete', { slug: shop.slug, planId: shop.light });
const checkoutPath = () => href('checkout', { slug: shop.slug, planId: shop.light });

/** A shopper whose bank asks for 3-D Secure on every charge. */
async function authShopper(): Promise<Shopper> {
  const shopper = await newShopper(api);
  provider.needsAuth.add(await tokenOf(shopper));
  return shopper;
}

beforeAll(async () => {
  api = await startSubscriptionApi({ paymentProvider: createAuthenticatingProvider });
  provider = api.paymentProvider as AuthenticatingProvider;
  shop = await seedCatalogue(api.db);
  api.clock.now = START;
}, 120_000);
afterAll(async () => api?.close());

describe('checkout when the bank asks for 3-D Secure', () => {
  const a = {} as { who: Shopper; userPlanId: number; url: string };

  it('answers 202 with the bank\'s page; the charge is on-session and returns to the shop; nothing starts yet', async () => {
    a.who = await authShopper();
    const res = await subscribe(api, a.who, { planId: shop.light, count: 2, expectedTotal: 7260 }, 'auth-a-first-key');
    expect(res.status, res.text).toBe(202);
    const [plan] = await userPlansOf(api, a.who.userId);
    a.userPlanId = plan!.id;
    const [row] = await historiesOf(api, a.who.userId);
    a.url = `${AUTH_PAGE_ORIGIN}/authenticate/pi_${row!.charge_key}`;
    expect(res.body).toEqual({ authenticationUrl: a.url });
    expect(provider.charges.at(-1)).toMatchObject({ amount: 7260, returnUrl: `${PUBLIC_ORIGIN}/api/userPlan/authentication/return?userPlanId=${a.userPlanId}` });
    expect(plan!.status).toBe('PENDING');
    expect(row).toMatchObject({ payment_status: 'BEFORE', charge_id: `pi_${row!.charge_key}`, total: 7260 });
    expect(row!.action_required_at).not.toBeNull();
    expect(await livePlans(a.who)).toEqual([]);
  });

  it('Back and the same form again: the same page for the same charge, never a second charge', async () => {
    const charges = provider.charges.length;
    const res = await subscribe(api, a.who, { planId: shop.light, count: 2, expectedTotal: 7260 }, 'auth-a-first-key');
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ authenticationUrl: a.url });
    expect(provider.charges.length).toBe(charges);
    expect((await historiesOf(api, a.who.userId)).length).toBe(1);
  });

  it('authenticated: the return starts the subscription once, with one mail; the key then replays the 201', async () => {
    const [row] = await historiesOf(api, a.who.userId);
    provider.authenticate(row!.charge_key);
    const first = await back(a.who, a.userPlanId, `&payment_intent=pi_x&payment_intent_client_secret=pi_x_secret_y&redirect_status=succeeded`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(completePath());
    const again = await back(a.who, a.userPlanId);
    expect(again.headers.location).toBe(completePath());
    expect((await userPlansOf(api, a.who.userId)).map((p) => p.status)).toEqual(['ACTIVE']);
    expect(await historiesOf(api, a.who.userId)).toMatchObject([{ payment_status: 'SUCCESS', action_required_at: null, total: 7260 }]);
    const mail = await api.mailbox.waitFor(a.who.email, (m) => m.subject.includes(SUBSCRIBED));
    expect(mail.text).toContain('¥7,260');
    const replay = await subscribe(api, a.who, { planId: shop.light, count: 2, expectedTotal: 7260 }, 'auth-a-first-key');
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ history: { total: 7260, paymentStatus: 'SUCCESS' } });
    expect(await livePlans(a.who)).toHaveLength(1);
    expect(subscribedMails(a.who)).toHaveLength(1);
  });

  it('failed at the bank: back on checkout saying so, nothing charged, the held charge cancelled so it can take nothing later', async () => {
    const who = await authShopper();
    expect((await subscribe(api, who, { planId: shop.light }, 'auth-b-first-key')).status).toBe(202);
    const [plan] = await userPlansOf(api, who.userId);
    const [row] = await historiesOf(api, who.userId);
    const res = await back(who, plan!.id, '&redirect_status=failed');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${checkoutPath()}?count=1&auth=failed`);
    expect(provider.cancelled).toContain(row!.charge_key);
    provider.authenticate(row!.charge_key);
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED']);
    expect((await back(who, plan!.id)).headers.location).toBe(`${checkoutPath()}?count=1&auth=failed`);
    expect(await livePlans(who)).toEqual([]);
    // Applying again (the page renders a new key) goes to the bank again, for a new charge.
    expect((await subscribe(api, who, { planId: shop.light }, 'auth-b-second-key')).status).toBe(202);
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED', 'PENDING']);
  });

  it('a second tab\'s new application cancels the held one and goes to the bank for itself', async () => {
    const who = await authShopper();
    expect((await subscribe(api, who, { planId: shop.light }, 'auth-c-tab-one')).status).toBe(202);
    const [held] = await historiesOf(api, who.userId);
    const second = await subscribe(api, who, { planId: shop.light }, 'auth-c-tab-two');
    expect(second.status, second.text).toBe(202);
    expect(provider.cancelled).toContain(held!.charge_key);
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED', 'PENDING']);
    // The first tab's page, finished after all, takes nothing and starts nothing.
    provider.authenticate(held!.charge_key);
    const [first] = await userPlansOf(api, who.userId);
    expect((await back(who, first!.id)).headers.location).toBe(`${checkoutPath()}?count=1&auth=failed`);
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED', 'PENDING']);
  });

  it('a second tab after the first authenticated: the first one starts, the second is told it is subscribed', async () => {
    const who = await authShopper();
    expect((await subscribe(api, who, { planId: shop.light }, 'auth-d-tab-one')).status).toBe(202);
    const [held] = await historiesOf(api, who.userId);
    provider.authenticate(held!.charge_key);
    const second = await subscribe(api, who, { planId: shop.light }, 'auth-d-tab-two');
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('ALREADY_SUBSCRIBED');
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['ACTIVE']);
    await api.mailbox.waitFor(who.email, (m) => m.subject.includes(SUBSCRIBED));
  });

  it('the tab closed after the bank\'s page: the gateway\'s webhook starts the subscription, with its mail', async () => {
    const who = await authShopper();
    expect((await subscribe(api, who, { planId: shop.light }, 'auth-e-key')).status).toBe(202);
    const [held] = await historiesOf(api, who.userId);
    expect(await settleChargeByKey(billingContext(api), held!.charge_key)).toBe('unchanged');
    provider.authenticate(held!.charge_key);
    expect(await settleChargeByKey(billingContext(api), held!.charge_key)).toBe('paid');
    expect(await settleChargeByKey(billingContext(api), held!.charge_key)).toBe('unchanged');
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['ACTIVE']);
    await api.mailbox.waitFor(who.email, (m) => m.subject.includes(SUBSCRIBED));
    expect((await back(who, held!.user_plan_id)).headers.location).toBe(completePath());
  });

  it('a page left unfinished: the billing pass leaves it to the shopper within the window, then cancels it', async () => {
    const who = await authShopper();
    const saved = api.clock.now;
    try {
      expect((await subscribe(api, who, { planId: shop.premium }, 'auth-f-key')).status).toBe(202);
      const [held] = await historiesOf(api, who.userId);
      api.clock.now = new Date(saved.getTime() + 5 * MINUTE);
      await settleStrandedCheckouts(billingContext(api));
      expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['PENDING']);
      expect(provider.cancelled).not.toContain(held!.charge_key);
      api.clock.now = new Date(saved.getTime() + CHECKOUT_AUTHENTICATION_MS + MINUTE);
      await settleStrandedCheckouts(billingContext(api));
      expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED']);
      expect(provider.cancelled).toContain(held!.charge_key);
    } finally {
      api.clock.now = saved;
    }
  });

  it('refuses another shopper\'s return (404), and a bad id (400)', async () => {
    const other = await newShopper(api);
    expect((await back(other, a.userPlanId)).status).toBe(404);
    const bad = await request(api.app).get('/api/userPlan/authentication/return?userPlanId=abc').set('cookie', other.cookie);
    expect(bad.status).toBe(400);
  });
});
