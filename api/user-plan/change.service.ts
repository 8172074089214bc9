import type { CurrentUser, Order, UserPlanAction, UserPlanChange } from '../../shared/api/types.ts';
import type { PaymentMethod } from '../../shared/payment.ts';
import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import { fromIssueLabel } from '../../shared/subscription-rules.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { BadRequestError, DomainError, NotFoundError } from '../http/errors.ts';
import { refundPartial, refundVoided } from './round-charge.ts';
import { sendChangeMail } from './subscription-mail.ts';
import { changeTierOrCount } from './tier-change.ts';
import { findActiveUserPlan, findLiveUserPlans, insertSkip, updateUserPlan, type UserPlanRow } from './user-plan.repository.ts';
import { roundOfChange, toUserPlan } from './user-plan.view.ts';
import { undoChange, type UndoAction } from './undo-change.ts';
import { voidRoundCharge, type VoidedCharge } from './void-round.ts';
import { keepPausedRoundsSkipped, reserveBeforeChange } from '../billing/reserve.ts';

export interface ChangeInput {
  currentPlanId: number;
  planId: number;
  count?: number;
  action: UserPlanAction;
}

type RoundAction = Exclude<UserPlanAction, 'change' | UndoAction>;

/**
 * Runs last inside a change's transaction, with the row as it was before: the console's actions
 * on a shopper's behalf record their reason and audit row there (api/customers/), so the change
 * and its record commit together.
 */
export type ChangeHook = (trx: Db, before: UserPlanRow) => Promise<void>;

const notSubscribed = () => new NotFoundError(M.notSubscribed);
const conflict = (text: { ja: string; en: string }) => new DomainError(409, 'CONFLICT', text);

/** The shopper's own ACTIVE subscription of the plan; another user's or none is 404. */
export async function requireOwnUserPlan(db: Db, userId: number, planId: number, lock = false): Promise<UserPlanRow> {
  const row = await findActiveUserPlan(db, userId, planId, lock);
  if (!row) throw notSubscribed();
  return row;
}

/** PUT /api/userPlan. Every answer names the round the change applies from. */
export async function changeUserPlan(ctx: ApiContext, user: CurrentUser, input: ChangeInput, hook?: ChangeHook): Promise<UserPlanChange> {
  if (input.action !== 'change' && input.planId !== input.currentPlanId) {
    throw new BadRequestError({ ja: 'スキップ・休止・再開・取り消しでは planId に currentPlanId と同じプランを指定してください。', en: 'For skip, pause, resume and undo, planId must equal currentPlanId.' },
      { planId: { ja: '現在のプランと同じIDを指定してください。', en: 'Must equal currentPlanId.' } });
  }
  const action = input.action;
  await reserveDueRoundsFirst(ctx, user.id, input.currentPlanId);
  if (action === 'change') return changeTierOrCount(ctx, user, input);
  if (action === 'undoSkip' || action === 'undoPause') return undoChange(ctx, user, input.currentPlanId, action);
  const { row, order, voided } = await ctx.db.transaction().execute(async (trx) => {
    const applied = await applyRoundAction(trx, ctx.now(), user.id, input.currentPlanId, action);
    if (hook) await hook(trx, applied.row);
    return applied;
  });
  return finishChange(ctx, user, row.plan_id, order, voided, action);
}

