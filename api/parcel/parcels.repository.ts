import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * All SQL of parcels (同梱) on the shipping side (docs/decisions/0089-parcels-on-the-carrier-files.md):
 * a fan's boxes to one ship-to whose parcel key is the same travel as one parcel.
 */

/** The statuses of a paid box that still ships or has shipped: a parcel's boxes as its pages show them. */
export const PARCEL_PAID_STATUSES = ['SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED'] as const;

/**
 * A box's parcel key: its own (written when it is charged), else the key of its round's ship date
 * in the window, as shared/parcel.ts `parcelKey` computes it (the Tokyo date, in windows counted
 * from Monday 2024-01-01). `h` and `po` are the aliases of the box and its round.
 */
export function parcelKeySql(h: string, po: string, windowDays: number): RawBuilder<string> {
  const day = sql`((${sql.ref(`${po}.ship_date`)} at time zone 'UTC') + interval '9 hours')::date`;
  const width = Math.max(1, Math.floor(windowDays));
  const start = width === 1 ? day
    : sql`(date '2024-01-01' + (floor((${day} - date '2024-01-01')::numeric / ${sql.lit(width)}) * ${sql.lit(width)})::int)`;
  return sql<string>`coalesce(${sql.ref(`${h}.parcel_key`)}, to_char(${start}, 'YYYY-MM-DD'))`;
}

/** More boxes than one fan's parcel ever has. */
const MAX_PARCEL_BOXES = 100;

/** Which boxes to find the parcels of: these boxes, or a round's warehouse list (its WAITING boxes). */
export type ParcelAnchors = { ids: readonly number[] } | { roundId: number };

/**
 * The other boxes of the parcels of the anchors, one row per anchor and box travelling with it:
 * the same fan, the same ship-to, the same parcel key, not replaced, in `statuses`. A box alone
 * gives no row (a round's export reads no more rows than it has boxes). `include`: `anchor` adds
 * the anchor's own row; `otherRounds` keeps only the boxes of other rounds than the anchor's.
 */
export async function findParcelBoxes(db: Db, anchors: ParcelAnchors, windowDays: number, statuses: readonly string[], include?: 'anchor' | 'otherRounds') {
  if ('ids' in anchors && anchors.ids.length === 0) return [];
  return parcelBoxesQuery(db, anchors, windowDays, statuses, include).execute();
}

export function parcelBoxesQuery(db: Db, anchors: ParcelAnchors, windowDays: number, statuses: readonly string[], include?: 'anchor' | 'otherRounds') {
  // LATERAL: each anchor looks up its fan's boxes to its ship-to through its index (migration 0031),
  // whatever the planner guesses of a table whose statistics are stale (PGlite never analyzes).
  let query = db.selectFrom('plan_order_histories as a').innerJoin('plan_orders as apo', 'apo.id', 'a.plan_order_id')
    .innerJoinLateral((eb) => eb.selectFrom('plan_order_histories as m').innerJoin('plan_orders as po', 'po.id', 'm.plan_order_id')
      .innerJoin('plans as p', 'p.id', 'po.plan_id').innerJoin('artists as ar', 'ar.id', 'p.artist_id')
      .select([
        'm.id', 'm.plan_order_id', 'm.count', 'm.payment_status', 'm.carries_fee', 'm.ship_fee', 'm.ship_number', 'm.carrier',
        'po.ship_date', 'po.name as round_name', 'p.name as plan_name', 'ar.name as artist_name',
      ])
      .whereRef('m.user_id', '=', 'a.user_id').whereRef('m.ship_zip', '=', 'a.ship_zip').whereRef('m.ship_address', '=', 'a.ship_address')
      .whereRef('m.ship_address2', '=', 'a.ship_address2').whereRef('m.ship_dest_name', '=', 'a.ship_dest_name').whereRef('m.ship_tel', '=', 'a.ship_tel')
      // Not a condition an index of statuses could take: the ship-to index (migration 0031) is the one to use.
      .where(sql<boolean>`coalesce(m.payment_status, '') in (${sql.join(statuses.map((s) => sql.lit(s)))})`)
      .where('m.superseded_by', 'is', null)
      .where(sql<boolean>`${parcelKeySql('m', 'po', windowDays)} = ${parcelKeySql('a', 'apo', windowDays)}`)
      // A limit keeps the subquery from being flattened into a join the planner would reorder.
      .limit(MAX_PARCEL_BOXES)
      .as('m'), (join) => join.onTrue())
    .select('a.id as anchor_id').selectAll('m');
  query = 'ids' in anchors ? query.where('a.id', 'in', [...anchors.ids])
    : query.where('a.plan_order_id', '=', anchors.roundId).where('a.payment_status', '=', 'WAITING').where('a.superseded_by', 'is', null);
  if (include === 'otherRounds') query = query.whereRef('m.plan_order_id', '<>', 'a.plan_order_id');
  else if (include !== 'anchor') query = query.whereRef('m.id', '<>', 'a.id');
  return query.orderBy('a.id').orderBy('m.id').limit(50_000);
}

export type ParcelBoxRow = Awaited<ReturnType<typeof findParcelBoxes>>[number];

/** The rows by anchor: each anchor's parcel. */
export function parcelsByAnchor(rows: readonly ParcelBoxRow[]): Map<number, ParcelBoxRow[]> {
  const parcels = new Map<number, ParcelBoxRow[]>();
  for (const row of rows) parcels.set(row.anchor_id, [...(parcels.get(row.anchor_id) ?? []), row]);
  return parcels;
}

/** The rounds' names, for the boxes of a round that travel in another round's parcel. */
export async function findRoundNames(db: Db, roundIds: readonly number[]) {
  if (roundIds.length === 0) return [];
  return db.selectFrom('plan_orders as po').innerJoin('plans as p', 'p.id', 'po.plan_id').innerJoin('artists as ar', 'ar.id', 'p.artist_id')
    .select(['po.id', 'po.name as round_name', 'ar.name as artist_name']).where('po.id', 'in', [...roundIds]).execute();
}
