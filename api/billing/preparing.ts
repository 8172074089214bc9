import { sql } from 'kysely';
import { PREPARING_DAYS_BEFORE_SHIP } from '../../shared/billing-rules.ts';
import { paymentStatusesInto } from '../../shared/payment.ts';
import type { ApiContext } from '../context.ts';
import type { BillingScope } from './billing-scope.ts';

/** Charged rounds (SUCCESS) whose ship date is near move to WAITING, "preparing shipment". */
export async function markPreparing(ctx: ApiContext, scope: BillingScope = {}): Promise<number> {
  const now = ctx.now();
  const shipsBy = new Date(now.getTime() + PREPARING_DAYS_BEFORE_SHIP * 24 * 60 * 60 * 1000);
  const byRound = scope.roundId === undefined ? sql`` : sql`and h.plan_order_id = ${scope.roundId}`;
  const result = await sql`
    update plan_order_histories h set payment_status = 'WAITING', waiting_at = ${now}, updated_at = ${now}
    from plan_orders po
    where po.id = h.plan_order_id and h.payment_status in (${sql.join(paymentStatusesInto('WAITING'))})
      and po.ship_date <= ${shipsBy} ${byRound}`.execute(ctx.db);
  return Number(result.numAffectedRows ?? 0n);
}
