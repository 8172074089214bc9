import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { CheckoutPayment } from '../../shared/api/types.ts';
import { formatNumber } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { formatPayBy, KONBINI_STORES, SHOPPER_CHECKOUT_COPY, SHOPPER_CHECKOUT_ENDED, VOUCHER_COPY as C } from '../../shared/shopper-checkout.ts';
import { CatalogueText } from '../components/catalogue-text.tsx';
import { JapaneseRuns } from '../components/japanese-runs.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { apiFrom, must } from '../data/api.ts';
import { useT } from '../lang.tsx';

export async function loader({ params, context }: LoaderFunctionArgs): Promise<{ payment: CheckoutPayment }> {
  return { payment: must(await apiFrom(context).checkoutPayment(params.userPlanId ?? '')) };
}

/**
 * The first round's payment of a konbini or PayPay checkout (issue 34, decision 0093): the voucher
 * (amount, payment number, stores, expiry in JST) until it is paid; paid, the subscription; expired
 * or left, why there is none. The API asks the gateway on every load, so a reload shows the truth.
 */
export function Component() {
  const { payment } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="page checkout-payment-page">
      <PageMeta title={t(C.title)} description={t(C.lead)} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{t(C.title)}</h1>
      <p className="checkout-plan">
        <span><JapaneseRuns text={payment.artistName} /></span> <CatalogueText as="strong" ja={payment.planName} en={payment.planNameEn} /> ×{payment.count}
      </p>
      <PaymentState payment={payment} />
      <p className="form-links"><Link to={href('plan')}>{t(C.plans)}</Link></p>
    </section>
  );
}

function PaymentState({ payment }: { payment: CheckoutPayment }) {
  const t = useT();
  if (payment.state === 'paid') {
    return (
      <div className="flash-notice" role="status">
        <p>{t(C.paid)}</p>
        <p><Link to={href('complete', { slug: payment.slug, planId: payment.planId })}>{t({ ja: 'お申し込み内容を見る', en: 'See your subscription' })}</Link></p>
      </div>
    );
  }
  if (payment.state === 'ended') {
    return (
      <div className="subscription-blocker" role="alert">
        <p>{t(SHOPPER_CHECKOUT_ENDED[payment.method])}</p>
        <p><Link to={href('checkout', { slug: payment.slug, planId: payment.planId })}>{t({ ja: 'もう一度申し込む', en: 'Apply again' })}</Link></p>
      </div>
    );
  }
  if (payment.state === 'pending' || (!payment.voucher && !payment.redirectUrl)) return <p className="subscription-blocker" role="status">{t(C.pending)}</p>;
  if (payment.method === 'paypay') {
    return <p><a className="button" href={payment.redirectUrl ?? ''}>{t(SHOPPER_CHECKOUT_COPY.paypaySubmit)} ¥{formatNumber(payment.amount)}</a></p>;
  }
  return <Voucher payment={payment} />;
}

function Voucher({ payment }: { payment: CheckoutPayment }) {
  const t = useT();
  const voucher = payment.voucher;
  if (!voucher) return null;
  return (
    <div className="complete-card voucher-card">
      <p className="voucher-lead"><strong>{t(C.lead)}</strong></p>
      <dl className="checkout-terms voucher-facts">
        <dt>{t(C.amount)}</dt>
        <dd className="voucher-amount">¥{formatNumber(payment.amount)}</dd>
        <dt>{t(C.number)}</dt>
        <dd className="voucher-number"><strong>{voucher.number ?? '-'}</strong></dd>
        <dt>{t(C.expiresAt)}</dt>
        <dd className="voucher-expiry">{formatPayBy(voucher.expiresAt)}{t({ ja: '', en: ' (JST)' })}</dd>
        <dt>{t(C.stores)}</dt>
        <dd>{t(KONBINI_STORES)}</dd>
      </dl>
      <p>{t(C.howTo)}{t(C.alsoMailed)}</p>
      <p>{t(C.unpaid)}</p>
      <p><a href={voucher.url}>{t(C.voucher)}</a></p>
      {payment.testMode ? <p className="subscription-blocker">{t(C.sandbox)}</p> : null}
    </div>
  );
}
