import type { Order, UserPlan } from '../../shared/api/types.ts';
import { roundCharge } from '../../shared/money.ts';
import type { PaymentMethod, PaymentStatus } from '../../shared/payment.ts';
import { fromIssueLabel, roundForChange } from '../../shared/subscription-rules.ts';
import type { Db } from '../db/schema.ts';
import { findLiveHistories } from '../order-history/order-history.repository.ts';
import { getPlan, toOrder } from '../plan/plan.service.ts';
import { findComingRounds, findSkippedOrders, type UserPlanRow } from './user-plan.repository.ts';

/** The rounds of a plan whose deadline has not passed, as the round rule takes them. */
export async function comingRounds(db: Db, planId: number, now: Date): Promise<Order[]> {
  return (await findComingRounds(db, [planId], now)).map((row) => toOrder(row, now));
}

/** The round a change made now applies from (shared/subscription-rules.ts). */
export async function roundOfChange(db: Db, planId: number, now: Date): Promise<Order | null> {
  return roundForChange(await comingRounds(db, planId, now), now);
}

/** A subscription as the API shows it: with the round a change made now applies from. */
export async function toUserPlan(db: Db, row: UserPlanRow, method: PaymentMethod, now: Date): Promise<UserPlan> {
  const [detail, next, skips, live] = await Promise.all([
    getPlan(db, row.plan_id, now),
    roundOfChange(db, row.plan_id, now),
    findSkippedOrders(db, [row.id]),
    findLiveHistories(db, [row.id]),
  ]);
  const { artist, orders: _orders, ...plan } = detail;
  const skipped = next !== null && (row.paused_from !== null || skips.some((s) => s.plan_order_id === next.id));
  const charge = next ? live.find((h) => h.plan_order_id === next.id) : undefined;
  return {
    id: row.id,
    count: row.count,
    plan,
    artist,
    createdAt: row.created_at.toISOString(),
    paused: row.paused_from !== null,
    nextRound: next,
    appliesFrom: fromIssueLabel(next),
    nextRoundSkipped: skipped,
    nextRoundPaymentStatus: (charge?.payment_status as PaymentStatus | undefined) ?? null,
    nextRoundCharge: roundCharge(plan, row.count, method === 'GMOAB', now),
  };
}
