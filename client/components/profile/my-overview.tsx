import type { ReactNode } from 'react';
import { TenureList } from '../tenure-list.tsx';
import { VaultNotice } from './vault-notice.tsx';
import { Link } from 'react-router';
import type { OverviewBox, OverviewCharge, UserOverview } from '../../../shared/api/overview.ts';
import { formatDate, formatDateTime, lastAcceptedMoment } from '../../../shared/format.ts';
import { paysEachRound } from '../../../shared/shopper-payment.ts';
import { SHOPPER_ROUND_TEXTS } from '../../../shared/shopper-round.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import { describeCharge } from '../../../shared/price-display.ts';
import { href } from '../../../shared/routes.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { useLocalize } from '../catalogue-text.tsx';
import { PriceBreakdown } from '../plan-cost.tsx';
import { Price } from '../price.tsx';
import { OverviewActions } from './overview-actions.tsx';
import { cardText, OVERVIEW_COPY as C } from './overview-copy.ts';

function Fact({ label, children }: { label: Text; children: ReactNode }) {
  const t = useT();
  return <div className="profile-row"><dt>{t(label)}</dt><dd>{children}</dd></div>;
}

/** 「1月号 サブスク・アーティスト ライトプラン ×2」: which box of which subscription. */
function RoundHeading({ item }: { item: OverviewBox | OverviewCharge }) {
  const t = useT();
  const plan = useLocalize()(item.plan.name, item.plan.nameEn);
  return (
    <p className="overview-round">
      <strong className="overview-issue">{t(item.label)}</strong> <span className="overview-artist">{item.artist.name}</span>
      <span className="overview-plan"><span lang={plan.lang}>{plan.text}</span>{item.count > 1 ? ` ×${item.count}` : ''}</span>
    </p>
  );
}

function NextBox({ box, paysSelf }: { box: OverviewBox; paysSelf: boolean }) {
  const t = useT();
  return (
    <div className="overview-item">
      <RoundHeading item={box} />
      <dl className="profile-details">
        <Fact label={C.deadline}>{t(box.deadline)}</Fact>
        <Fact label={C.shipDate}>{formatDate(box.round.shipDate)}</Fact>
        <Fact label={C.state}>{t(box.paid ? C.paid : paysSelf ? C.unpaidSelf : C.unpaid)}</Fact>
      </dl>
    </div>
  );
}

function NextCharge({ charge }: { charge: OverviewCharge }) {
  const t = useT();
  // The same statement of a price as every page's (shared/price-display.ts).
  const price = describeCharge(charge.charge, { count: charge.count, period: charge.period });
  const method = charge.card ? t(cardText(charge.card.brand, charge.card.last4)) : t(PAYMENT_METHOD_LABELS[charge.method]);
  return (
    <div className="overview-item">
      <RoundHeading item={charge} />
      <dl className="profile-details">
        {/* A konbini/PayPay fan pays it herself by the deadline (issue 34): nothing is charged on a date. */}
        {paysEachRound(charge.method)
          ? <Fact label={SHOPPER_ROUND_TEXTS.payBy}>{formatDateTime(lastAcceptedMoment(charge.chargeAt))}</Fact>
          : <Fact label={C.chargeDate}>{formatDate(charge.chargeAt)}</Fact>}
        <Fact label={C.amount}>
          <strong className="overview-amount"><Price price={price} /></strong>
          <PriceBreakdown price={price} />
          {price.saving ? <p className="plan-cost-saving">{t(price.saving)}</p> : null}
        </Fact>
        <Fact label={C.method}>{method}</Fact>
      </dl>
    </div>
  );
}

function Card({ id, title, link, children }: { id: string; title: Text; link: { route: 'plan' | 'profilePayment'; text: Text }; children: ReactNode }) {
  const t = useT();
  return (
    <section className="profile-group overview-card" aria-labelledby={id}>
      <h3 id={id} className="profile-group-title">{t(title)}</h3>
      {children}
      <p className="overview-link"><Link to={href(link.route)}>{t(link.text)}</Link></p>
    </section>
  );
}

/** My page as a home (issue 18): what needs doing, the next box and the next payment, at a glance. */
export function MyOverview({ overview, actionError }: { overview: UserOverview | null; actionError?: Text | null }) {
  const t = useT();
  let body: ReactNode;
  if (!overview) body = <p className="overview-empty">{t(C.unavailable)}</p>;
  else if (overview.subscriptionCount === 0) {
    // An ended plan may still leave an invoice or a failed charge to see to.
    body = (
      <>
        <OverviewActions actions={overview.actions} error={actionError} />
        <VaultNotice count={overview.bonusesReady} />
        <p className="overview-empty">{t(C.none)} <Link to={href('lineup')}>{t(C.lineup)}</Link></p>
      </>
    );
  } else {
    body = (
      <>
        <OverviewActions actions={overview.actions} error={actionError} />
        <VaultNotice count={overview.bonusesReady} />
        <div className="overview-cards">
          <Card id="overview-next-box" title={C.nextBox} link={{ route: 'plan', text: C.myPlans }}>
            {overview.nextBoxes.length ? overview.nextBoxes.map((b) => <NextBox key={b.userPlanId} box={b} paysSelf={overview.nextCharges.some((c) => paysEachRound(c.method))} />) : <p>{t(C.noBox)}</p>}
          </Card>
          <Card id="overview-next-charge" title={C.nextCharge} link={{ route: 'profilePayment', text: C.changeMethod }}>
            {overview.nextCharges.length ? overview.nextCharges.map((c) => <NextCharge key={c.userPlanId} charge={c} />) : <p>{t(C.noCharge)}</p>}
          </Card>
        </div>
        <TenureList tenure={overview.tenure} id="overview-tenure" />
      </>
    );
  }
  return (
    <section className="overview" aria-labelledby="overview-title">
      <h2 id="overview-title" className="overview-title">{t(C.title)}</h2>
      {body}
    </section>
  );
}