async function applyRoundAction(trx: Db, now: Date, userId: number, planId: number, action: RoundAction) {
  const row = await requireOwnUserPlan(trx, userId, planId, true);
  const order = await roundOfChange(trx, row.plan_id, now);
  const paused = row.paused_from !== null;
  if (action === 'resume') {
    if (!row.paused_from) throw conflict(M.notPaused);
    // Rounds whose deadline passed while paused stay skipped, even if the billing run is late.
    await keepPausedRoundsSkipped(trx, row.id, row.plan_id, row.paused_from, now);
    await updateUserPlan(trx, row.id, { paused_from: null }, now);
    return { row, order, voided: null };
  }
  if (action === 'skip') {
    if (paused) throw conflict(M.pausedNoSkip);
    if (!order) throw conflict(M.noRoundToSkip);
    if (!(await insertSkip(trx, row.id, order.id, now))) throw conflict(M.alreadySkipped);
  } else {
    if (paused) throw conflict(M.alreadyPaused);
    // Every round whose deadline is at or after this instant is skipped until resumed.
    await updateUserPlan(trx, row.id, { paused_from: order ? new Date(order.endDate) : now }, now);
  }
  const voided = order ? await voidRoundCharge(trx, row.id, order.id, now) : null;
  return { row, order, voided };
}

/** DELETE /api/userPlan/{planId}: ends the subscription; a charged round before its deadline is refunded. */
export async function cancelUserPlan(ctx: ApiContext, user: CurrentUser, planId: number, quiet = false, hook?: ChangeHook): Promise<UserPlanChange> {
  await reserveDueRoundsFirst(ctx, user.id, planId);
  const { row, order, voided } = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const row = await requireOwnUserPlan(trx, user.id, planId, true);
    const order = await roundOfChange(trx, row.plan_id, now);
    const voided = order ? await voidRoundCharge(trx, row.id, order.id, now, 'keep') : null;
    await updateUserPlan(trx, row.id, { status: 'CANCELLED', cancelled_at: now }, now);
    if (hook) await hook(trx, row);
    return { row: { ...row, status: 'CANCELLED', cancelled_at: now }, order, voided };
  });
  return finishChange(ctx, user, row.plan_id, order, voided, 'cancel', row, quiet);
}

/**
 * Account deletion ends every subscription as a cancellation would (a round charged at checkout
 * and still before its deadline is refunded), so the billing run never charges a deleted account.
 * The account-deleted mail says it all: no mail per plan.
 */
export async function cancelEveryPlan(ctx: ApiContext, user: CurrentUser): Promise<void> {
  for (const row of await findLiveUserPlans(ctx.db, user.id)) await cancelUserPlan(ctx, user, row.plan_id, true);
}

/**
 * A change applies from the next round once a deadline has passed; a round whose deadline passed
 * but that the billing run has not reserved yet is reserved now, on the terms in force at it.
 */
async function reserveDueRoundsFirst(ctx: ApiContext, userId: number, planId: number): Promise<void> {
  const row = await findActiveUserPlan(ctx.db, userId, planId);
  if (row) await reserveBeforeChange(ctx, row.id, row.plan_id);
}

/** After the change's transaction: the refund (if the change voided a charge), the answer and the mail. */
export async function finishChange(
  ctx: ApiContext,
  user: CurrentUser,
  planId: number,
  order: Order | null,
  voided: VoidedCharge | null,
  kind: RoundAction | UndoAction | 'cancel',
  cancelled?: UserPlanRow,
  quiet = false,
): Promise<UserPlanChange> {
  if (voided) {
    if (voided.partialId === null) await refundVoided(ctx, voided.row);
    else await refundPartial(ctx, voided.row, voided.partialId, voided.refund);
    if (voided.parcelFee) await refundPartial(ctx, voided.parcelFee.row, voided.parcelFee.partialId, voided.parcelFee.amount);
  }
  const row = cancelled ?? (await requireOwnUserPlan(ctx.db, user.id, planId));
  const answer: UserPlanChange = {
    userPlan: await toUserPlan(ctx.db, row, user.paymentMethod, ctx.now(), ctx.consolidationWindowDays),
    appliesFrom: { order, label: fromIssueLabel(order) },
    refunded: voided !== null,
    refund: voided ? { total: voided.refund, method: voided.row.payment_method as PaymentMethod, keptShipping: voided.keptShipping } : null,
  };
  if (!quiet) await sendChangeMail(ctx, user, kind, answer);
  return answer;
}
