import type { Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';

/**
 * A shopper with a card, an active subscription and a round charged at the sandbox provider
 * (issue 19's support tests): the rows a checkout leaves, written directly so a console test
 * starts from "a customer with a charged round". Dates are relative to `now`.
 */
export interface ChargedCustomer {
  userId: number;
  email: string;
  name: string;
  planId: number;
  historyId: number;
  /** The order key of the round's charge at the sandbox provider. */
  chargeKey: string;
  total: number;
}

const DAY = 86_400_000;

export async function insertChargedCustomer(db: Kysely<DB>, tag: string, now = new Date()): Promise<ChargedCustomer> {
  const artist = await db.insertInto('artists').values({ slug: `support-${tag}`, name: `サポート ${tag}`, type: 'VTUBER', attribute: JSON.stringify({ links: [] }) })
    .returning('id').executeTakeFirstOrThrow();
  const plan = await db.insertInto('plans').values({ artist_id: artist.id, name: 'ライトプラン', price: 3300, pre_tax_price: 3000 }).returning('id').executeTakeFirstOrThrow();
  const round = await db.insertInto('plan_orders').values({
    plan_id: plan.id, name: '受付中の回', price: 3300, pre_tax_price: 3000,
    start_date: new Date(now.getTime() - 5 * DAY), end_date: new Date(now.getTime() + 10 * DAY), ship_date: new Date(now.getTime() + 40 * DAY),
  }).returning('id').executeTakeFirstOrThrow();
  const email = `support-${tag}@example.com`;
  const name = `推野 ${tag}`;
  const user = await db.insertInto('users').values({
    email, password_hash: 'scrypt$salt$hash', name, zip: '1500002', address: '東京都渋谷区渋谷', address2: '2-24-12', tel: '0312345678', payment_method: 'CARD',
  }).returning('id').executeTakeFirstOrThrow();
  const token = `tok_support_${tag}`;
  await db.insertInto('sandbox_cards').values({ token, brand: 'Visa', last4: '4242', expiry: '12/30', created_at: now }).execute();
  await db.insertInto('user_cards').values({ user_id: user.id, token, brand: 'Visa', last4: '4242', expiry: '12/30', updated_at: now }).execute();
  const userPlan = await db.insertInto('user_plans').values({ user_id: user.id, plan_id: plan.id, status: 'ACTIVE', created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const total = 3300 + 660;
  const chargeKey = `support-${tag}-1`;
  const history = await db.insertInto('plan_order_histories').values({
    user_id: user.id, user_plan_id: userPlan.id, plan_id: plan.id, plan_order_id: round.id, payment_method: 'CARD', payment_status: 'SUCCESS', count: 1,
    price: 3300, pre_tax_price: 3000, ship_fee: 660, pre_tax_ship_fee: 600, total,
    ship_src_name: 'OshiBox', ship_zip: '1500002', ship_address: '東京都渋谷区渋谷', ship_address2: '2-24-12', ship_dest_name: name, ship_tel: '0312345678',
    charge_key: chargeKey, charge_id: `ch_${chargeKey}`, paid_at: now, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('sandbox_charges').values({
    order_key: chargeKey, charge_id: `ch_${chargeKey}`, source_kind: 'card', token, amount: total, status: 'succeeded', decline_reason: null, created_at: now,
  }).execute();
  return { userId: user.id, email, name, planId: plan.id, historyId: history.id, chargeKey, total };
}
