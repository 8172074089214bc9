import type { CancelOffer, CancelReason } from '../../shared/cancel-reasons.ts';
import type { Db } from '../db/schema.ts';
import type { ChangeHook } from './change.service.ts';

/** What the fan answered on the cancel page: both optional (a cancellation never needs them). */
export interface CancelSurvey {
  reason?: CancelReason | undefined;
  note?: string | undefined;
}

/** The fan's own cancellation records their answer inside the cancel's transaction (issue 32). */
export function recordFanCancel(survey: CancelSurvey): ChangeHook {
  return async (trx, before) => {
    await trx.updateTable('user_plans')
      .set({ cancel_reason: survey.reason ?? null, cancel_note: survey.note?.trim() ?? '', cancel_by: 'fan' })
      .where('id', '=', before.id).execute();
  };
}

/** An offer the fan took instead of cancelling, with the reason they had chosen, if any. */
export async function recordAcceptedOffer(
  db: Db,
  input: { userId: number; userPlanId: number; offer: CancelOffer; planId: number; toPlanId: number | null; survey: CancelSurvey },
  now: Date,
): Promise<void> {
  await db.insertInto('cancel_offers').values({
    user_id: input.userId, user_plan_id: input.userPlanId, offer: input.offer, plan_id: input.planId,
    to_plan_id: input.toPlanId, reason: input.survey.reason ?? null, note: input.survey.note?.trim() ?? '', accepted_at: now,
  }).execute();
}
