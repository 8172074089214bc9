import { findEligible } from '../billing/eligibility.ts';
import type { Db } from '../db/schema.ts';
import type { UserHistoryRow } from './order-history.repository.ts';

/**
 * A round whose checkout charge a skip voided and refunded, the skip since undone: the billing
 * run charges it at its deadline (docs/decisions/0022-undo-skip-and-pause.md). The history says
 * so (issue 30) by asking the billing run's own rule whether the subscription is charged then.
 */
export async function chargeAgainAt(db: Db, row: UserHistoryRow, now: Date): Promise<Date | null> {
  if (row.payment_status !== 'CANCEL' || row.superseded_by !== null || !row.paid_at || row.round_end_date <= now) return null;
  const round = await db.selectFrom('plan_orders').select(['id', 'plan_id', 'name', 'end_date', 'ship_date', 'price', 'pre_tax_price'])
    .where('id', '=', row.plan_order_id).executeTakeFirst();
  if (!round) return null;
  const eligible = await findEligible(db, round, 0, 1, row.user_plan_id);
  return eligible.length > 0 ? round.end_date : null;
}
