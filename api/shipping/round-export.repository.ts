import type { Db } from '../db/schema.ts';

/** All SQL of the round export (round-export.ts). */
export async function findRoundFacts(db: Db, roundId: number) {
  return db.selectFrom('plan_orders as po').innerJoin('plans as p', 'p.id', 'po.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['po.id', 'po.name as round_name', 'po.ship_date', 'p.name as plan_name', 'a.name as artist_name'])
    .where('po.id', '=', roundId).executeTakeFirst();
}

/**
 * One page of the round's warehouse list (WAITING, not replaced by a tier change), after the box
 * `afterId`: keyset pagination by id, so each page costs the same however deep the export is.
 */
export async function findWaitingBoxesAfter(db: Db, roundId: number, afterId: number, limit: number) {
  return db.selectFrom('plan_order_histories')
    .select(['id', 'count', 'ship_dest_name', 'ship_zip', 'ship_address', 'ship_address2', 'ship_tel'])
    .where('plan_order_id', '=', roundId).where('payment_status', '=', 'WAITING').where('superseded_by', 'is', null)
    .where('id', '>', afterId).orderBy('id').limit(limit).execute();
}
