import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { jstMonthRange, TO_SHIP_STATUSES, type RoundListFilters } from '../../shared/round-list-rules.ts';
import { partlyRefunded } from '../order-history/order-refunds.repository.ts';

/** All SQL of the console's Rounds & shipping area (rounds.router.ts): every read bounded. */
const WAITING = sql<number>`count(*) filter (where h.payment_status = 'WAITING')::int`;
const SHIPPED = sql<number>`count(*) filter (where h.payment_status in ('SHIPSTART', 'COMPLETEMAIL'))::int`;
const DELIVERED = sql<number>`count(*) filter (where h.payment_status = 'DELIVERED')::int`;
const TO_SHIP = sql<number>`count(*) filter (where h.payment_status in (${sql.join(TO_SHIP_STATUSES.map((s) => sql.lit(s)))}))::int`;
/** The statuses of boxes fulfilment ships or has shipped: only these show a ship-to. */
export const FULFILMENT_STATUSES = ['WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED'] as const;

function roundsQuery(db: Db) {
  return db.selectFrom('plan_orders as po').innerJoin('plans as p', 'p.id', 'po.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .leftJoin('plan_order_histories as h', (join) => join.onRef('h.plan_order_id', '=', 'po.id').on('h.superseded_by', 'is', null))
    .select(['po.id', 'po.name', 'po.end_date', 'po.ship_date', 'p.name as plan_name', 'a.name as artist_name'])
    .select([WAITING.as('waiting'), SHIPPED.as('shipped'), DELIVERED.as('delivered'), TO_SHIP.as('to_ship')])
    .groupBy(['po.id', 'p.name', 'a.name']);
}

/**
 * One page of rounds, what needs action first (shared/round-list-rules.ts): past the deadline with
 * boxes to ship (oldest ship date first), then open (nearest deadline first), then done (latest
 * ship date first). One more row than asked tells whether a next page exists. Rounds are a few
 * hundred, not orders: an offset is cheap here.
 */
export async function findRoundsPage(db: Db, filters: RoundListFilters, now: Date, offset: number, limit: number) {
  let inner = roundsQuery(db);
  if (filters.artist) inner = inner.where('p.artist_id', '=', Number(filters.artist));
  if (filters.month) {
    const { from, to } = jstMonthRange(filters.month);
    inner = inner.where('po.ship_date', '>=', from).where('po.ship_date', '<', to);
  }
  const rank = sql<number>`case when r.end_date >= ${now} then 1 when r.to_ship > 0 then 0 else 2 end`;
  let query = db.selectFrom(inner.as('r')).selectAll('r');
  if (filters.state === 'open') query = query.where('r.end_date', '>=', now);
  if (filters.state === 'ship') query = query.where('r.end_date', '<', now).where('r.to_ship', '>', 0);
  if (filters.state === 'done') query = query.where('r.end_date', '<', now).where('r.to_ship', '=', 0);
  return query.orderBy(rank)
    .orderBy(sql`case when r.end_date < ${now} and r.to_ship > 0 then r.ship_date end`, 'asc')
    .orderBy(sql`case when r.end_date >= ${now} then r.end_date end`, 'asc')
    .orderBy('r.ship_date', 'desc').orderBy('r.id', 'desc')
    .offset(offset).limit(limit + 1).execute();
}

/** Paid boxes still to ship of the rounds past their deadline: the sum of the list's 要出荷 rounds (dashboard tile). */
export async function countBoxesToShip(db: Db, now: Date): Promise<number> {
  const row = await db.selectFrom('plan_order_histories as h').innerJoin('plan_orders as po', 'po.id', 'h.plan_order_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('h.superseded_by', 'is', null).where('h.payment_status', 'in', TO_SHIP_STATUSES).where('po.end_date', '<', now)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** The artists for the rounds list's filter, by name. */
export async function findArtistChoices(db: Db) {
  return db.selectFrom('artists').select(['id', 'name']).orderBy('name').orderBy('id').limit(500).execute();
}

export async function findRound(db: Db, roundId: number) {
  return roundsQuery(db).where('po.id', '=', roundId).executeTakeFirst();
}

export async function findRoundBoxesPage(db: Db, roundId: number, offset: number, limit: number) {
  return db.selectFrom('plan_order_histories')
    .select(['id', 'payment_status', 'count', 'ship_dest_name', 'ship_zip', 'ship_address', 'ship_address2', 'ship_tel', 'ship_number', 'carrier'])
    .select((eb) => ['refund_status', partlyRefunded(eb.ref('plan_order_histories.id')).as('part_refunded')])
    .where('plan_order_id', '=', roundId).where('superseded_by', 'is', null).where('payment_status', 'in', FULFILMENT_STATUSES)
    .orderBy('id').offset(offset).limit(limit + 1).execute();
}

/** How many boxes the round's export lists now (the WAITING boxes, as round-export.repository.ts reads them). */
export async function countExportRows(db: Db, roundId: number): Promise<number> {
  const row = await db.selectFrom('plan_order_histories').select(sql<number>`count(*)::int`.as('n'))
    .where('plan_order_id', '=', roundId).where('payment_status', '=', 'WAITING').where('superseded_by', 'is', null).executeTakeFirst();
  return row?.n ?? 0;
}

/** The boxes' statuses, counted: what an import changed, before and after, for the audit trail. */
export async function countStatuses(db: Db, ids: readonly number[]): Promise<Record<string, number>> {
  if (ids.length === 0) return {};
  const rows = await db.selectFrom('plan_order_histories').select(['payment_status', sql<number>`count(*)::int`.as('n')])
    .where('id', 'in', ids).groupBy('payment_status').orderBy('payment_status').execute();
  return Object.fromEntries(rows.map((r) => [r.payment_status, r.n]));
}
