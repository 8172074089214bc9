import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { insertHistory, insertSubscription, seedHistoryShop, type HistoryShop } from '../support/order-history-rows.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/**
 * The order number a shopper copies into the warehouse's shipments file (README "Rehearse a month":
 * the `orderHistoryId` column) is on each order of 注文履歴 and on its receipt, without JavaScript.
 */
let stack: Stack;
let shop: HistoryShop;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  shop = await seedHistoryShop(stack.database.handle.db, 'order-number-web');
});
afterAll(async () => stack?.close());

async function shopperWithOrders() {
  const db = stack.database.handle.db;
  const userId = await insertUser(db, { ...KNOWN_USER, email: 'order-number@example.com' });
  const token = 'order-number-session-0123456789abcdef';
  await insertSession(db, { token, userId, expiresAt: new Date(Date.now() + 86_400_000) });
  const ids = { userId, userPlanId: await insertSubscription(db, userId, shop, new Date()), shop };
  const december = await insertHistory(db, ids);
  const january = await insertHistory(db, { ...ids, userPlanId: await insertSubscription(db, userId, shop, new Date(), 'CANCELLED') }, {
    plan_order_id: shop.januaryRound, created_at: new Date('2026-12-31T15:01:00Z'),
  });
  return { cookie: `${SESSION_COOKIE}=${token}`, december, orders: [december, january] };
}

const pageOf = async (path: string, cookie: string) => (await request(stack.web).get(path).set('cookie', cookie).expect(200)).text.replaceAll('<!-- -->', '');

describe('the order number', () => {
  it('is on each order of 注文履歴, in that order\'s card, and on its receipt', async () => {
    const { cookie, december, orders } = await shopperWithOrders();
    const html = await pageOf(href('orderHistory'), cookie);
    for (const id of orders) {
      const card = html.slice(html.indexOf(`aria-labelledby="order-${id}"`));
      const ownCard = card.slice(0, card.indexOf('</article>'));
      expect(ownCard).toMatch(new RegExp(`<dt>注文番号</dt><dd class="order-number">${id}</dd>`));
    }
    const english = await pageOf(`${href('orderHistory')}?lang=en`, cookie);
    expect(english).toContain(`<dt>Order no.</dt><dd class="order-number">${december}</dd>`);

    const id = december;
    await request(stack.web).post(href('receipt', { id })).type('form').set('sec-fetch-site', 'same-origin').set('cookie', cookie)
      .send({ intent: 'issue', addressee: '推野 花子' }).expect(303);
    const receipt = await pageOf(href('receipt', { id }), cookie);
    expect(receipt).toContain(`<dt>注文番号</dt><dd>${id}</dd>`);
  });
});
