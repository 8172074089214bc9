import type { CurrentUser, UserPlanChange } from '../../shared/api/types.ts';
import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import { canUndo, deadlineTimeLabel, issueLabel, type RoundTimes, type UndoableChange } from '../../shared/subscription-rules.ts';
import type { Text } from '../../shared/text.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { finishChange, requireOwnUserPlan } from './change.service.ts';
import { deleteSkip, findLatestSkip, findRoundEndingAt, updateUserPlan } from './user-plan.repository.ts';
import { comingRounds } from './user-plan.view.ts';

export type UndoAction = 'undoSkip' | 'undoPause';

const CHANGE_NAMES: Record<UndoableChange, Text> = { skip: { ja: 'スキップ', en: 'skip' }, pause: { ja: '休止', en: 'pause' } };

/** 409 naming the round and the deadline that passed, so the shopper knows why the button went away. */
function tooLate(change: UndoableChange, round: Pick<RoundTimes, 'endDate' | 'shipDate'>): DomainError {
  const issue = issueLabel(round);
  const deadline = deadlineTimeLabel(round);
  const name = CHANGE_NAMES[change];
  const after: Text = change === 'pause'
    ? { ja: '「再開する」で次の回から再開できます。', en: ' Resume the plan to receive boxes from the next round.' }
    : { ja: '', en: '' };
  return new DomainError(409, 'UNDO_TOO_LATE', {
    ja: `${issue.ja}の${name.ja}は申込締切（${deadline.ja}）を過ぎたため取り消せません。${after.ja}`,
    en: `The ${name.en} of the ${issue.en} can no longer be undone: its deadline (${deadline.en}) has passed.${after.en}`,
  });
}

/**
 * Undo of a skip or pause, allowed until the withheld round's deadline (shared/subscription-rules.ts
 * `canUndo`). The row lock and the delete that must find the skip make a second undo a 409, never
 * a second effect. A round the skip voided is not charged here: with the skip gone, the billing run
 * charges it at its deadline like any round (docs/decisions/0022-undo-skip-and-pause.md).
 */
export async function undoChange(ctx: ApiContext, user: CurrentUser, planId: number, action: UndoAction): Promise<UserPlanChange> {
  const change: UndoableChange = action === 'undoSkip' ? 'skip' : 'pause';
  const { roundId } = await ctx.db.transaction().execute(async (trx) => {
    const row = await requireOwnUserPlan(trx, user.id, planId, true);
    return change === 'skip' ? undoSkip(trx, row.id, ctx.now()) : undoPause(trx, row, ctx.now());
  });
  const round = (await comingRounds(ctx.db, planId, ctx.now())).find((r) => r.id === roundId) ?? null;
  return finishChange(ctx, user, planId, round, null, action);
}

async function undoSkip(trx: Db, userPlanId: number, now: Date): Promise<{ roundId: number }> {
  const skip = await findLatestSkip(trx, userPlanId);
  if (!skip) throw new DomainError(409, 'CONFLICT', M.notSkipped);
  const round = { endDate: skip.end_date.toISOString(), shipDate: skip.ship_date.toISOString() };
  if (!canUndo('skip', round, now)) throw tooLate('skip', round);
  if (!(await deleteSkip(trx, userPlanId, skip.plan_order_id))) throw new DomainError(409, 'CONFLICT', M.notSkipped);
  return { roundId: skip.plan_order_id };
}

async function undoPause(trx: Db, row: { id: number; plan_id: number; paused_from: Date | null }, now: Date): Promise<{ roundId: number | null }> {
  if (!row.paused_from) throw new DomainError(409, 'CONFLICT', M.notPaused);
  const first = await findRoundEndingAt(trx, row.plan_id, row.paused_from);
  const round = { endDate: row.paused_from.toISOString(), shipDate: (first?.ship_date ?? row.paused_from).toISOString() };
  if (!canUndo('pause', round, now)) throw tooLate('pause', round);
  // No deadline passed while paused (that is what canUndo says), so no round needs keeping skipped.
  await updateUserPlan(trx, row.id, { paused_from: null }, now);
  return { roundId: first?.id ?? null };
}
