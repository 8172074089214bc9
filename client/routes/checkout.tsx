import { useState } from 'react';
import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { data, redirectDocument } from 'react-router';
import * as z from 'zod/mini';
import type { CreditInfo, CurrentUser, PlanDetail } from '../../shared/api/types.ts';
import { GATEWAY_SWITCHED_NOTICE } from '../../shared/card-gateway.ts';
import { CHECKOUT_AUTH_TEXT, CHECKOUT_AUTHENTICATION_REQUIRED, isProviderRedirect, parseAuthOutcome } from '../../shared/charge-authentication.ts';
import { DEFERRED_OFF_MESSAGE, mustLeaveDeferred } from '../../shared/deferred-switch.ts';
import { roundCharge } from '../../shared/money.ts';
import { withParcelShipping } from '../../shared/parcel.ts';
import { PAYMENT_METHOD_LABELS } from '../../shared/payment.ts';
import { formatNumber } from '../../shared/format.ts';
import { describeCharge, type RoundPrice } from '../../shared/price-display.ts';
import { href } from '../../shared/routes.ts';
import { checkoutPayBy, formatPayBy, SHOPPER_CHECKOUT_COPY, SHOPPER_CHECKOUT_ENDED, shopperCheckoutLead, shopperSubmitLabel } from '../../shared/shopper-checkout.ts';
import { SHOPPER_PAYMENT_METHOD_TEXTS, shopperMethodOf, type ShopperPaymentMethod } from '../../shared/shopper-payment.ts';
import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import { COUNT_LIMITS, hasDeliveryAddress, issueLabel } from '../../shared/subscription-rules.ts';
import type { Text } from '../../shared/text.ts';
import { CatalogueText } from '../components/catalogue-text.tsx';
import { SubmitButton } from '../components/form/submit-button.tsx';
import { PAYMENT_NOTICES } from '../components/payment/payment-copy.ts';
import { formatZip } from '../components/profile/profile-summary.tsx';
import { JapaneseRuns } from '../components/japanese-runs.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { BlockerNotice } from '../components/subscription/blocker-notice.tsx';
import { CheckoutTerms } from '../components/subscription/checkout-terms.tsx';
import { blockerOf, withReturn, type Blocker } from '../components/subscription/fix-links.ts';
import { apiFrom, must, orElse } from '../data/api.ts';
import { loadCurrentUser, returnPathOf } from '../data/current-user.ts';
import { readForm, seeOther } from '../data/form-action.ts';
import { useConfig } from '../config.tsx';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { useT } from '../lang.tsx';

const COPY = {
  title: { ja: 'お申し込み内容の確認', en: 'Confirm your subscription' },
  lead: { ja: '以下の内容でお申し込みます。内容をご確認のうえ「申し込む」を押してください。', en: 'Check the details below, then press "Subscribe".' },
  count: { ja: '数量', en: 'Quantity' },
  recalc: { ja: '数量を変更する', en: 'Update quantity' },
  address: { ja: 'お届け先', en: 'Delivery address' },
  changeAddress: { ja: 'お届け先を変更する', en: 'Change the address' },
  payment: { ja: 'お支払い方法', en: 'Payment method' },
  changePayment: { ja: 'お支払い方法を変更する', en: 'Change the payment method' },
  submit: { ja: '申し込む（決済する）', en: 'Subscribe (pay now)' },
  back: { ja: 'アーティストページに戻る', en: 'Back to the artist' },
} as const satisfies Record<string, Text>;

interface CheckoutData {
  plan: PlanDetail;
  user: CurrentUser;
  card: CreditInfo | null;
  count: number;
  /** When the page priced the round (the deferred-payment fee in force), as an ISO instant. */
  pricedAt: string;
  blocker: Blocker | null;
  /** A fresh key per render: a double click or a resent form makes one subscription (issue 8). */
  idempotencyKey: string;
  returnTo: string;
  /** Back from the bank's 3-D Secure page without a subscription (`?auth=`): what happened. */
  auth: 'failed' | 'pending' | null;
  /** Back from the payment page with a card just registered (`?card=registered`, issue 31). */
  cardRegistered: boolean;
  /** 同梱: the first round's box joins a parcel whose shipping another box carries (shared/parcel.ts). */
  joinsParcel: boolean;
}

