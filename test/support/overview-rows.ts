import { formatInTimeZone } from 'date-fns-tz';
import type { Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';
import { SHOP_TIME_ZONE } from '../../shared/format.ts';
import { insertHistory, insertSubscription } from './order-history-rows.ts';

/**
 * A shopper's state for my page's overview (issue 18), with dates relative to the real clock
 * (the stack runs on it): one subscription whose last round was declined at its deadline (a retry
 * tomorrow, ship date ahead), the next round open, and a card that expires at the end of this
 * month. Rows inserted directly, as the order history tests do: the API test drives the real flow.
 */
export interface OverviewRows {
  artistName: string;
  failedHistoryId: number;
  declinedRound: { endDate: Date; shipDate: Date };
  openRound: { endDate: Date; shipDate: Date };
  nextAttemptAt: Date;
  cardExpiry: string;
}

const DAY = 86_400_000;

/** The month of `now` in Tokyo as a card's `MM/YY`: a card valid through this month. */
export function expiryThisMonth(now: Date): string {
  return formatInTimeZone(now, SHOP_TIME_ZONE, 'MM/yy');
}

async function seedArtist(db: Kysely<DB>, slug: string, now: number) {
  const artistName = `推しテスト ${slug}`;
  const artist = await db.insertInto('artists').values({ slug, name: artistName, type: 'VTUBER', attribute: JSON.stringify({ links: [] }) })
    .returning('id').executeTakeFirstOrThrow();
  const plan = await db.insertInto('plans').values({ artist_id: artist.id, name: 'ライトプラン', price: 3300, pre_tax_price: 3000, sort: 1 })
    .returning('id').executeTakeFirstOrThrow();
  const declinedRound = { endDate: new Date(now - 2 * DAY), shipDate: new Date(now + 20 * DAY) };
  const openRound = { endDate: new Date(now + 10 * DAY), shipDate: new Date(now + 40 * DAY) };
  const round = async (name: string, r: { endDate: Date; shipDate: Date }, start: number) => (await db.insertInto('plan_orders').values({
    plan_id: plan.id, name, price: 3300, pre_tax_price: 3000, start_date: new Date(start), end_date: r.endDate, ship_date: r.shipDate,
  }).returning('id').executeTakeFirstOrThrow()).id;
  const declinedId = await round('前回の回', declinedRound, now - 30 * DAY);
  const openId = await round('受付中の回', openRound, declinedRound.endDate.getTime());
  return { artistName, planId: plan.id, declinedId, openId, declinedRound, openRound };
}

export async function seedOverviewRows(db: Kysely<DB>, userId: number, slug: string): Promise<OverviewRows> {
  const now = Date.now();
  const a = await seedArtist(db, slug, now);
  const shop = { artistName: a.artistName, planName: 'ライトプラン', planId: a.planId, decemberRound: a.declinedId, januaryRound: a.openId };
  const userPlanId = await insertSubscription(db, userId, shop, new Date(now - 30 * DAY));
  const nextAttemptAt = new Date(now + DAY);
  const failedHistoryId = await insertHistory(db, { userId, userPlanId, shop }, {
    payment_status: 'ERROR', paid_at: null, origin: 'billing', next_attempt_at: nextAttemptAt, created_at: a.declinedRound.endDate,
  });
  const cardExpiry = expiryThisMonth(new Date(now));
  await db.insertInto('user_cards').values({ user_id: userId, token: `tok_overview_${userId}`, brand: 'Visa', last4: '4242', expiry: cardExpiry, updated_at: new Date(now) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ expiry: cardExpiry })).execute();
  await db.updateTable('users').set({ payment_method: 'CARD' }).where('id', '=', userId).execute();
  return { artistName: a.artistName, failedHistoryId, declinedRound: a.declinedRound, openRound: a.openRound, nextAttemptAt, cardExpiry };
}
