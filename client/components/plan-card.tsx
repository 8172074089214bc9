import { Link } from 'react-router';
import type { Order, Plan } from '../../shared/api/types.ts';
import { formatDate } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { useT } from '../lang.tsx';
import { Price } from './price.tsx';

interface PlanCardProps {
  plan: Plan;
  slug: string;
  /** `/lineup/{slug}/{no}` points at this plan: marked for the stylesheet and the scroll effect. */
  focused?: boolean;
  /** The artist's sales have ended: the plan is shown but cannot be ordered. */
  closed?: boolean;
}

export function planAnchor(planId: number): string {
  return `plan-${planId}`;
}

export function PlanCard({ plan, slug, focused = false, closed = false }: PlanCardProps) {
  const t = useT();
  const round = closed ? null : plan.currentOrder;
  return (
    <section
      id={planAnchor(plan.id)}
      className="plan-card"
      data-focused={focused || undefined}
      data-display={plan.displayType}
      aria-labelledby={`plan-name-${plan.id}`}
      tabIndex={focused ? -1 : undefined}
    >
      {plan.displayType === 'SPECIAL' ? <p className="plan-badge">{t({ ja: 'おすすめ', en: 'Featured' })}</p> : null}
      <h3 id={`plan-name-${plan.id}`} className="plan-name">{plan.name}</h3>
      <p className="plan-price">
        <Price price={plan.price} preTaxPrice={plan.preTaxPrice} />
        <span className="plan-period">
          {t(plan.period === 1 ? { ja: '／月', en: '/ month' } : { ja: `／${plan.period}か月`, en: `/ ${plan.period} months` })}
        </span>
      </p>
      {plan.attention ? <p className="plan-attention">{plan.attention}</p> : null}
      {round ? <PlanRound round={round} slug={slug} planId={plan.id} /> : <PlanUnavailable closed={closed} />}
    </section>
  );
}

function PlanRound({ round, slug, planId }: { round: Order; slug: string; planId: number }) {
  const t = useT();
  return (
    <>
      <dl className="plan-round">
        <dt>{t({ ja: '受付中', en: 'Now accepting' })}</dt>
        <dd>{round.name}</dd>
        <dt>{t({ ja: '申込締切', en: 'Deadline' })}</dt>
        <dd><time dateTime={round.endDate}>{formatDate(round.endDate)}</time></dd>
        <dt>{t({ ja: '発送予定', en: 'Ships' })}</dt>
        <dd><time dateTime={round.shipDate}>{formatDate(round.shipDate)}</time></dd>
      </dl>
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
          <PlanCard plan={plan} slug={slug} focused={plan.id === focusPlanId} closed={closed} />
        </li>
      ))}
    </ul>
  );
}
