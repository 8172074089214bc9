import { isLoopbackName } from './allowed-hosts.ts';
import { lastChanceToPay } from './billing-rules.ts';
import { checkoutPayBy } from './shopper-checkout.ts';
import { KONBINI_VOUCHER_DAYS, shopperMethodOf } from './shopper-payment.ts';
import type { Text } from './text.ts';

/**
 * A charge the card's bank wants authenticated (3-D Secure on an off-session charge, issue 20):
 * the words the shop uses for it, and where the shopper may be sent to do it.
 */

/** The decline reason of a billing round waiting for the shopper's authentication (the console shows it). */
export const AUTHENTICATION_REQUIRED: Text = {
  ja: 'カード会社による本人認証（3-Dセキュア）が必要です',
  en: 'The card issuer requires authentication (3-D Secure)',
};

/**
 * Checkout's first round is charged on-session: a bank that asks for authentication sends the
 * shopper to its page (3-D Secure), and the subscription starts once that charge succeeds. How
 * long the shop waits for it: a checkout still unauthenticated after this is cancelled at the
 * gateway (a page finished later takes nothing) and the shopper applies again.
 */
export const CHECKOUT_AUTHENTICATION_MS = 30 * 60_000;

/** A held checkout: its order row's method, when it was held, and its round's order deadline. */
export interface HeldCheckout {
  method: string;
  heldAt: Date;
  deadline: Date;
}

/**
 * When a held checkout stops waiting for the shopper, one rule for every method: the bank's page,
 * CHECKOUT_AUTHENTICATION_MS; a fan paying herself (decision 0093), the payment's own life (the
 * konbini voucher's expiry; PayPay's until the round's deadline).
 */
export function checkoutWaitEndsAt(held: HeldCheckout): Date {
  const shopper = shopperMethodOf(held.method);
  if (!shopper) return new Date(held.heldAt.getTime() + CHECKOUT_AUTHENTICATION_MS);
  return checkoutPayBy(shopper, held.heldAt, held.deadline) ?? held.heldAt;
}

/** True while a held checkout may still be authenticated (card) or paid (konbini, PayPay). */
export function checkoutAuthenticationOpen(held: HeldCheckout, now: Date): boolean {
  return now.getTime() < checkoutWaitEndsAt(held).getTime();
}

/**
 * A bound for the database's pre-selection of held checkouts past their wait (the billing pass): a
 * konbini voucher never lives past the end of the JST day KONBINI_VOUCHER_DAYS after its issue.
 */
export const KONBINI_CHECKOUT_LONGEST_MS = (KONBINI_VOUCHER_DAYS + 1) * 86_400_000;

/**
 * The outcome of checkout's 3-D Secure, as `?auth=` on the checkout page (paid goes to the
 * completion page; `late` is a billing round's, past its ship date).
 */
export const CHECKOUT_AUTH_TEXT: Record<Exclude<AuthOutcome, 'paid' | 'late'>, Text> = {
  failed: {
    ja: 'カード会社の本人認証（3-Dセキュア）が完了しなかったため、お申し込みは完了していません。お支払いは発生していません。もう一度お申し込みいただくか、別のカードをご登録ください。',
    en: 'Your card issuer\'s authentication (3-D Secure) was not completed, so you have not subscribed and nothing was charged. Please apply again or register another card.',
  },
  pending: {
    ja: 'お支払いを確認中です。確認でき次第お申し込みが完了し、メールでお知らせします。しばらくしてからマイプランをご確認ください。',
    en: 'We are confirming your payment. Your subscription starts as soon as it is confirmed, and we will e-mail you. Please check My plans in a little while.',
  },
};

/** A checkout whose bank asked for authentication, and the provider could not show its page: nothing was charged. */
export const CHECKOUT_AUTHENTICATION_REQUIRED: Text = {
  ja: 'カード会社が本人認証を求めていますが、認証ページを開けませんでした。お支払いは発生していません。時間をおいてもう一度お申し込みください。',
  en: 'Your card issuer asks for authentication, but its page could not be opened. Nothing was charged. Please apply again later.',
};

export const CHANGE_AUTHENTICATION_REQUIRED: Text = {
  ja: 'カード会社が本人認証を求めています。プランは変更されていません。カードを登録し直して（登録時に本人認証が行われます）、もう一度お手続きください。',
  en: 'Your card issuer asks for authentication. Your plan was not changed. Register your card again (it is authenticated when registered), then try again.',
};

/** The outcome of the return from the authentication page, as `?auth=` on my page. */
export const AUTH_OUTCOMES = ['paid', 'pending', 'failed', 'late'] as const;
export type AuthOutcome = (typeof AUTH_OUTCOMES)[number];

export const AUTH_OUTCOME_TEXT: Record<AuthOutcome, Text> = {
  paid: { ja: '本人認証が完了し、お支払いが確定しました。', en: 'Authentication complete: your payment went through.' },
  pending: {
    ja: 'お支払いを確認中です。しばらくしてからこのページを再読み込みしてください。',
    en: 'We are confirming your payment. Please reload this page in a little while.',
  },
  failed: {
    ja: '本人認証が完了せず、お支払いはまだ確定していません。もう一度お試しいただくか、お支払い方法を変更してください。',
    en: 'Authentication was not completed and the payment has not gone through. Please try again or change your payment method.',
  },
  late: {
    ja: '本人認証は完了しましたが、発送日に間に合わなかったため、この回のお支払いは全額返金しました。この回の商品はお届けしません。',
    en: 'Authentication went through, but after the ship date: this round\'s payment has been refunded in full and its box will not be delivered.',
  },
};

export function parseAuthOutcome(value: string | null): AuthOutcome | null {
  return AUTH_OUTCOMES.find((o) => o === value) ?? null;
}

/** Stripe's hosted pages (3-D Secure, Checkout) live under stripe.com. */
const PROVIDER_HOST_SUFFIXES = ['.stripe.com'];

/**
 * Where an authentication may send the browser: a path of this site (the sandbox's pages), an
 * https page of the gateway, or a loopback server (the local Stripe-compatible server in tests).
 * Anything else (another site, `javascript:`, `//host`) is refused, whatever the API answered.
 */
export function isProviderRedirect(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'http:') return isLoopbackName(parsed.hostname);
  return parsed.protocol === 'https:' && PROVIDER_HOST_SUFFIXES.some((suffix) => parsed.hostname.endsWith(suffix));
}

/**
 * A held charge paid (or learned paid) at or after its round's ship date is too late for the
 * round: the box left without the fan (the failed-charge rules end at the ship date,
 * shared/billing-rules.ts `lastChanceToPay`). Such a payment is refunded in full, never recorded
 * as a paid box (docs/decisions/0064-late-authentication.md).
 */
export function isAuthenticationTooLate(round: { shipDate: Date }, now: Date): boolean {
  return now.getTime() >= lastChanceToPay(round.shipDate).getTime();
}

/**
 * A billing round the shopper can still authenticate: declined with the bank's request for
 * authentication (action_required_at) on its current attempt, and not too late for its box.
 */
export function canAuthenticateCharge(row: { paymentStatus: string; actionRequiredAt: Date | null; shipDate: Date }, now: Date): boolean {
  return row.paymentStatus === 'ERROR' && row.actionRequiredAt !== null && !isAuthenticationTooLate(row, now);
}

/** What support's console shows as the reason of the refund of a payment too late for its round. */
export const LATE_AUTHENTICATION_REFUND: Text = {
  ja: '本人認証の完了が発送日に間に合わなかったため（自動返金）',
  en: 'Authenticated after the ship date (refunded automatically)',
};
