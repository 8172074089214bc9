import type { Selectable } from 'kysely';
import type { ArtistsTable, Db, PlanOrdersTable, PlansTable } from '../db/schema.ts';

/** The console's catalogue SQL (issue 19). Every list is bounded. */
export type ArtistRow = Selectable<ArtistsTable>;
export type PlanRow = Selectable<PlansTable>;
export type RoundRow = Selectable<PlanOrdersTable> & { charged: boolean };

export async function countArtists(db: Db, archived: boolean): Promise<number> {
  const row = await db.selectFrom('artists').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('publish_state', archived ? '=' : '<>', 'archived').executeTakeFirstOrThrow();
  return Number(row.n);
}

export function pageArtists(db: Db, archived: boolean, offset: number, limit: number): Promise<ArtistRow[]> {
  return db.selectFrom('artists').selectAll().where('publish_state', archived ? '=' : '<>', 'archived')
    .orderBy('sort').orderBy('id').offset(offset).limit(limit).execute();
}

export function findArtist(db: Db, id: number, lock = false): Promise<ArtistRow | undefined> {
  const query = db.selectFrom('artists').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findArtistBySlug(db: Db, slug: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('artists').select('id').where('slug', '=', slug).executeTakeFirst();
}

export async function tagsOf(db: Db, artistIds: readonly number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>(artistIds.map((id) => [id, []]));
  if (artistIds.length === 0) return tags;
  const rows = await db.selectFrom('artist_tags').select(['artist_id', 'tag']).where('artist_id', 'in', artistIds).orderBy('tag').execute();
  for (const row of rows) tags.get(row.artist_id)?.push(row.tag);
  return tags;
}

export function plansOf(db: Db, artistId: number): Promise<PlanRow[]> {
  return db.selectFrom('plans').selectAll().where('artist_id', '=', artistId).orderBy('sort').orderBy('id').limit(100).execute();
}

export function findPlan(db: Db, id: number, lock = false): Promise<PlanRow | undefined> {
  const query = db.selectFrom('plans').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * A round is charged once anything was reserved or charged for it: a checkout charge, a billing
 * row, or the run's reservation mark. Its price is then fixed.
 */
export function roundsOf(db: Db, planId: number, limit: number): Promise<RoundRow[]> {
  return db.selectFrom('plan_orders as po').selectAll('po')
    .select((eb) => eb.or([
      eb.exists(eb.selectFrom('plan_order_histories as h').select('h.id').whereRef('h.plan_order_id', '=', 'po.id')),
      eb.exists(eb.selectFrom('billing_rounds as b').select('b.plan_order_id').whereRef('b.plan_order_id', '=', 'po.id').where('b.reserved_at', 'is not', null)),
    ]).as('charged'))
    .where('po.plan_id', '=', planId).orderBy('po.end_date', 'desc').limit(limit).execute()
    .then((rows) => rows.map((row) => ({ ...row, charged: Boolean(row.charged) })));
}

/** Live subscriptions of a plan (paused ones too: they resume at the new price). */
export function countSubscribers(db: Db, planId: number): Promise<number> {
  return db.selectFrom('user_plans as up').innerJoin('users as u', 'u.id', 'up.user_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('up.plan_id', '=', planId).where('up.status', '=', 'ACTIVE').where('u.deleted_at', 'is', null)
    .executeTakeFirstOrThrow().then((row) => Number(row.n));
}

export function subscribersPage(db: Db, planId: number, afterId: number, limit: number) {
  return db.selectFrom('user_plans as up').innerJoin('users as u', 'u.id', 'up.user_id')
    .select(['up.id', 'up.user_id', 'up.count', 'u.email', 'u.lang', 'u.payment_method'])
    .where('up.plan_id', '=', planId).where('up.status', '=', 'ACTIVE').where('u.deleted_at', 'is', null)
    .where('up.id', '>', afterId).orderBy('up.id').limit(limit).execute();
}

export async function findRound(db: Db, id: number, lock = false): Promise<RoundRow | undefined> {
  const query = db.selectFrom('plan_orders as po').selectAll('po')
    .select((eb) => eb.or([
      eb.exists(eb.selectFrom('plan_order_histories as h').select('h.id').whereRef('h.plan_order_id', '=', 'po.id')),
      eb.exists(eb.selectFrom('billing_rounds as b').select('b.plan_order_id').whereRef('b.plan_order_id', '=', 'po.id').where('b.reserved_at', 'is not', null)),
    ]).as('charged'))
    .where('po.id', '=', id);
  const row = await (lock ? query.forUpdate('po') : query).executeTakeFirst();
  return row && { ...row, charged: Boolean(row.charged) };
}

export function goodsOf(db: Db, roundId: number) {
  return db.selectFrom('order_goods').select(['name', 'description', 'image', 'sort']).where('plan_order_id', '=', roundId)
    .orderBy('sort').orderBy('id').limit(100).execute();
}
