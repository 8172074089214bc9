import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Order, UserPlan } from '../../shared/api/types.ts';
import { formatDate } from '../../shared/format.ts';
import { describeCharge } from '../../shared/price-display.ts';
import { href } from '../../shared/routes.ts';
import { CHARGE_TIMING_TEXT, HOW_TO_CANCEL_TEXT, issueLabel } from '../../shared/subscription-rules.ts';
import type { Text } from '../../shared/text.ts';
import { CatalogueText } from '../components/catalogue-text.tsx';
import { JapaneseRuns } from '../components/japanese-runs.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { ORDER_COPY } from '../components/order-history/order-copy.ts';
import { PlanCost } from '../components/plan-cost.tsx';
import { apiFrom, must } from '../data/api.ts';
import { userPlanOf } from '../data/user-plan.ts';
import { useLang, useT } from '../lang.tsx';

const COPY = {
  title: { ja: 'お申し込みが完了しました', en: 'Your subscription is complete' },
  missing: { ja: 'このプランのお申し込みは見つかりませんでした。', en: 'No subscription to this plan was found.' },
  amount: { ja: 'お支払い金額（1回分）', en: 'Amount (this round)' },
  next: { ja: 'このあとの流れ', en: 'What happens next' },
  mail: { ja: '確認メールをお送りしました。届かない場合は迷惑メールフォルダをご確認ください。', en: 'A confirmation mail is on its way. If it does not arrive, check your spam folder.' },
  plans: { ja: 'プラン管理へ', en: 'Go to My plans' },
  lineup: { ja: 'ラインナップを見る', en: 'See the lineup' },
} as const satisfies Record<string, Text>;

export async function loader({ params, context }: LoaderFunctionArgs): Promise<{ userPlan: UserPlan | null }> {
  return { userPlan: userPlanOf(must(await apiFrom(context).userPlans()), params) };
}

/** 「天音くるり「ライトプラン」×1　12月号からお届けします。」: the tier in the shopper's language. */
function CompletePlan({ userPlan, round }: { userPlan: UserPlan; round: Order }) {
  const { english } = useLang();
  const { artist, plan, count } = userPlan;
  const tier = <CatalogueText ja={plan.name} en={plan.nameEn} />;
  if (!english) return <p className="complete-plan">{artist.name}「{tier}」×{count}　{issueLabel(round).ja}からお届けします。</p>;
  return <p className="complete-plan"><JapaneseRuns text={artist.name} /> — {tier} × {count}: your boxes start with the {issueLabel(round).en}.</p>;
}

/**
 * docs/spec.md §2 purchase completion: names the round (「◯月号」), the 注文番号 of the checkout's
 * charge (the number 注文履歴 and the receipt show, issue 31), the amount and the next steps.
 */
export function Component() {
  const { userPlan } = useLoaderData<typeof loader>();
  const t = useT();
  const round = userPlan?.nextRound ?? null;
  return (
    <section className="page complete-page">
      <PageMeta title={t(COPY.title)} description={t(COPY.title)} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{t(COPY.title)}</h1>
      {userPlan && round ? (
        <div className="complete-card" role="status">
          <CompletePlan userPlan={userPlan} round={round} />
          {userPlan.nextRoundPayment ? (
            <dl className="complete-facts">
              <div><dt>{t(ORDER_COPY.orderNumber)}</dt><dd className="order-number">{userPlan.nextRoundPayment.orderId}</dd></div>
            </dl>
          ) : null}
          <h2>{t(COPY.amount)}</h2>
          <PlanCost price={describeCharge(userPlan.nextRoundCharge, { count: userPlan.count, period: userPlan.plan.period })} />
          <h2>{t(COPY.next)}</h2>
          <ul>
            <li>{t({ ja: `${issueLabel(round).ja}は${formatDate(round.shipDate)}ごろ発送予定です。`, en: `The ${issueLabel(round).en} ships around ${formatDate(round.shipDate)}.` })}</li>
            <li>{t(CHARGE_TIMING_TEXT)}</li>
            <li>{t(HOW_TO_CANCEL_TEXT)}</li>
            <li>{t(COPY.mail)}</li>
          </ul>
        </div>
      ) : (
        <p>{t(COPY.missing)}</p>
      )}
      <ul className="form-links">
        <li><Link to={href('plan')}>{t(COPY.plans)}</Link></li>
        <li><Link to={href('lineup')}>{t(COPY.lineup)}</Link></li>
      </ul>
    </section>
  );
}
