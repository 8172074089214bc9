import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as z from 'zod/mini';
import type { UserPlanWithTiers } from '../../shared/api/types.ts';
import { href } from '../../shared/routes.ts';
import { issueKey, ROUND_RULE_TEXT } from '../../shared/subscription-rules.ts';
import type { Text } from '../../shared/text.ts';
import { FormError } from '../components/form/form-message.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { PlanDoneNotice, planNoticePath } from '../components/subscription/plan-notice.tsx';
import { EmptyState, SEE_LINEUP } from '../components/empty-state.tsx';
import { UserPlanCard } from '../components/subscription/user-plan-card.tsx';
import { apiFrom, must } from '../data/api.ts';
import { readForm, seeOther } from '../data/form-action.ts';
import { useT } from '../lang.tsx';

const COPY = {
  title: { ja: 'プラン管理', en: 'My plans' },
  lead: { ja: 'お申し込み中のプランの確認・変更・スキップ・休止・解約ができます。', en: 'See, change, skip, pause or cancel your plans.' },
  empty: { ja: 'お申し込み中のプランはありません。', en: 'You have no plans yet.' },
  emptyNext: {
    ja: 'ラインナップから推しのプランを選んで申し込むと、ここで確認・変更できます。',
    en: 'Choose a plan of your favourite in the lineup and subscribe; you can then see and change it here.',
  },
} as const satisfies Record<string, Text>;

// One call: each subscription comes with the tiers it may change to (issue 11).
// A konbini/PayPay fan's round requests come with her subscriptions (issue 34).
export async function loader({ context }: LoaderFunctionArgs): Promise<{ userPlans: UserPlanWithTiers[] }> {
  return { userPlans: must(await apiFrom(context).userPlans()) };
}

const ActionInput = z.object({
  // Skip, pause and tier/count changes go through their confirmation pages (plan-skip.tsx, plan-pause.tsx, plan-change.tsx).
  intent: z.enum(['resume', 'undoSkip', 'undoPause']),
  currentPlanId: z.coerce.number().check(z.int(), z.positive()),
  planId: z.coerce.number().check(z.int(), z.positive()),
  count: z.optional(z.coerce.number().check(z.int())),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = ActionInput.safeParse(await readForm(request));
  if (!parsed.success) return data({ error: { ja: '入力内容が正しくありません。', en: 'The form is invalid.' } }, { status: 400 });
  const { intent, ...input } = parsed.data;
  const result = await apiFrom(context).updateUserPlan({ ...input, action: intent });
  if (!result.ok) return data({ error: { ja: result.error.message, en: result.error.messageEn } }, { status: result.status >= 500 ? 503 : 400 });
  return seeOther(planNoticePath(intent, issueKey(result.data.appliesFrom.order)));
}

/** docs/spec.md §2 /mypage/plan: every subscription, its next round and every change (issue 8). */
export function Component() {
  const { userPlans } = useLoaderData<typeof loader>();
  const failure = useActionData<{ error: Text }>();
  const t = useT();
  return (
    <section className="page my-plans-page">
      <PageMeta title={t(COPY.title)} description={t(COPY.lead)} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{t(COPY.title)}</h1>
      <p className="profile-lead">{t(COPY.lead)}</p>
      <PlanDoneNotice />
      {failure?.error ? <FormError text={failure.error} /> : null}
      {userPlans.length === 0 ? (
        <EmptyState title={COPY.empty} next={COPY.emptyNext} link={{ to: href('lineup'), label: SEE_LINEUP }} />
      ) : (
        <div className="user-plans">
          {userPlans.map((p) => <UserPlanCard key={p.id} userPlan={p} tiers={p.tiers} shopperRound={p.shopperRound} />)}
        </div>
      )}
      <p className="user-plans-rule">{t(ROUND_RULE_TEXT)}</p>
    </section>
  );
}
