import { sql, type Expression } from 'kysely';
import { TAX_RATE_PERCENT } from '../../shared/money.ts';
import { OPEN_REFUND_STATES, type PartialRefund, type RefundState } from '../../shared/refund-rules.ts';
import type { Db } from '../db/schema.ts';

/** All SQL of partial refunds (migration 0017 `order_refunds`). */
export interface PartialRefundRow extends PartialRefund {
  id: number;
  historyId: number;
  reason: string;
  refundKey: string;
  createdAt: Date;
  refundedAt: Date | null;
}

const asState = (value: string): RefundState => (value === 'refunded' || value === 'failed' ? value : 'pending');

/** The partial refunds of these orders, oldest first. */
export async function findPartialRefunds(db: Db, historyIds: readonly number[]): Promise<PartialRefundRow[]> {
  if (historyIds.length === 0) return [];
  const rows = await db.selectFrom('order_refunds').selectAll().where('history_id', 'in', [...historyIds])
    .orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id, historyId: r.history_id, amount: r.amount, status: asState(r.status), reason: r.reason,
    refundKey: r.refund_key, createdAt: r.created_at, refundedAt: r.refunded_at,
  }));
}

export async function findPartialRefundByKey(db: Db, refundKey: string) {
  return db.selectFrom('order_refunds').selectAll().where('refund_key', '=', refundKey).executeTakeFirst();
}

export async function insertPartialRefund(
  db: Db, values: { historyId: number; amount: number; reason: string; refundKey: string; staffId: number | null }, now: Date,
): Promise<number> {
  const row = await db.insertInto('order_refunds').values({
    history_id: values.historyId, amount: values.amount, reason: values.reason, refund_key: values.refundKey,
    status: 'pending', staff_id: values.staffId, created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Partial refunds of the charge `chargeId` not known to be refunded yet (a gateway's late answer settles them). */
export async function findUnsettledPartialRefunds(db: Db, chargeId: string): Promise<{ id: number; historyId: number }[]> {
  return db.selectFrom('order_refunds as r').innerJoin('plan_order_histories as h', 'h.id', 'r.history_id')
    .select(['r.id', 'r.history_id as historyId']).where('h.charge_id', '=', chargeId).where('r.status', 'in', OPEN_REFUND_STATES).execute();
}

export async function settlePartialRefund(db: Db, id: number, status: RefundState, now: Date): Promise<void> {
  await db.updateTable('order_refunds').set({ status, refunded_at: status === 'refunded' ? now : null }).where('id', '=', id).execute();
}

/**
 * SQL: the order `h` has a refund not done yet, its own (full) or a partial one (issue 32: the
 * dashboard's tile and the order list's filter): a small set, found by migration 0026's partial indexes.
 */
export const REFUND_OPEN_SQL = sql<boolean>`h.id in (
  select o.id from plan_order_histories o where o.superseded_by is null and o.refund_status in (${sql.join(OPEN_REFUND_STATES)})
  union select r.history_id from order_refunds r where r.status in (${sql.join(OPEN_REFUND_STATES)}))`;

/** SQL: a partial refund of the box is done or under way; the round page and import preview flag it. */
export function partlyRefunded(historyId: Expression<number>) {
  return sql<boolean>`exists (select 1 from order_refunds r where r.history_id = ${historyId} and r.status <> 'failed')`;
}

/**
 * Support's partial refunds done, per order (issue 30): their amount and its pre-tax part (the tax
 * within rounded down, as shared/receipt.ts `netTaxBreakdown` takes it off a receipt).
 */
export const PARTIAL_REFUNDS = sql`(select history_id, sum(amount) as amount,
    sum(amount - amount * ${TAX_RATE_PERCENT} / ${100 + TAX_RATE_PERCENT}) as pre_tax
  from order_refunds where status = 'refunded' group by history_id)`;
