import { data, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { CancelSurvey, Plan, UserPlan, UserPlanWithTiers } from '../../shared/api/types.ts';
import { CANCEL_NOTE_MAX, isCancelReason } from '../../shared/cancel-reasons.ts';
import { planRoundPrice } from '../../shared/price-display.ts';
import { issueKey } from '../../shared/subscription-rules.ts';
import type { Text } from '../../shared/text.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { CancelSurveyForm, type CancelFormValues } from '../components/subscription/cancel-survey.tsx';
import { ChangeConfirm, CONFIRM_TITLES } from '../components/subscription/change-confirm.tsx';
import { planNoticePath } from '../components/subscription/plan-notice.tsx';
import { apiFrom, must } from '../data/api.ts';
import { readForm, seeOther, type FormValues } from '../data/form-action.ts';
import { userPlanOf } from '../data/user-plan.ts';
import { useT } from '../lang.tsx';

interface LoaderData {
  userPlan: UserPlan;
  /** The dearest plan of the same artist that costs less per delivery than this one, if any. */
  cheaper: Plan | null;
}

function cheaperTier(found: UserPlanWithTiers): Plan | null {
  const options = { count: found.count, deferred: found.nextRoundCharge.fee > 0 };
  const own = planRoundPrice(found.plan, options).total;
  const cheaper = found.tiers.filter((tier) => tier.id !== found.plan.id && planRoundPrice(tier, options).total < own);
  return cheaper.sort((a, b) => planRoundPrice(b, options).total - planRoundPrice(a, options).total)[0] ?? null;
}

export async function loader({ params, context }: LoaderFunctionArgs): Promise<LoaderData> {
  const plans = must(await apiFrom(context).userPlans());
  const userPlan = userPlanOf(plans, params);
  // Not the shopper's plan (or someone else's id): the same 404 as an unknown one.
  if (!userPlan) throw data(null, { status: 404 });
  const found = plans.find((p) => p.id === userPlan.id);
  return { userPlan, cheaper: found ? cheaperTier(found) : null };
}

const BAD_REASON: Text = { ja: '解約の理由は一覧から選んでください。', en: 'Choose the reason from the list.' };
const LONG_NOTE: Text = { ja: `ご意見は${CANCEL_NOTE_MAX}文字以内にしてください。`, en: `Keep the note to ${CANCEL_NOTE_MAX} characters.` };

/** The optional answer as the API takes it; a reason that is not a code is the form's error. */
function surveyOf(form: FormValues): CancelSurvey | Text {
  const reason = form.reason ?? '';
  const note = (form.note ?? '').trim();
  if (reason !== '' && !isCancelReason(reason)) return BAD_REASON;
  if (note.length > CANCEL_NOTE_MAX) return LONG_NOTE;
  return { ...(isCancelReason(reason) ? { reason } : {}), ...(note ? { note } : {}) };
}

const failed = (error: Text, values: CancelFormValues, status = 400) => data({ error, values }, { status });

/** One POST, whichever button: 解約する (intent=cancel, or none) or an offer (skip, pause, cheaper). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const planId = Number(params.planId);
  if (!Number.isInteger(planId) || planId < 1) throw data(null, { status: 404 });
  const form = await readForm(request);
  const values = { reason: form.reason ?? '', note: form.note ?? '' };
  const survey = surveyOf(form);
  if ('ja' in survey) return failed(survey, values);
  const api = apiFrom(context);
  const intent = form.intent ?? 'cancel';
  if (intent === 'skip' || intent === 'pause' || intent === 'cheaper') {
    const toPlanId = intent === 'cheaper' ? Number(form.toPlanId) : planId;
    const result = await api.updateUserPlan({
      currentPlanId: planId, planId: toPlanId, action: intent === 'cheaper' ? 'change' : intent, cancelOffer: { offer: intent, ...survey },
    });
    if (!result.ok) return failed({ ja: result.error.message, en: result.error.messageEn }, values, result.status >= 500 ? 503 : 400);
    const { appliesFrom, charge, refund } = result.data;
    return seeOther(planNoticePath(intent === 'cheaper' ? 'change' : intent, issueKey(appliesFrom.order), { charge, refund }));
  }
  const result = await api.deleteUserPlan(planId, survey);
  if (!result.ok) return failed({ ja: result.error.message, en: result.error.messageEn }, values, result.status >= 500 ? 503 : 400);
  return seeOther(planNoticePath('cancel', issueKey(result.data.appliesFrom.order)));
}

/** docs/spec.md §2 /mypage/plan/{slug}/{planId}/delete: what cancelling means, why (optional), cancel — then the offers. */
export function Component() {
  const { userPlan, cheaper } = useLoaderData<typeof loader>();
  const failure = useActionData<{ error: Text; values: CancelFormValues }>();
  const t = useT();
  const title = t(CONFIRM_TITLES.cancel);
  return (
    <section className="page plan-delete-page">
      <PageMeta title={title} description={title} />
      <meta name="robots" content="noindex" />
      <ChangeConfirm kind="cancel" userPlan={userPlan} error={failure?.error}>
        <CancelSurveyForm userPlan={userPlan} cheaper={cheaper} values={failure?.values} />
      </ChangeConfirm>
    </section>
  );
}
