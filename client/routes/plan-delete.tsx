import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { UserPlan } from '../../shared/api/types.ts';
import { issueKey } from '../../shared/subscription-rules.ts';
import type { Text } from '../../shared/text.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { ChangeConfirm, CONFIRM_TITLES } from '../components/subscription/change-confirm.tsx';
import { planNoticePath } from '../components/subscription/plan-notice.tsx';
import { apiFrom, must } from '../data/api.ts';
import { userPlanOf } from '../data/user-plan.ts';
import { seeOther } from '../data/form-action.ts';
import { useT } from '../lang.tsx';

export async function loader({ params, context }: LoaderFunctionArgs): Promise<{ userPlan: UserPlan }> {
  const userPlan = userPlanOf(must(await apiFrom(context).userPlans()), params);
  // Not the shopper's plan (or someone else's id): the same 404 as an unknown one.
  if (!userPlan) throw data(null, { status: 404 });
  return { userPlan };
}

export async function action({ params, context }: ActionFunctionArgs) {
  const result = await apiFrom(context).deleteUserPlan(params.planId ?? '');
  if (!result.ok) return data({ error: { ja: result.error.message, en: result.error.messageEn } }, { status: result.status >= 500 ? 503 : 400 });
  return seeOther(planNoticePath('cancel', issueKey(result.data.appliesFrom.order)));
}

/** docs/spec.md §2 /mypage/plan/{slug}/{planId}/delete: what cancelling means, then cancel. */
export function Component() {
  const { userPlan } = useLoaderData<typeof loader>();
  const failure = useActionData<{ error: Text }>();
  const t = useT();
  const title = t(CONFIRM_TITLES.cancel);
  return (
    <section className="page plan-delete-page">
      <PageMeta title={title} description={title} />
      <meta name="robots" content="noindex" />
      <ChangeConfirm kind="cancel" userPlan={userPlan} error={failure?.error} />
    </section>
  );
}
