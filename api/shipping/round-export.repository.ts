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
  return db.selectFrom('plan_order_histories as h').leftJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.count', 'h.ship_dest_name', 'h.ship_zip', 'h.ship_address', 'h.ship_address2', 'h.ship_tel', 'u.name as user_name', 'u.name_kana'])
    .where('h.plan_order_id', '=', roundId).where('h.payment_status', '=', 'WAITING').where('h.superseded_by', 'is', null)
    .where('h.id', '>', afterId).orderBy('h.id').limit(limit).execute();
}
