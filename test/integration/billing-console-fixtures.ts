import type { Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';
import { billingOrderKey } from '../../shared/billing-rules.ts';

/**
 * A round whose deadline has passed, with one billing charge in each state the console's Billing
 * area shows (shared/dashboard-figures.ts `billingStateOf`), for api-staff-billing.test.ts and
 * web-console-billing.test.ts. The shopper's card is a sandbox card that charges.
 */
export interface BillingRound {
  roundId: number;
  ids: { charged: number; waiting: number; declined: number; retrying: number; inDoubt: number; busy: number; queued: number };
  /** The order key the in-doubt row was sent with; the sandbox took that charge. */
  inDoubtKey: string;
}

export const BILLING_EMAIL = 'declined@billing.example';
export const DECLINE_REASON = 'カード会社により決済が拒否されました。';
const DAY = 86_400_000;

type Row = { status: string; attempts?: number; claims?: number; claimedUntil?: Date | null; nextAttemptAt?: Date | null; paid?: boolean };

export async function seedBillingRound(db: Kysely<DB>, slug: string, now: Date): Promise<BillingRound> {
  const artist = await db.insertInto('artists').values({ slug, name: '星乃ミライ', type: 'VTUBER', attribute: JSON.stringify({ links: [] }) }).returning('id').executeTakeFirstOrThrow();
  const planId = (await db.insertInto('plans').values({ artist_id: artist.id, name: 'スタンダードプラン', price: 3300, pre_tax_price: 3000 }).returning('id').executeTakeFirstOrThrow()).id;
  const roundId = (await db.insertInto('plan_orders').values({
    plan_id: planId, name: '12月号', price: 3300, pre_tax_price: 3000, start_date: new Date(now.getTime() - 30 * DAY),
    end_date: new Date(now.getTime() - DAY), ship_date: new Date(now.getTime() + 10 * DAY),
  }).returning('id').executeTakeFirstOrThrow()).id;
  let serial = 0;
  /** A shopper with a sandbox card that charges: one live subscription per shopper and plan. */
  const shopper = async (email: string) => {
    serial += 1;
    const userId = (await db.insertInto('users').values({ email, password_hash: 'x', name: '推野 花子', payment_method: 'CARD' }).returning('id').executeTakeFirstOrThrow()).id;
    const token = `tok_${slug}_${serial}`;
    await db.insertInto('sandbox_cards').values({ token, brand: 'Visa', last4: '4242', expiry: '12/30', created_at: now }).execute();
    await db.insertInto('user_cards').values({ user_id: userId, token, brand: 'Visa', last4: '4242', expiry: '12/30', updated_at: now }).execute();
    return { userId, token };
  };

  const add = async (row: Row, email = `${slug}-${serial + 1}@billing.example`): Promise<{ id: number; key: string; token: string }> => {
    const { userId, token } = await shopper(email);
    const userPlanId = (await db.insertInto('user_plans').values({ user_id: userId, plan_id: planId, count: 1, status: 'ACTIVE', created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    const attempts = row.attempts ?? 1;
    const key = billingOrderKey(userPlanId, roundId, attempts);
    const id = (await db.insertInto('plan_order_histories').values({
      user_id: userId, user_plan_id: userPlanId, plan_id: planId, plan_order_id: roundId, payment_method: 'CARD', payment_status: row.status,
      count: 1, price: 3300, pre_tax_price: 3000, ship_fee: 660, pre_tax_ship_fee: 600, total: 3960, ship_src_name: 'OshiBox',
      ship_zip: '1500002', ship_address: '東京都渋谷区渋谷', ship_address2: '', ship_dest_name: '推野 花子', ship_tel: '0312345678',
      charge_key: key, origin: 'billing', attempts, claims: row.claims ?? (row.status === 'BEFORE' ? 0 : 1), claimed_until: row.claimedUntil ?? null,
      next_attempt_at: row.nextAttemptAt ?? null, decline_reason: row.status === 'ERROR' ? DECLINE_REASON : null,
      paid_at: row.paid ? now : null, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    return { id, key, token };
  };
  const charged = await add({ status: 'SUCCESS', paid: true });
  const waiting = await add({ status: 'WAITING', paid: true });
  const declined = await add({ status: 'ERROR', attempts: 3 }, `${slug}-${BILLING_EMAIL}`);
  const retrying = await add({ status: 'ERROR', attempts: 1, nextAttemptAt: new Date(now.getTime() + DAY) });
  // Sent to the provider, whose answer never came back; the provider did take it.
  const inDoubt = await add({ status: 'BEFORE', claims: 1, claimedUntil: new Date(Date.now() - 60_000) });
  await db.insertInto('sandbox_charges').values({
    order_key: inDoubt.key, charge_id: `ch_${slug}_doubt`, source_kind: 'card', token: inDoubt.token, amount: 3960, status: 'succeeded', created_at: now,
  }).execute();
  // In doubt, but a worker holds it right now (its lease runs on the database's clock).
  const busy = await add({ status: 'BEFORE', claims: 1, claimedUntil: new Date(Date.now() + 3_600_000) });
  const queued = await add({ status: 'BEFORE' });
  return {
    roundId, inDoubtKey: inDoubt.key,
    ids: { charged: charged.id, waiting: waiting.id, declined: declined.id, retrying: retrying.id, inDoubt: inDoubt.id, busy: busy.id, queued: queued.id },
  };
}
