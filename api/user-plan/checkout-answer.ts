import type { Order, UserPlanCreated } from '../../shared/api/types.ts';
import { parsePaymentMethod } from '../../shared/payment.ts';
import { fromIssueLabel } from '../../shared/subscription-rules.ts';
import type { ApiContext } from '../context.ts';
import type { HistoryRow } from '../order-history/order-history.repository.ts';
import type { UserPlanRow } from './user-plan.repository.ts';
import { findOrderById } from '../plan/plan.repository.ts';
import { toOrder } from '../plan/plan.service.ts';
import { toUserPlan } from './user-plan.view.ts';

/**
 * The 201 answer of a checkout: the subscription as My plans shows it, the round it applies
 * from, and its charge as recorded. One construction for the checkout itself (subscribe.service.ts)
 * and for a retry that finds a checkout whose request died before answering (checkout-recovery.ts),
 * so both answers are the same.
 */
export async function checkoutAnswer(ctx: ApiContext, userPlan: UserPlanRow, history: HistoryRow, round: Order): Promise<UserPlanCreated> {
  const method = parsePaymentMethod(history.payment_method);
  return {
    userPlan: await toUserPlan(ctx.db, userPlan, method, ctx.now(), ctx.consolidationWindowDays),
    appliesFrom: { order: round, label: fromIssueLabel(round) },
    refunded: false,
    history: {
      id: history.id,
      price: history.price,
      shipFee: history.ship_fee,
      fee: history.fee,
      total: history.total,
      paymentStatus: history.payment_status === 'SUCCESS' ? 'SUCCESS' : 'BEFORE',
      paymentMethod: method,
    },
  };
}

/** The checkout's own order row (the first of the subscription) and the round it charged. */
export async function answerOfCharged(ctx: ApiContext, row: UserPlanRow): Promise<UserPlanCreated | null> {
  const history = await ctx.db.selectFrom('plan_order_histories').selectAll().where('user_plan_id', '=', row.id)
    .orderBy('id').executeTakeFirst();
  const round = history ? await findOrderById(ctx.db, history.plan_order_id) : undefined;
  if (!history || !round) return null;
  return checkoutAnswer(ctx, row, history, toOrder(round, ctx.now()));
}
