import { data, Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { UserPlan } from '../../shared/api/types.ts';
import { href } from '../../shared/routes.ts';
import { issueKey, issueLabel, isBeforeDeadline, ROUND_RULE_TEXT } from '../../shared/subscription-rules.ts';
import type { Text } from '../../shared/text.ts';
import { FormError } from '../components/form/form-message.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { planNoticePath } from '../components/subscription/plan-notice.tsx';
import { apiFrom, must } from '../data/api.ts';
import { userPlanOf } from '../data/user-plan.ts';
import { seeOther } from '../data/form-action.ts';
import { useT } from '../lang.tsx';

const COPY = {
  title: { ja: 'プランの解約', en: 'Cancel a plan' },
  confirm: { ja: '解約する', en: 'Cancel the plan' },
  keep: { ja: '解約せずに戻る', en: 'Keep the plan and go back' },
  refund: { ja: 'お申し込み時に決済済みのこの回の代金は取り消し、全額返金します。', en: 'The payment already made for this round is voided and refunded in full.' },
} as const satisfies Record<string, Text>;

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
  const round = userPlan.nextRound;
  const charged = userPlan.nextRoundPaymentStatus === 'SUCCESS' && round !== null && isBeforeDeadline(round, new Date());
  const from = round ? issueLabel(round) : null;
  return (
    <section className="page plan-delete-page">
      <PageMeta title={t(COPY.title)} description={t(COPY.title)} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{t(COPY.title)}</h1>
      <div className="account-card">
        <p><strong>{userPlan.artist.name}「{userPlan.plan.name}」</strong> × {userPlan.count}</p>
        <p>{t(from
          ? { ja: `解約すると、${from.ja}からお届けしません（${from.ja}を含め以降の決済はありません）。`, en: `If you cancel, no box is sent from ${from.en} on (no charge for it or later rounds).` }
          : { ja: '解約すると、次回以降のお届けと決済はありません。', en: 'If you cancel, no later box is sent or charged.' })}</p>
        {charged ? <p>{t(COPY.refund)}</p> : null}
        <p className="profile-note">{t(ROUND_RULE_TEXT)}</p>
        {failure?.error ? <FormError text={failure.error} /> : null}
        <Form method="post">
          <button type="submit" className="button button-danger">{t(COPY.confirm)}</button>
        </Form>
        <p className="form-links"><Link to={href('plan')}>{t(COPY.keep)}</Link></p>
      </div>
    </section>
  );
}
