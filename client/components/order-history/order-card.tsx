import { Link } from 'react-router';
import type { PlanOrderHistory } from '../../../shared/api/types.ts';
import { formatDate, formatPrice } from '../../../shared/format.ts';
import { PARCEL_FEE_LABEL } from '../../../shared/parcel-display.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment.ts';
import { RECEIPT_REFUSALS } from '../../../shared/receipt.ts';
import { href } from '../../../shared/routes.ts';
import { useLang, useT } from '../../lang.tsx';
import { CatalogueText } from '../catalogue-text.tsx';
import { JapaneseRuns } from '../japanese-runs.tsx';
import { PriceText } from '../price-text.tsx';
import { deferredRules, ORDER_COPY as C } from './order-copy.ts';
import { OrderTimeline } from './order-timeline.tsx';
import { BoxGoods } from '../box-goods.tsx';

/** One order on /mypage/orderHistroy: what was bought, what it cost, where it is. */
export function OrderCard({ order }: { order: PlanOrderHistory }) {
  const t = useT();
  const titleId = `order-${order.id}`;
  return (
    <article className="order-card" aria-labelledby={titleId} data-status={order.paymentStatus}>
      <h2 id={titleId} className="order-card-title">
        <span className="order-issue">{t(order.order.label)}</span> <JapaneseRuns text={order.artist.name} />
      </h2>
      <p className="order-status">{t(order.paymentStatusLabel)}</p>
      <dl className="order-facts">
        <div><dt>{t(C.orderNumber)}</dt><dd className="order-number">{order.id}</dd></div>
        <div><dt>{t(C.tier)}</dt><CatalogueText as="dd" className="order-plan" ja={order.plan.name} en={order.plan.nameEn} /></div>
        <div><dt>{t(C.count)}</dt><dd>{order.count}</dd></div>
        <div><dt>{t(C.total)}</dt><dd><OrderAmounts order={order} /></dd></div>
        <div><dt>{t(C.method)}</dt><dd>{t(PAYMENT_METHOD_LABELS[order.paymentMethod])}</dd></div>
        {order.paidAt ? <div><dt>{t(C.paidAt)}</dt><dd>{formatDate(order.paidAt)}</dd></div> : null}
        {order.tracking && !order.parcel ? <div><dt>{t(C.tracking)}</dt><dd><TrackingNumber tracking={order.tracking} /></dd></div> : null}
      </dl>
      {order.parcel ? <OrderParcel order={order} /> : null}
      {order.contents && order.contents.length > 0 ? (
        <section className="order-contents" aria-labelledby={`${titleId}-contents`}>
          <h3 id={`${titleId}-contents`} className="order-contents-title">{t(C.contents)}</h3>
          <BoxGoods goods={order.contents} />
        </section>
      ) : null}
      <OrderRefunds order={order} />
      {order.deferred ? <DeferredDue deferred={order.deferred} /> : null}
      <OrderTimeline entries={order.timeline} />
      <OrderLinks order={order} describedBy={titleId} />
    </article>
  );
}

function OrderAmounts({ order }: { order: PlanOrderHistory }) {
  const t = useT();
  const { english } = useLang();
  const yen = (n: number) => formatPrice(n, english);
  return (
    <span className="order-amounts">
      <strong><PriceText text={yen(order.total)} /></strong>
      <span className="order-breakdown">
        <PriceText text={`${t(C.price)} ${yen(order.price)}`} /> ／ <PriceText text={`${t(order.parcel?.carriesFee ? PARCEL_FEE_LABEL : C.shipping)} ${yen(order.shipFee)}`} />
        {order.fee > 0 ? <> ／ <PriceText text={`${t(C.fee)} ${yen(order.fee)}`} /></> : null}
        {order.parcel?.feePaidWith ? <span className="order-fee-paid-with">{t(order.parcel.feePaidWith)}</span> : null}
      </span>
    </span>
  );
}

/** The fan's boxes travelling together (同梱), with the parcel's one tracking number. */
function OrderParcel({ order }: { order: PlanOrderHistory }) {
  const t = useT();
  const parcel = order.parcel!;
  return (
    <div className="order-parcel" data-testid="order-parcel">
      <p>{t(parcel.line)}</p>
      {order.tracking ? <p>{t(C.parcelTracking)}: <TrackingNumber tracking={order.tracking} /></p> : null}
    </div>
  );
}

/** Each refund (amount, date, back to which method) and what was paid net of them (issue 30). */
function OrderRefunds({ order }: { order: PlanOrderHistory }) {
  const t = useT();
  const { english } = useLang();
  if (order.refunds.length === 0) return null;
  const state = (r: PlanOrderHistory['refunds'][number]) => (r.status === 'refunded' && r.at ? formatDate(r.at) : t(C.refundStates[r.status]));
  return (
    <div className="order-refunds">
      <h3>{t(C.refunds)}</h3>
      <ul>
        {order.refunds.map((r, i) => (
          <li key={i}>
            {t(r.full ? C.refundFull : C.refundPart)} <strong><PriceText text={formatPrice(r.amount, english)} /></strong>
            {' '}{state(r)}{t(r.method === 'KONBINI' ? C.refundByTransfer : C.refundTo(t(PAYMENT_METHOD_LABELS[r.method])))}
          </li>
        ))}
      </ul>
      <p>{t(C.netTotal)}: <strong><PriceText text={formatPrice(order.netTotal, english)} /></strong></p>
      {order.receipt.refusal === 'refunded' ? <p className="order-no-receipt">{t(RECEIPT_REFUSALS.refunded)}</p> : null}
    </div>
  );
}

function TrackingNumber({ tracking }: { tracking: NonNullable<PlanOrderHistory['tracking']> }) {
  const t = useT();
  const carrier = tracking.carrierName ? `${t(tracking.carrierName)} ` : '';
  if (!tracking.url) return <span>{carrier}{tracking.number}</span>;
  return (
    <span>
      {carrier}{tracking.number}{' '}
      <a href={tracking.url} target="_blank" rel="noopener noreferrer">
        {t(C.trackingLink)}<span className="visually-hidden">{t(C.newTab)}</span>
      </a>
    </span>
  );
}

function DeferredDue({ deferred }: { deferred: NonNullable<PlanOrderHistory['deferred']> }) {
  const t = useT();
  return (
    <div className="order-deferred">
      <p><strong>{t(C.dueTitle)}</strong>: {formatDate(deferred.dueDate)}</p>
      <p>{t(deferredRules(deferred.dueDays, deferred.lateFee, deferred.maxLateFees, deferred.lateFeeMax))}</p>
    </div>
  );
}

function OrderLinks({ order, describedBy }: { order: PlanOrderHistory; describedBy: string }) {
  const t = useT();
  const links = [];
  if (order.receipt.available) {
    links.push(<Link key="receipt" className="button button-ghost" to={href('receipt', { id: order.id })} aria-describedby={describedBy}>
      {t(order.receipt.issuedCount > 0 ? C.receiptAgain : C.receipt)}
    </Link>);
  }
  if (order.paymentStatus === 'ERROR') {
    links.push(<Link key="card" className="button button-primary" to={href('profilePayment')} aria-describedby={describedBy}>{t(C.changeCard)}</Link>);
  }
  return links.length > 0 ? <p className="order-links">{links}</p> : null;
}
