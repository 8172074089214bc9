import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../api/db/schema.ts';
import { idsLine, type Checked } from './verify-billing.ts';

/** Statuses of an order that was paid (shared/payment.ts): each needs its succeeded charge. */
const PAID = ['SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED'];

/**
 * Over every round, not only the seeded one: no two live rows for one (subscription, round), no
 * two billing rows, no succeeded sandbox charge without its order row, no paid row without its
 * charge, nothing left in doubt (BEFORE) at the end.
 */
export async function verifyOrders(db: Kysely<DB>): Promise<Checked> {
  const live = await sql<{ pair: string }>`
    select user_plan_id || '/' || plan_order_id as pair from plan_order_histories
    where payment_status not in ('ERROR', 'CANCEL') and superseded_by is null group by user_plan_id, plan_order_id having count(*) > 1`.execute(db);
  const billed = await sql<{ pair: string }>`
    select user_plan_id || '/' || plan_order_id as pair from plan_order_histories where origin = 'billing'
    group by user_plan_id, plan_order_id having count(*) > 1`.execute(db);
  const orphans = await sql<{ order_key: string; status: string }>`
    select order_key, status from sandbox_charges c
    where not exists (select 1 from plan_order_histories h where h.charge_key = c.order_key)`.execute(db);
  const unpaid = await sql<{ id: number }>`
    select h.id from plan_order_histories h where h.payment_status in (${sql.join(PAID)}) and h.payment_method = 'CARD'
    and not exists (select 1 from sandbox_charges c where c.order_key = h.charge_key and c.status = 'succeeded')`.execute(db);
  const doubt = await sql<{ id: number; origin: string }>`select id, origin from plan_order_histories where payment_status = 'BEFORE'`.execute(db);
  const totals = await sql<{ rows: number; charges: number; succeeded: number; refunded: number }>`
    select (select count(*) from plan_order_histories) as rows, count(*) as charges,
      count(*) filter (where status = 'succeeded') as succeeded, count(*) filter (where refunded_amount > 0) as refunded
    from sandbox_charges`.execute(db);
  const succeededOrphans = orphans.rows.filter((o) => o.status === 'succeeded').map((o) => o.order_key);
  const problems = [
    idsLine('(subscription, round) pairs with more than one live order row', live.rows.map((r) => r.pair)),
    idsLine('(subscription, round) pairs billed twice', billed.rows.map((r) => r.pair)),
    idsLine('succeeded sandbox charges without their order row', succeededOrphans),
    idsLine('paid order rows without a succeeded charge', unpaid.rows.map((r) => r.id)),
    idsLine('order rows left in doubt (BEFORE) at the end', doubt.rows.map((r) => `${r.id} (${r.origin})`)),
  ].filter((line) => !line.startsWith('0 '));
  const t = totals.rows[0];
  return {
    problems,
    facts: {
      orderRows: Number(t?.rows ?? 0), sandboxCharges: Number(t?.charges ?? 0), chargesSucceeded: Number(t?.succeeded ?? 0),
      chargesRefunded: Number(t?.refunded ?? 0), chargesWithoutRow: orphans.rows.length, rowsInDoubt: doubt.rows.length,
    },
  };
}
