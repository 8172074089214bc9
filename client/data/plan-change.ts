import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { UserPlan } from '../../shared/api/types.ts';
import { href } from '../../shared/routes.ts';
import { issueKey } from '../../shared/subscription-rules.ts';
import { planNoticePath } from '../components/subscription/plan-notice.tsx';
import { apiFrom, must } from './api.ts';
import { seeOther } from './form-action.ts';
import { userPlanOf } from './user-plan.ts';

/** The changes a confirmation page asks about (cancel has its own page, plan-delete.tsx). */
export type ConfirmedChange = 'skip' | 'pause';

/** Whether the change is still open to the plan as it stands; else the page goes back to My plans. */
const AVAILABLE: Record<ConfirmedChange, (p: UserPlan) => boolean> = {
  skip: (p) => !p.paused && p.nextRound !== null && !p.nextRoundSkipped,
  pause: (p) => !p.paused,
};

/** The confirmation page's plan: 404 when not the shopper's, back to My plans when already done. */
export function confirmLoader(change: ConfirmedChange) {
  return async ({ params, context }: LoaderFunctionArgs): Promise<{ userPlan: UserPlan }> => {
    const userPlan = userPlanOf(must(await apiFrom(context).userPlans()), params);
    if (!userPlan) throw data(null, { status: 404 });
    if (!AVAILABLE[change](userPlan)) throw redirect(href('plan'));
    return { userPlan };
  };
}

/** The confirmed form's POST: the change, then 303 to My plans with a notice naming the round. */
export function confirmAction(change: ConfirmedChange) {
  return async ({ params, context }: ActionFunctionArgs) => {
    const planId = Number(params.planId);
    if (!Number.isInteger(planId) || planId < 1) throw data(null, { status: 404 });
    const result = await apiFrom(context).updateUserPlan({ currentPlanId: planId, planId, action: change });
    if (!result.ok) return data({ error: { ja: result.error.message, en: result.error.messageEn } }, { status: result.status >= 500 ? 503 : 400 });
    return seeOther(planNoticePath(change, issueKey(result.data.appliesFrom.order)));
  };
}
