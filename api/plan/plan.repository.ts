import { sql, type Selectable } from 'kysely';
import { publicAt } from '../db/public-at.ts';
import type { Db, OrderGoodsTable, PlanOrdersTable, PlansTable } from '../db/schema.ts';

export type PlanRow = Selectable<PlansTable>;
export type OrderRow = Selectable<PlanOrdersTable>;
export type GoodsRow = Selectable<OrderGoodsTable>;

/**
 * Which plans a query sees (shared/publish-state.ts): 'public', what the shop shows at `now`;
 * 'preview', the console's preview of an artist page (drafts and scheduled plans too, not archived).
 */
export type PlanScope = 'public' | 'preview';

function inScope(scope: PlanScope, now: Date) {
  return scope === 'public' ? publicAt('plans', now) : sql<boolean>`plans.publish_state <> 'archived'`;
}

export async function findPlansOfArtists(db: Db, artistIds: number[], scope: PlanScope, now: Date): Promise<PlanRow[]> {
  if (artistIds.length === 0) return [];
  return db.selectFrom('plans').selectAll().where('artist_id', 'in', artistIds).where(inScope(scope, now))
    .orderBy('sort').orderBy('id').execute();
}

/**
 * The tiers a subscription may change to: the public plans of the artists these plans belong to,
 * and these plans themselves whatever their state (a fan keeps seeing what they have), in one query.
 */
export async function findPlansOfArtistsOfPlans(db: Db, planIds: number[], now: Date): Promise<PlanRow[]> {
  if (planIds.length === 0) return [];
  return db.selectFrom('plans').selectAll()
    .where('artist_id', 'in', (eb) => eb.selectFrom('plans as owned').select('owned.artist_id').where('owned.id', 'in', planIds))
    .where((eb) => eb.or([eb('id', 'in', planIds), publicAt('plans', now)]))
    .orderBy('sort').orderBy('id').execute();
}

/** `scope: 'public'`: the plan and its artist are public at `now` (what can be shown and bought). */
export async function findPlanById(db: Db, id: number, scope: 'public' | 'any', now: Date): Promise<PlanRow | undefined> {
  let query = db.selectFrom('plans').selectAll('plans').where('plans.id', '=', id);
  if (scope === 'public') {
    query = query.where(publicAt('plans', now))
      .where((eb) => eb.exists(eb.selectFrom('artists').select('artists.id').whereRef('artists.id', '=', 'plans.artist_id').where(publicAt('artists', now))));
  }
  return query.executeTakeFirst();
}

/** The round now open for each plan: started, deadline not passed; the earliest deadline wins. */
/** The rounds of these plans whose deadline has not passed (open now or to come), earliest deadline first. */
export async function findComingOrders(db: Db, planIds: number[], now: Date): Promise<OrderRow[]> {
  if (planIds.length === 0) return [];
  return db
    .selectFrom('plan_orders')
    .selectAll()
    .where('plan_id', 'in', planIds)
    .where('end_date', '>', now)
    .orderBy('plan_id')
    .orderBy('end_date')
    .orderBy('id')
    .execute();
}

export async function findOrdersOfPlan(db: Db, planId: number, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('plan_orders')
    .selectAll()
    .where('plan_id', '=', planId)
    .orderBy('ship_date', 'desc')
    .limit(limit)
    .execute();
}

export async function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('plan_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findGoodsOfOrder(db: Db, orderId: number): Promise<GoodsRow[]> {
  return db.selectFrom('order_goods').selectAll().where('plan_order_id', '=', orderId).orderBy('sort').orderBy('id').execute();
}

export type ShippedOrderRow = OrderRow & { plan_name: string; plan_name_en: string | null };

/** The artist's rounds shipped by `shippedBy` (the caller's no-spoilers bound, shared/spoilers.ts), newest first, with their plan's name. */
export async function findShippedOrdersOfArtist(db: Db, artistId: number, scope: PlanScope, now: Date, shippedBy: Date, limit: number): Promise<ShippedOrderRow[]> {
  return db
    .selectFrom('plan_orders')
    .innerJoin('plans', 'plans.id', 'plan_orders.plan_id')
    .selectAll('plan_orders')
    .select(['plans.name as plan_name', 'plans.name_en as plan_name_en'])
    .where('plans.artist_id', '=', artistId)
    .where('plans.display_type', '<>', 'SPECIAL_LIST')
    .where(inScope(scope, now))
    .where('plan_orders.ship_date', '<=', shippedBy)
    .orderBy('plan_orders.ship_date', 'desc')
    .orderBy('plans.sort')
    .orderBy('plan_orders.id', 'desc')
    .limit(limit)
    .execute();
}

/** The goods of several rounds in one query. */
export async function findGoodsOfOrders(db: Db, orderIds: number[]): Promise<GoodsRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_goods')
    .selectAll()
    .where('plan_order_id', 'in', orderIds)
    .orderBy('plan_order_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
