import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFERRED_LIMIT_DECLINE } from '../../shared/deferred-payment.ts';
import { formatDateTime } from '../../shared/format.ts';
import { DEFERRED_PAYMENT } from '../../shared/money.ts';
import { MINUTE } from './api-account-fixtures.ts';
import { chooseDeferredPayment } from './api-user-plan-card.ts';
import {
  historiesOf, NEXT_DEADLINE, newShopper, seedCatalogue, startSubscriptionApi, subscribe,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { billingRowsOf, chargesAtProvider, runPass, secureCookie } from './billing-fixtures.ts';

/**
 * The GMO deferred payment limit (¥55,000 unpaid in total) at the billing run, as at checkout:
 * a January charge that would pass it is not made; the round is declined with a mail asking for
 * a card before its ship date, and a switch to the card charges it at once.
 */
let api: AccountApi;
let shop: Catalogue;
let over: Shopper;
let atLimit: Shopper;
const JANUARY_GMOAB_TOTAL = 4290; // light plan ¥3,300 + shipping ¥660 + the GMOAB fee ¥330

/** Other deferred invoices still unpaid: the checkout round's total stands for all of them. */
async function owe(who: Shopper, total: number): Promise<void> {
  const [checkout] = await historiesOf(api, who.userId);
  await api.db.updateTable('plan_order_histories').set({ total }).where('id', '=', checkout!.id).execute();
}

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
  [over, atLimit] = [await newShopper(api), await newShopper(api)];
  for (const who of [over, atLimit]) {
    expect((await chooseDeferredPayment(api, who)).status).toBe(200);
    expect((await subscribe(api, who, { planId: shop.light })).status).toBe(201);
  }
  await owe(over, DEFERRED_PAYMENT.cumulativeLimitTaxIncluded - JANUARY_GMOAB_TOTAL + 1);
  await owe(atLimit, DEFERRED_PAYMENT.cumulativeLimitTaxIncluded - JANUARY_GMOAB_TOTAL);
  api.clock.now = new Date(NEXT_DEADLINE.getTime() + MINUTE);
  await runPass(api);
}, 120_000);
afterAll(async () => api?.close());

describe('the deferred payment limit at the billing run', () => {
  it('charges a round that reaches the limit exactly', async () => {
    const [row] = await billingRowsOf(api, atLimit.userId, shop.nextRound.light);
    expect(row).toMatchObject({ payment_status: 'SUCCESS', payment_method: 'GMOAB', total: JANUARY_GMOAB_TOTAL });
  });

  it('does not charge a round that would pass it: ERROR, nothing at the provider, a mail asking for a card by the ship date', async () => {
    const [row] = await billingRowsOf(api, over.userId, shop.nextRound.light);
    expect(row).toMatchObject({ payment_status: 'ERROR', payment_method: 'GMOAB', decline_reason: DEFERRED_LIMIT_DECLINE, attempts: 1 });
    expect(await chargesAtProvider(api, row!.user_plan_id, shop.nextRound.light)).toEqual([]);
    const mail = await api.mailbox.waitFor(over.email, (m) => m.subject.includes('クレジットカードへの変更'));
    expect(mail.subject).toContain('1月号');
    expect(mail.text).toContain('ご利用限度額¥55,000（税込）を超える');
    const shipDate = (await api.db.selectFrom('plan_orders').select('ship_date').where('id', '=', shop.nextRound.light).executeTakeFirstOrThrow()).ship_date;
    expect(mail.text).toContain(`${formatDateTime(shipDate)}までに、お支払い方法をクレジットカードに変更してください`);
    expect(mail.text).toContain('http://localhost:3000/mypage/profile/payment');
  });

  it('charges the round on the card at once when the shopper switches to it', async () => {
    const cookie = await secureCookie(api, over.userId);
    const res = await request(api.app).put('/api/paymentMethod').set('cookie', cookie).send({ paymentMethod: 'CARD' });
    expect(res.status, res.text).toBe(200);
    const [row] = await billingRowsOf(api, over.userId, shop.nextRound.light);
    expect(row).toMatchObject({ payment_status: 'SUCCESS', payment_method: 'CARD', total: JANUARY_GMOAB_TOTAL - 330, attempts: 2 });
    await api.mailbox.waitFor(over.email, (m) => m.subject.includes('お支払い完了'));
  });
});
