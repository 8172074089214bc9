import { data, redirect, redirectDocument, useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs, Link } from 'react-router';
import * as z from 'zod/mini';
import type { CreditInfo, CurrentUser, PaymentMethodHistory } from '../../shared/api/types.ts';
import { deferredConditions, isMinor } from '../../shared/deferred-payment.ts';
import { GATEWAY_SWITCHED_NOTICE } from '../../shared/card-gateway.ts';
import { DEFERRED_OFF_MESSAGE, mustLeaveDeferred } from '../../shared/deferred-switch.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../shared/payment.ts';
import { SHOPPER_METHOD_OF } from '../../shared/shopper-payment.ts';
import { href, loginHref, safeReturnPath } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { AccountCard } from '../components/account/account-card.tsx';
import { CardSection } from '../components/payment/card-section.tsx';
import { DeferredSection } from '../components/payment/deferred-section.tsx';
import { ShopperSection } from '../components/payment/shopper-section.tsx';
import { WELCOME_PARAM } from '../components/welcome-notice.tsx';
import { MethodHistory } from '../components/payment/method-history.tsx';
import { PAYMENT_COPY as C, PAYMENT_NOTICES, type PaymentNoticeKey } from '../components/payment/payment-copy.ts';
import { apiFrom, must } from '../data/api.ts';
import { loadCurrentUser } from '../data/current-user.ts';
import { readForm, seeOther } from '../data/form-action.ts';
import { useConfig } from '../config.tsx';
import { useT } from '../lang.tsx';

interface PaymentData {
  user: CurrentUser;
  card: CreditInfo;
  history: PaymentMethodHistory[];
  conditions: Text[];
  minor: boolean;
}

interface PaymentActionData {
  /** Which section failed: the card's (start a registration, pay by card), GMOAB's, or konbini/PayPay's. */
  section?: Section;
  error?: Text;
  fields?: Record<string, Text>;
}

type Section = 'card' | 'deferred' | 'shopper';

const PAGE = () => href('profilePayment');

/** Checkout links here with `url` (its own path): kept through every step, offered as the way back. */
function returnToOf(url: URL): string | null {
  const target = safeReturnPath(url.searchParams.get('url'));
  return target === '/' ? null : target;
}

/** This page again, carrying the way back. */
function pageWith(returnTo: string | null, extra = ''): string {
  const params = new URLSearchParams(extra);
  if (returnTo) params.set('url', returnTo);
  const query = params.toString();
  return query ? `${PAGE()}?${query}` : PAGE();
}

/**
 * A card registered from checkout (3-D Secure passed, the provider back through /api/credit-confirm)
 * goes on to that checkout, saying so: the fan came here only to pay there (issue 31). A declined or
 * cancelled registration stays here, where the reason is shown and another card can be tried.
 */
function registeredReturn(url: URL): string | null {
  const returnTo = returnToOf(url);
  if (!returnTo || url.searchParams.get('card') !== 'registered') return null;
  const back = new URL(returnTo, 'http://return.invalid');
  back.searchParams.set('card', 'registered');
  back.searchParams.delete(WELCOME_PARAM);
  return `${back.pathname}${back.search}${back.hash}`;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<PaymentData> {
  const user = await loadCurrentUser(request, context);
  const onward = registeredReturn(new URL(request.url));
  if (onward) throw redirect(onward);
  const api = apiFrom(context);
  const [card, history] = await Promise.all([api.creditInfo(user.id), api.paymentMethodHistory()]);
  const now = new Date();
  return { user, card: must(card), history: must(history), conditions: deferredConditions(now), minor: isMinor(user.birthday, now) };
}

const IntentSchema = z.enum(['card', 'useCard', 'gmoab', 'konbini', 'paypay']);

/** The method each choosing intent sets, and the section that shows its refusal. */
const CHOICES = {
  useCard: { method: 'CARD', section: 'card' },
  gmoab: { method: 'GMOAB', section: 'deferred' },
  konbini: { method: SHOPPER_METHOD_OF.konbini, section: 'shopper' },
  paypay: { method: SHOPPER_METHOD_OF.paypay, section: 'shopper' },
} as const satisfies Record<string, { method: PaymentMethod; section: Section }>;

/** One action, five intents: go to the provider's card page, or choose the card, GMOAB, konbini or PayPay. */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const returnTo = returnToOf(new URL(request.url));
  const intent = IntentSchema.safeParse(values.intent);
  if (!intent.success) return data({ error: { ja: '操作を選んでください。', en: 'Choose an action.' } } satisfies PaymentActionData, { status: 400 });
  const api = apiFrom(context);
  if (intent.data === 'card') {
    const result = await api.credit({ retUrl: pageWith(returnTo) });
    // The provider's page is a document of its own, never a route of this app.
    if (result.ok) return redirectDocument(result.data.url, 303);
    return failure(result.status, result.error, returnTo, 'card');
  }
  const choice = CHOICES[intent.data];
  const result = await api.setPaymentMethod({ paymentMethod: choice.method, guardianConsent: values.guardianConsent === 'on' });
  if (result.ok) return seeOther(pageWith(returnTo, `done=${choice.method}`));
  return failure(result.status, result.error, returnTo, choice.section);
}