const CountParam = z.catch(z.coerce.number().check(z.int(), z.minimum(COUNT_LIMITS.min), z.maximum(COUNT_LIMITS.max)), 1);
/** A form without the total it showed (one rendered before issue 30) sends 0: the API then names the amount. */
const TotalParam = z.catch(z.coerce.number().check(z.int(), z.minimum(0)), 0);

/**
 * What this round charges with the shopper's method and `count`, as every price in the shop is
 * stated: the same `roundCharge` of the open round the API charges (api/user-plan/subscribe.service.ts).
 */
function priceOf(plan: PlanDetail, count: number, deferred: boolean, at: Date, joinsParcel: boolean): RoundPrice {
  const round = plan.currentOrder ?? plan;
  return describeCharge(withParcelShipping(roundCharge(round, count, deferred, at), !joinsParcel), { count, period: plan.period });
}

/** 128 random bits in hex (getRandomValues works on plain-http origins too, unlike randomUUID). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function blockerFor(plan: PlanDetail, user: CurrentUser, held: number, returnTo: string, card: CreditInfo | null): Blocker | null {
  if (plan.artist.isClose) return blockerOf('ARTIST_CLOSED', M.artistClosed, returnTo);
  if (!plan.currentOrder) return blockerOf('NO_OPEN_ROUND', M.noOpenRound, returnTo);
  if (held > 0) return blockerOf('ALREADY_SUBSCRIBED', M.alreadySubscribed, returnTo);
  if (!hasDeliveryAddress(user)) return blockerOf('ADDRESS_REQUIRED', M.addressRequired, returnTo);
  if (user.paymentMethod === 'NONE') return blockerOf('PAYMENT_METHOD_REQUIRED', M.paymentMethodRequired, returnTo);
  // A card saved at the gateway the shop used before cannot be charged: register it again (issue 20).
  if (card?.needsReRegistration && !card.registered) return blockerOf('PAYMENT_METHOD_REQUIRED', GATEWAY_SWITCHED_NOTICE, returnTo);
  return null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<CheckoutData> {
  const api = apiFrom(context);
  const [user, plan] = await Promise.all([loadCurrentUser(request, context), api.plan(params.planId ?? '').then(must)]);
  if (plan.artist.slug !== params.slug) throw data(null, { status: 404 });
  const [{ count: held, joinsParcel = false }, card] = await Promise.all([
    api.userPlanCount(plan.id).then((r) => orElse<{ count: number; joinsParcel?: boolean }>(r, { count: 0 })),
    user.paymentMethod === 'CARD' ? api.creditInfo(user.id).then((r) => orElse<CreditInfo | null>(r, null)) : null,
  ]);
  const returnTo = returnPathOf(request);
  const query = new URL(request.url).searchParams;
  const count = CountParam.parse(query.get('count') ?? 1);
  const outcome = parseAuthOutcome(query.get('auth'));
  const auth = outcome === 'failed' || outcome === 'pending' ? outcome : null;
  return { plan, user, card, count, pricedAt: new Date().toISOString(), blocker: blockerFor(plan, user, held, returnTo, card), idempotencyKey: newIdempotencyKey(), returnTo, auth,
    cardRegistered: query.get('card') === 'registered' && card?.registered === true, joinsParcel };
}

interface CheckoutFailure {
  blocker: Blocker;
  idempotencyKey: string;
  /** The quantity posted: the page comes back showing it and its total. */
  count: number;
}

