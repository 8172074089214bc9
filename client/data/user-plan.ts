import type { Params } from 'react-router';
import type { UserPlan, UserPlanWithTiers } from '../../shared/api/types.ts';

/**
 * The signed-in shopper's subscription the URL names (`:slug`, `:planId`), or null when it is not
 * theirs. Without the tiers GET /api/userPlan adds for My plans: the pages that name one
 * subscription (completion, cancel) never render them, so their hydration data leaves them out.
 */
export function userPlanOf(plans: UserPlanWithTiers[], params: Params): UserPlan | null {
  const found = plans.find((p) => String(p.plan.id) === params.planId && p.artist.slug === params.slug);
  if (!found) return null;
  const { tiers, ...userPlan } = found;
  return userPlan;
}