type ApiError = { code: string; message: string; messageEn: string; fields?: Record<string, Text> };

function failure(status: number, error: ApiError, returnTo: string | null, section: Section) {
  // The re-check lapsed while the page was open: prove it again, then back here.
  if (error.code === 'REAUTH_REQUIRED' || status === 401) return seeOther(loginHref(pageWith(returnTo)));
  const body: PaymentActionData = { section, error: { ja: error.message, en: error.messageEn }, fields: error.fields };
  // Too many card registrations (issue 17) stays a 429: the §8 "wait and retry" text says why.
  return data(body, { status: status === 429 ? 429 : status >= 500 ? 503 : 400 });
}

function useNotice(): Text | null {
  const [params] = useSearchParams();
  const key = params.get('card') ?? params.get('done');
  return key && Object.hasOwn(PAYMENT_NOTICES, key) ? PAYMENT_NOTICES[key as PaymentNoticeKey] : null;
}

/** docs/spec.md §2 "/mypage/profile/payment" (a `secure` page): current method, card, GMOAB, history. */
export function Component() {
  const { user, card, history, conditions, minor } = useLoaderData() as PaymentData;
  const failed = useActionData() as PaymentActionData | undefined;
  const notice = useNotice();
  const [params] = useSearchParams();
  const t = useT();
  const bad = params.get('card') === 'declined';
  const deferredOn = useConfig().deferredPayment;
  const returnTo = safeReturnPath(params.get('url'));
  return (
    <AccountCard title={C.title} lead={C.lead}>
      {notice ? <p className={bad ? 'form-error' : 'flash-notice'} role={bad ? 'alert' : 'status'}>{t(notice)}</p> : null}
      <p className="payment-current">
        {t(C.current)}: <strong>{t(PAYMENT_METHOD_LABELS[user.paymentMethod])}</strong>
      </p>
      <CardSection card={card} method={user.paymentMethod} error={failed?.section === 'card' ? failed.error : undefined} />
      {card.needsReRegistration ? <p className="form-error" role="alert" data-testid="gateway-switched">{t(GATEWAY_SWITCHED_NOTICE)}</p> : null}
      {mustLeaveDeferred(user.paymentMethod, deferredOn) ? <p className="form-error" role="alert" data-testid="deferred-off">{t(DEFERRED_OFF_MESSAGE)}</p> : null}
      {deferredOn ? (
        <DeferredSection conditions={conditions} inUse={user.paymentMethod === 'GMOAB'} minor={minor}
          error={failed?.section !== 'deferred' || failed.fields?.guardianConsent ? undefined : failed.error} consentError={failed?.fields?.guardianConsent} />
      ) : null}
      <ShopperSection method={user.paymentMethod} error={failed?.section === 'shopper' ? failed.error : undefined} />
      <MethodHistory rows={history} />
      <ul className="form-links">
        {returnTo !== '/' ? <li><Link to={returnTo} className="button button-primary">{t(C.backToPrevious)}</Link></li> : null}
        <li><Link to={href('profile')}>{t(C.back)}</Link></li>
      </ul>
    </AccountCard>
  );
}