/**
 * `intent=recalc` (数量を変更する, for a browser without JavaScript) shows the page for the chosen
 * quantity; a subscription sends the quantity and the total the page showed, which the API checks.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const count = CountParam.parse(values.count ?? 1);
  const slug = params.slug ?? '';
  const planId = Number(params.planId);
  if (values.intent === 'recalc') return seeOther(`${href('checkout', { slug, planId })}?count=${count}`);
  const input = { planId, count, expectedTotal: TotalParam.parse(values.expectedTotal ?? 0) };
  const result = await apiFrom(context).createUserPlan(input, values.idempotencyKey || undefined);
  // The bank asks for 3-D Secure: the browser goes to its page, and only if it is the gateway's.
  if (result.ok && 'authenticationUrl' in result.data && isProviderRedirect(result.data.authenticationUrl)) return redirectDocument(result.data.authenticationUrl, 303);
  if (result.ok && !('authenticationUrl' in result.data)) return seeOther(`${href('complete', { slug, planId })}`);
  const error = result.ok
    ? { code: 'PAYMENT_DECLINED' as const, text: CHECKOUT_AUTHENTICATION_REQUIRED }
    : { code: result.error.code, text: { ja: result.error.message, en: result.error.messageEn } };
  const failure: CheckoutFailure = { blocker: blockerOf(error.code, error.text, returnPathOf(request)), idempotencyKey: newIdempotencyKey(), count };
  if (result.ok) return data(failure, { status: 502 });
  const changed = result.error.code === 'TOTAL_CHANGED';
  return data(failure, { status: result.status >= 500 ? 503 : changed ? 409 : 400 });
}

/** A refused total re-reads the plan: the page then shows the price the API named. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  const failure = actionResult as Partial<CheckoutFailure> | undefined;
  return failure?.blocker?.code === 'TOTAL_CHANGED' || defaultShouldRevalidate;
}

/** docs/spec.md §2 checkout: the final confirmation screen (issue 8). */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  const { plan, user, card, returnTo } = loaded;
  // GMO後払い no longer offered (DEFERRED_PAYMENT=off): a GMOAB shopper chooses a card first.
  const deferredOff = mustLeaveDeferred(user.paymentMethod, useConfig().deferredPayment);
  const blocker = loaded.blocker ?? (deferredOff ? blockerOf('PAYMENT_METHOD_REQUIRED', DEFERRED_OFF_MESSAGE, returnTo) : null);
  const failure = useActionData<CheckoutFailure>();
  const t = useT();
  const round = plan.currentOrder;
  // The quantity on screen: the page's, the one a refused post sent, or the select's (issue 30).
  const shown = failure?.count ?? loaded.count;
  const [picked, setPicked] = useState({ from: shown, count: shown });
  const count = picked.from === shown ? picked.count : shown;
  const price = priceOf(plan, count, user.paymentMethod === 'GMOAB', new Date(loaded.pricedAt), loaded.joinsParcel);
  const amount = `¥${formatNumber(price.total)}`;
  // A fan paying each round herself (issue 34): nothing charged automatically, paid by a date.
  const shopper = shopperMethodOf(user.paymentMethod);
  const payBy = shopper && round ? checkoutPayBy(shopper, new Date(loaded.pricedAt), new Date(round.endDate)) : null;
  const submit = shopper ? shopperSubmitLabel(shopper) : COPY.submit;
  return (
    <section className="page checkout-page">
      <PageMeta title={t(COPY.title)} description={t(COPY.lead)} />
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{t(COPY.title)}</h1>
      <p className="checkout-plan">
        <span><JapaneseRuns text={plan.artist.name} /></span> <CatalogueText as="strong" ja={plan.name} en={plan.nameEn} />
        {round ? <span className="checkout-issue">{t(issueLabel(round))}</span> : null}
      </p>
      {!failure && loaded.cardRegistered ? <p className="flash-notice" role="status">{t(PAYMENT_NOTICES.registered)}</p> : null}
      {failure ? <BlockerNotice blocker={failure.blocker} alert /> : null}
      {!failure && loaded.auth ? <AuthOutcomeNotice auth={loaded.auth} returnTo={returnTo} shopper={shopper} /> : null}
      {blocker ? <BlockerNotice blocker={blocker} /> : null}
      {round && !plan.artist.isClose ? (
        // One form: the quantity chosen is the one posted, with the total this page shows for it.
        <Form method="post" className="checkout-form">
          {blocker ? null : <p className="account-lead">{t(shopper ? shopperCheckoutLead(shopper) : COPY.lead)}</p>}
          <div className="checkout-count">
            <label htmlFor="checkout-count">{t(COPY.count)}</label>
            <select id="checkout-count" name="count" value={String(count)} onChange={(e) => setPicked({ from: shown, count: Number(e.target.value) })}>
              {Array.from({ length: COUNT_LIMITS.max }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
            </select>
            <RecalcButton />
          </div>
          <CheckoutTerms count={count} price={price} round={round} timing={shopper ? SHOPPER_PAYMENT_METHOD_TEXTS[shopper].means : undefined} />
          <CheckoutAccount user={user} card={card} returnTo={returnTo} payBy={payBy} />
          {blocker ? null : (
            <div className="checkout-confirm">
              <input type="hidden" name="expectedTotal" value={price.total} />
              <input type="hidden" name="idempotencyKey" value={failure?.idempotencyKey ?? loaded.idempotencyKey} />
              <SubmitButton label={{ ja: `${submit.ja} ${amount}`, en: `${submit.en} ${amount}` }} />
            </div>
          )}
        </Form>
      ) : null}
      <p className="form-links"><Link to={href('artist', { slug: plan.artist.slug })}>{t(COPY.back)}</Link></p>
    </section>
  );
}

/** Back from the bank's page unpaid: why there is no subscription, and what to do (or: still confirming). */
function AuthOutcomeNotice({ auth, returnTo, shopper }: { auth: 'failed' | 'pending'; returnTo: string; shopper: ShopperPaymentMethod | null }) {
  const t = useT();
  const failed = shopper ? SHOPPER_CHECKOUT_ENDED[shopper] : CHECKOUT_AUTH_TEXT.failed;
  if (auth === 'failed') return <BlockerNotice blocker={blockerOf('PAYMENT_DECLINED', failed, returnTo)} alert />;
  return (
    <div className="subscription-blocker" role="status">
      <p>{t(CHECKOUT_AUTH_TEXT.pending)}</p>
      <p><Link to={href('plan')}>{t(MY_PLANS)}</Link></p>
    </div>
  );
}

const MY_PLANS: Text = { ja: 'マイプランを見る', en: 'See My plans' };

/** Without JavaScript the page recomputes on the server; with it the total follows the select. */
function RecalcButton() {
  const t = useT();
  if (useHydrated()) return null;
  return <button type="submit" name="intent" value="recalc" className="button button-ghost">{t(COPY.recalc)}</button>;
}

function CheckoutAccount({ user, card, returnTo, payBy }: { user: CurrentUser; card: CreditInfo | null; returnTo: string; payBy: Date | null }) {
  const t = useT();
  const cardText = card?.registered ? ` ${card.cardBrand ?? ''} •••• ${card.cardLast4 ?? ''}` : '';
  return (
    <dl className="checkout-account">
      <dt>{t(COPY.address)}</dt>
      <dd>
        {user.name}<br />{formatZip(user.zip)} {user.address} {user.address2}<br />{user.tel}
        <br /><Link to={withReturn(href('profileAddress'), returnTo)}>{t(COPY.changeAddress)}</Link>
      </dd>
      <dt>{t(COPY.payment)}</dt>
      <dd>
        {t(PAYMENT_METHOD_LABELS[user.paymentMethod])}{cardText}
        <br /><Link to={withReturn(href('profilePayment'), returnTo)}>{t(COPY.changePayment)}</Link>
      </dd>
      {payBy ? (
        <>
          <dt>{t(SHOPPER_CHECKOUT_COPY.payBy)}</dt>
          <dd className="checkout-pay-by"><strong>{formatPayBy(payBy)}</strong>{t({ ja: '', en: ' (JST)' })}<br />{t(SHOPPER_CHECKOUT_COPY.noAutomaticCharge)}</dd>
        </>
      ) : null}
    </dl>
  );
}
