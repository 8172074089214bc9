import { Link } from 'react-router';
import type { Order, Plan } from '../../shared/api/types.ts';
import { formatDate, formatDeadlineTime } from '../../shared/format.ts';
import { NextRoundLine } from './subscription/next-round-line.tsx';
import { planRoundPrice } from '../../shared/price-display.ts';
import { href } from '../../shared/routes.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { useLang, useT } from '../lang.tsx';
import { useLocalize } from './catalogue-text.tsx';
import { PlanContentsList } from './plan-contents.tsx';
import { PlanCost } from './plan-cost.tsx';
import { Phrases } from './phrases.tsx';

interface PlanCardProps {
  plan: Plan;
  slug: string;
  /** `/lineup/{slug}/{no}` points at this plan: marked for the stylesheet and the scroll effect. */
  focused?: boolean;
  /** The artist's sales have ended: the plan is shown but cannot be ordered. */
  closed?: boolean;
  /** The 「おすすめ」 badge picks one tier among several; a lone plan has nothing to be picked over. */
  amongOthers?: boolean;
}

export function planAnchor(planId: number): string {
  return `plan-${planId}`;
}

export function PlanCard({ plan, slug, focused = false, closed = false, amongOthers = true }: PlanCardProps) {
  const t = useT();
  const localize = useLocalize();
  const round = closed ? null : plan.currentOrder;
  // Only a tier that can be ordered now is recommended; an ended one looks ended.
  const featured = plan.displayType === 'SPECIAL' && round !== null && amongOthers;
  const name = localize(plan.name, plan.nameEn);
  const attention = localize(plan.attention, plan.attentionEn);
  return (
    <section
      id={planAnchor(plan.id)}
      className="plan-card"
      data-focused={focused || undefined}
      data-featured={featured || undefined}
      data-ended={round ? undefined : true}
      aria-labelledby={`plan-name-${plan.id}`}
      tabIndex={focused ? -1 : undefined}
    >
      {featured ? <p className="plan-badge">{t({ ja: 'おすすめ', en: 'Featured' })}</p> : null}
      <h3 id={`plan-name-${plan.id}`} className="plan-name" lang={name.lang}><Phrases text={name.text} /></h3>
      <PlanCost price={planRoundPrice(plan)} />
      {plan.contents ? <PlanContentsList contents={plan.contents} /> : null}
      {round ? <PlanRound round={round} next={plan.nextOrder} slug={slug} planId={plan.id} /> : <PlanUnavailable closed={closed} />}
      {attention.text ? <p className="plan-attention" lang={attention.lang}>{attention.text}</p> : null}
    </section>
  );
}

function PlanRound({ round, next, slug, planId }: { round: Order; next: Order | null; slug: string; planId: number }) {
  const t = useT();
  const { english } = useLang();
  return (
    <>
      <dl className="plan-round">
        <dt>{t({ ja: '受付中', en: 'Now accepting' })}</dt>
        <dd>{t(issueLabel(round))}</dd>
        <dt>{t({ ja: '申込締切', en: 'Order deadline' })}</dt>
        <dd><time dateTime={round.endDate}>{formatDeadlineTime(round.endDate, english)}</time></dd>
        <dt>{t({ ja: '発送予定', en: 'Ships' })}</dt>
        <dd><time dateTime={round.shipDate}>{formatDate(round.shipDate)}</time></dd>
      </dl>
      {/* The round after: where a subscription's first charge at a deadline falls (issue 18). */}
      {next ? <NextRoundLine lead={{ ja: '次回', en: 'Next round' }} round={next} /> : null}
      <Link className="button button-primary plan-checkout" to={href('checkout', { slug, planId })}>
        {t({ ja: 'このプランを申し込む', en: 'Subscribe to this plan' })}
      </Link>
    </>
  );
}

function PlanUnavailable({ closed }: { closed: boolean }) {
  const t = useT();
  return (
    <p className="plan-closed">
      {closed
        ? t({ ja: '販売は終了しました', en: 'Sales have ended' })
        : t({ ja: '現在受付期間外です', en: 'Not accepting orders now' })}
    </p>
  );
}

/** The plans of one artist as a list of cards. */
export function PlanList({ plans, slug, focusPlanId = null, closed = false }: {
  plans: readonly Plan[];
  slug: string;
  focusPlanId?: number | null;
  closed?: boolean;
}) {
  return (
    <ul className="plan-list">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard plan={plan} slug={slug} focused={plan.id === focusPlanId} closed={closed} amongOthers={plans.length > 1} />
        </li>
      ))}
    </ul>
  );
}
