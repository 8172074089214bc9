import type { ArtistTenure } from '../../shared/api/types.ts';
import { isPaymentStatus } from '../../shared/payment.ts';
import { tenures } from '../../shared/tenure.ts';
import type { Db } from '../db/schema.ts';

/**
 * 継続月数 per artist (shared/tenure.ts) from the fan's charged rounds and every subscription they
 * ever held: two queries, whatever the length of the history. My page and the console show it.
 */
export async function tenureOf(db: Db, userId: number, now: Date): Promise<ArtistTenure[]> {
  const { streaks, artists } = await streaksOf(db, userId, now);
  return streaks.map((t) => ({ artist: artists.get(t.artistId) ?? { name: '', slug: '' }, rounds: t.rounds, months: t.months }));
}

/** The streaks by artist id (the vault's milestones read them too), with the artists' names. */
export async function streaksOf(db: Db, userId: number, now: Date) {
  const [boxes, subscriptions] = await Promise.all([
    db.selectFrom('plan_order_histories as h')
      .innerJoin('plan_orders as o', 'o.id', 'h.plan_order_id')
      .innerJoin('plans as p', 'p.id', 'h.plan_id')
      .select(['p.artist_id', 'h.user_plan_id', 'o.ship_date', 'p.period', 'h.payment_status', 'h.superseded_by'])
      .where('h.user_id', '=', userId).execute(),
    db.selectFrom('user_plans as up').innerJoin('plans as p', 'p.id', 'up.plan_id')
      .innerJoin('artists as a', 'a.id', 'p.artist_id')
      .select(['up.id', 'p.artist_id', 'up.created_at', 'up.cancelled_at', 'up.status', 'a.name as artist_name', 'a.slug as artist_slug'])
      .where('up.user_id', '=', userId).execute(),
  ]);
  const streaks = tenures(
    boxes.flatMap((b) => (isPaymentStatus(b.payment_status) ? [{
      artistId: b.artist_id, userPlanId: b.user_plan_id, roundShipDate: b.ship_date, months: b.period,
      paymentStatus: b.payment_status, superseded: b.superseded_by !== null,
    }] : [])),
    subscriptions.map((s) => ({ id: s.id, artistId: s.artist_id, createdAt: s.created_at, cancelledAt: s.cancelled_at, live: s.status === 'ACTIVE' || s.status === 'PENDING' })),
    now,
  );
  const artists = new Map(subscriptions.map((s) => [s.artist_id, { name: s.artist_name, slug: s.artist_slug }]));
  return { streaks, artists };
}
