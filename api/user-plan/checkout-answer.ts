import type { Order, UserPlanCreated } from '../../shared/api/types.ts';
import { parsePaymentMethod } from '../../shared/payment.ts';
import { fromIssueLabel } from '../../shared/subscription-rules.ts';
import type { ApiContext } from '../context.ts';
import type { HistoryRow } from '../order-history/order-history.repository.ts';
import type { UserPlanRow } from './user-plan.repository.ts';
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
    userPlan: await toUserPlan(ctx.db, userPlan, method, ctx.now()),
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
