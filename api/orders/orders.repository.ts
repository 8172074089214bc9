import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { jstDayStart, type OrderListFilters } from '../../shared/order-list-rules.ts';
import { REFUND_OPEN_SQL } from '../order-history/order-refunds.repository.ts';

/**
 * All SQL of the console's order list (issue 32). Newest first by (created_at, id), paged by key:
 * a page starts after the row of the previous page's last order number, so a deep page costs what
 * the first one does (migration 0022's indexes, one per filter). Only live rows: a row replaced by
 * a retry (superseded_by) is the retry's history, not an order of its own.
 */
function ordersQuery(db: Db) {
  return db.selectFrom('plan_order_histories as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .innerJoin('plans as p', 'p.id', 'h.plan_id')
    .innerJoin('artists as a', 'a.id', 'p.artist_id')
    .innerJoin('plan_orders as o', 'o.id', 'h.plan_order_id')
    .select(['h.id', 'h.created_at', 'h.user_id', 'h.total', 'h.payment_status', 'h.payment_method', 'h.plan_order_id',
      'u.name as customer_name', 'u.email', 'p.name as plan_name', 'a.name as artist_name', 'o.name as round_name'])
    .where('h.superseded_by', 'is', null);
}

export async function findOrdersPage(db: Db, filters: OrderListFilters, after: number | undefined, limit: number) {
  let query = ordersQuery(db);
  if (filters.status) query = query.where('h.payment_status', '=', filters.status);
  if (filters.method) query = query.where('h.payment_method', '=', filters.method);
  if (filters.round) query = query.where('h.plan_order_id', '=', Number(filters.round));
  // By the plans of the artist, so the (plan_id, created_at, id) index serves it.
  if (filters.artist) query = query.where('h.plan_id', 'in', db.selectFrom('plans').select('id').where('artist_id', '=', Number(filters.artist)));
  if (filters.refund === 'open') query = query.where(REFUND_OPEN_SQL);
  if (filters.from) query = query.where('h.created_at', '>=', jstDayStart(filters.from));
  if (filters.to) query = query.where('h.created_at', '<', jstDayStart(filters.to, true));
  if (after !== undefined) {
    query = query.where(sql<boolean>`(h.created_at, h.id) < (select k.created_at, k.id from plan_order_histories k where k.id = ${after})`);
  }
  return query.orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').limit(limit + 1).execute();
}

/** The selected orders, for the CSV (in the list's order). */
export async function findOrdersByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return ordersQuery(db).where('h.id', 'in', ids).orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').execute();
}

/** Whose each order is: the resend goes through the customer's own check (resend-mail.service.ts). */
export async function findOrderOwners(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('plan_order_histories').select(['id', 'user_id']).where('id', 'in', ids).orderBy('id').execute();
}
