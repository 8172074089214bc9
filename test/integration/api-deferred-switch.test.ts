import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFERRED_OFF_DECLINE, DEFERRED_OFF_MESSAGE } from '../../shared/deferred-switch.ts';
import { MINUTE } from './api-account-fixtures.ts';
import {
  NEXT_DEADLINE, newShopper, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { billingRowsOf, chargesAtProvider, runPass, secureCookie } from './billing-fixtures.ts';

/**
 * DEFERRED_PAYMENT=off (issue 20): the shop no longer offers GMO後払い. Shoppers who chose it
 * before the switch keep it on record; they are asked to choose a card, and nothing is charged
 * to deferred payment.
 */
let api: AccountApi;
let shop: Catalogue;
const put = (who: Shopper, paymentMethod: string) => request(api.app).put('/api/paymentMethod').set('cookie', who.cookie).send({ paymentMethod });
/** GMOAB chosen (and screened) while deferred payment was still offered. */
async function onDeferred(who: Shopper): Promise<void> {
  await api.db.updateTable('users').set({ payment_method: 'GMOAB' }).where('id', '=', who.userId).execute();
  await api.db.insertInto('deferred_screenings').values({ user_id: who.userId, approved: true, reason: null, screened_at: api.clock.now })
    .onConflict((oc) => oc.column('user_id').doNothing()).execute();
}

beforeAll(async () => {
  api = await startSubscriptionApi({ deferredPayment: false });
  shop = await seedCatalogue(api.db);
}, 60_000);
afterAll(async () => api?.close());

describe('DEFERRED_PAYMENT=off', () => {
  it('refuses to switch to GMO後払い (409, ja/en) and leaves the method as it was', async () => {
    const who = await newShopper(api);
    who.cookie = await secureCookie(api, who.userId);
    const refused = await put(who, 'GMOAB');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: DEFERRED_OFF_MESSAGE.ja, messageEn: DEFERRED_OFF_MESSAGE.en });
    const user = await api.db.selectFrom('users').select('payment_method').where('id', '=', who.userId).executeTakeFirstOrThrow();
    expect(user.payment_method).toBe('CARD');
    expect((await put(who, 'CARD')).status).toBe(200);
  });

  it('refuses a checkout paid by GMO後払い, asking for a card', async () => {
    const who = await newShopper(api);
    await onDeferred(who);
    const refused = await subscribe(api, who, { planId: shop.light });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PAYMENT_METHOD_REQUIRED', message: DEFERRED_OFF_MESSAGE.ja });
    expect(await api.db.selectFrom('plan_order_histories').select('id').where('user_id', '=', who.userId).execute()).toEqual([]);
  });

  it('declines a GMOAB round at the deadline without calling the provider, and mails the failed-charge notice', async () => {
    const who = await newShopper(api);
    expect((await subscribe(api, who, { planId: shop.light })).status).toBe(201);
    await onDeferred(who);
    api.clock.now = new Date(NEXT_DEADLINE.getTime() + MINUTE);
    await runPass(api);
    const [row] = await billingRowsOf(api, who.userId, shop.nextRound.light);
    expect(row).toMatchObject({ payment_status: 'ERROR', payment_method: 'GMOAB', decline_reason: DEFERRED_OFF_DECLINE, charge_id: null });
    expect(await chargesAtProvider(api, row!.user_plan_id, shop.nextRound.light)).toEqual([]);
    const mail = await api.mailbox.waitFor(who.email, (m) => m.subject.includes('お支払いができませんでした'));
    expect(mail.text).toContain('/mypage/profile/payment');
    // A card chosen now charges the round at once.
    who.cookie = await secureCookie(api, who.userId);
    expect((await put(who, 'CARD')).status).toBe(200);
    const [paid] = await billingRowsOf(api, who.userId, shop.nextRound.light);
    expect(paid).toMatchObject({ payment_status: 'SUCCESS', payment_method: 'CARD' });
  });
});
