import { data, Form, Link, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as z from 'zod/mini';
import type { PlanChangePreview, UserPlan } from '../../shared/api/types.ts';
import { changeMoneyTexts, deadlineChargeText } from '../../shared/price-display.ts';
import { href } from '../../shared/routes.ts';
import { issueKey, ROUND_RULE_TEXT } from '../../shared/subscription-rules.ts';
import type { Text } from '../../shared/text.ts';
import { CatalogueText } from '../components/catalogue-text.tsx';
import { FormError } from '../components/form/form-message.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { PriceText } from '../components/price-text.tsx';
import { planNoticePath } from '../components/subscription/plan-notice.tsx';
import { apiFrom, must } from '../data/api.ts';
import { readForm, seeOther } from '../data/form-action.ts';
import { userPlanOf } from '../data/user-plan.ts';
import { useLang, useT } from '../lang.tsx';

const COPY = {
  title: { ja: 'プラン変更の確認', en: 'Change your plan?' },
  confirm: { ja: 'この内容で変更する', en: 'Make this change' },
  keep: { ja: '変更せずに戻る', en: 'Keep the plan and go back' },
  after: { ja: '変更後', en: 'After the change' },
  before: { ja: '変更前', en: 'Now' },
} as const satisfies Record<string, Text>;

/** The tier (`planId`) and count the My plans form chose, from the query (GET) or the confirm form (POST). */
const Choice = z.object({
  planId: z.coerce.number().check(z.int(), z.positive()),
  count: z.coerce.number().check(z.int(), z.positive()),
});

interface LoaderData {
  userPlan: UserPlan;
  preview: PlanChangePreview | null;
  refusal: Text | null;
}

/**
 * /mypage/plan/{slug}/{planId}/change?planId=&count=: what the change does before it is made —
 * the round it applies from and, on a paid round, what is charged now and refunded (issue 30).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<LoaderData> {
  const api = apiFrom(context);
  const userPlan = userPlanOf(must(await api.userPlans()), params);
  if (!userPlan) throw data(null, { status: 404 });
  const choice = Choice.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!choice.success) throw redirect(href('plan'));
  const result = await api.previewUserPlanChange({ currentPlanId: userPlan.plan.id, ...choice.data });
  if (result.ok) return { userPlan, preview: result.data, refusal: null };
  if (result.status >= 500) must(result);
  return { userPlan, preview: null, refusal: { ja: result.error.message, en: result.error.messageEn } };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const currentPlanId = Number(params.planId);
  if (!Number.isInteger(currentPlanId) || currentPlanId < 1) throw data(null, { status: 404 });
  const choice = Choice.safeParse(await readForm(request));
  if (!choice.success) return data({ error: { ja: '入力内容が正しくありません。', en: 'The form is invalid.' } }, { status: 400 });
  const result = await apiFrom(context).updateUserPlan({ currentPlanId, ...choice.data, action: 'change' });
  if (!result.ok) return data({ error: { ja: result.error.message, en: result.error.messageEn } }, { status: result.status >= 500 ? 503 : 400 });
  const { appliesFrom, charge, refund } = result.data;
  return seeOther(planNoticePath('change', issueKey(appliesFrom.order), { charge, refund }));
}

/** The round and money lines: 「今回返金 ¥3,960（…）」「今回決済 ¥11,660（…）」, or what is charged at the deadline. */
function MoneyLines({ preview }: { preview: PlanChangePreview }) {
  const t = useT();
  const money = changeMoneyTexts(preview);
  const round = preview.appliesFrom.order;
  if (!money.charge && !money.refund) {
    return round && preview.atDeadline ? <div className="change-confirm-money"><p><PriceText text={t(deadlineChargeText(preview.atDeadline, round))} /></p></div> : null;
  }
  return (
    <div className="change-confirm-money">
      {money.refund ? <p><PriceText text={t(money.refund)} /></p> : null}
      {money.charge ? <p><PriceText text={t(money.charge)} /></p> : null}
    </div>
  );
}

/**
 * 「変更前：天音くるり「ライトプラン」 × 1」, "Now: 天音くるり — Light plan × 1" (the tier's English
 * name, no Japanese brackets). The tier and count wrap as one, never inside the tier's name.
 */
function TierLine({ lead, artist, plan, count }: { lead: Text; artist: string; plan: { name: string; nameEn: string | null }; count: number }) {
  const t = useT();
  const { english } = useLang();
  const name = <CatalogueText ja={plan.name} en={plan.nameEn} />;
  const tier = english ? <strong>{name}</strong> : <strong>「{name}」</strong>;
  return <p>{t({ ja: `${lead.ja}：`, en: `${lead.en}: ` })}<strong>{artist}</strong>{english ? ' — ' : ''}<span className="change-confirm-tier">{tier} × {count}</span></p>;
}

export function Component() {
  const { userPlan, preview, refusal } = useLoaderData<typeof loader>();
  const failure = useActionData<{ error: Text }>();
  const t = useT();
  const title = t(COPY.title);
  return (
    <section className="page plan-delete-page">
      <PageMeta title={title} description={title} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{title}</h1>
      <div className="account-card change-confirm">
        <TierLine lead={COPY.before} artist={userPlan.artist.name} plan={userPlan.plan} count={userPlan.count} />
        {preview ? (
          <>
            <TierLine lead={COPY.after} artist={userPlan.artist.name} plan={{ name: preview.planName, nameEn: preview.planNameEn }} count={preview.count} />
            <p>{t({ ja: `${preview.appliesFrom.label.ja}反映します。`, en: `It applies ${preview.appliesFrom.label.en}.` })}</p>
            <MoneyLines preview={preview} />
          </>
        ) : null}
        <p className="profile-note">{t(ROUND_RULE_TEXT)}</p>
        {refusal ? <FormError text={refusal} /> : null}
        {failure?.error ? <FormError text={failure.error} /> : null}
        {preview ? (
          <Form method="post">
            <input type="hidden" name="planId" value={preview.planId} />
            <input type="hidden" name="count" value={preview.count} />
            <button type="submit" className="button button-primary">{t(COPY.confirm)}</button>
          </Form>
        ) : null}
        <p className="form-links"><Link to={href('plan')}>{t(COPY.keep)}</Link></p>
      </div>
    </section>
  );
}
