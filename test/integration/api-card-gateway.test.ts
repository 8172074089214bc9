import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditInfo } from '../../shared/api/types.ts';
import { CARD_REREGISTER_DECLINE } from '../../shared/card-gateway.ts';
import { MINUTE } from './api-account-fixtures.ts';
import { registerCard } from './api-payment-fixtures.ts';
import {
  NEXT_DEADLINE, newShopper, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { billingRowsOf, chargesAtProvider, runPass, secureCookie } from './billing-fixtures.ts';

/**
 * Cards of another gateway (issue 20): a card saved at Stripe while the sandbox runs (or the other
 * way round, after a switch) cannot be charged; the shop treats it as no card and asks the
 * shopper to register again.
 */
let api: AccountApi;
let shop: Catalogue;
const savedAtStripe = (who: Shopper) => api.db.updateTable('user_cards').set({ provider: 'stripe' }).where('user_id', '=', who.userId).execute();
const creditInfo = async (who: Shopper) =>
  (await request(api.app).get(`/api/credit-info?userId=${who.userId}`).set('cookie', who.cookie).expect(200)).body as CreditInfo;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
}, 60_000);
afterAll(async () => api?.close());

describe('a card saved at another gateway', () => {
  it('is no card: credit-info says so and asks for a new registration', async () => {
    const who = await newShopper(api);
    expect(await creditInfo(who)).toMatchObject({ registered: true, needsReRegistration: false });
    await savedAtStripe(who);
    expect(await creditInfo(who)).toEqual({ registered: false, cardBrand: null, cardLast4: null, expiry: null, needsReRegistration: true });
  });

  it('cannot pay a checkout (409, choose a card)', async () => {
    const who = await newShopper(api);
    await savedAtStripe(who);
    const refused = await subscribe(api, who, { planId: shop.light });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PAYMENT_METHOD_REQUIRED');
  });

  it('is declined by the billing run with the failed mail, and a card registered again pays the round', async () => {
    const who = await newShopper(api);
    expect((await subscribe(api, who, { planId: shop.light })).status).toBe(201);
    await savedAtStripe(who);
    api.clock.now = new Date(NEXT_DEADLINE.getTime() + MINUTE);
    await runPass(api);
    const [row] = await billingRowsOf(api, who.userId, shop.nextRound.light);
    expect(row).toMatchObject({ payment_status: 'ERROR', decline_reason: CARD_REREGISTER_DECLINE });
    expect(await chargesAtProvider(api, row!.user_plan_id, shop.nextRound.light)).toEqual([]);
    await api.mailbox.waitFor(who.email, (m) => m.subject.includes('お支払いができませんでした'));
    const { back } = await registerCard(api, { id: who.userId, cookie: await secureCookie(api, who.userId) }, '5555555555554444');
    expect(back?.headers.location).toContain('card=registered');
    const card = await api.db.selectFrom('user_cards').select('provider').where('user_id', '=', who.userId).executeTakeFirstOrThrow();
    expect(card.provider).toBe('sandbox');
    const [paid] = await billingRowsOf(api, who.userId, shop.nextRound.light);
    expect(paid).toMatchObject({ payment_status: 'SUCCESS' });
  });
});
