/**
 * Rounds paid by the shopper (issue 34, docs/decisions/0091-shopper-paid-rounds.md): a fan without
 * a card pays each round herself, at a konbini or with PayPay, before the round's deadline.
 * Nothing is charged automatically; an unpaid round is not sent and costs nothing. The one rule of
 * when a round's payment request goes out, when a reminder follows, when the round lapses, and
 * how long a konbini voucher may live. Pure: the pages, the API and the billing run all ask here.
 */
import type { PaymentMethod } from './payment.ts';
import type { Text } from './text.ts';

export const SHOPPER_PAYMENT_METHODS = ['konbini', 'paypay'] as const;
export type ShopperPaymentMethod = (typeof SHOPPER_PAYMENT_METHODS)[number];

export const isShopperPaymentMethod = (value: unknown): value is ShopperPaymentMethod =>
  typeof value === 'string' && (SHOPPER_PAYMENT_METHODS as readonly string[]).includes(value);

/** The choice on the payment page, and what it means, in the shop's words. */
export const SHOPPER_PAYMENT_METHOD_TEXTS: Record<ShopperPaymentMethod, { label: Text; means: Text }> = {
  konbini: {
    label: { ja: '毎回コンビニで支払う', en: 'Pay at a convenience store each time' },
    means: {
      ja: 'お届けの回ごとに、申込締切までにコンビニでお支払いください。お支払い番号はメールとマイページでお知らせします。自動で請求されることはありません。締切までにお支払いがない回はお届けせず、料金もかかりません。',
      en: 'Pay each delivery at a convenience store before its order deadline; the payment number comes by mail and on My page. Nothing is charged automatically. A delivery not paid by its deadline is not sent and costs nothing.',
    },
  },
  paypay: {
    label: { ja: '毎回PayPayで支払う', en: 'Pay with PayPay each time' },
    means: {
      ja: 'お届けの回ごとに、申込締切までにPayPayアプリでお支払いください。お支払いのご案内はメールとマイページでお知らせします。自動で請求されることはありません。締切までにお支払いがない回はお届けせず、料金もかかりません。',
      en: 'Pay each delivery in the PayPay app before its order deadline; the request comes by mail and on My page. Nothing is charged automatically. A delivery not paid by its deadline is not sent and costs nothing.',
    },
  },
};

/** The user's payment method (users.payment_method) of each shopper-paid method, and back. */
export const SHOPPER_METHOD_OF: Record<ShopperPaymentMethod, 'KONBINI' | 'PAYPAY'> = { konbini: 'KONBINI', paypay: 'PAYPAY' };
export function shopperMethodOf(method: PaymentMethod | string): ShopperPaymentMethod | null {
  if (method === 'KONBINI') return 'konbini';
  if (method === 'PAYPAY') return 'paypay';
  return null;
}
/** Whether the fan pays each round herself (nothing is charged automatically). */
export const paysEachRound = (method: PaymentMethod | string): boolean => shopperMethodOf(method) !== null;

/**
 * The order key of a later round's payment (one key makes one payment): the round's request and
 * its attempt (a voucher that expired unpaid is followed by a new payment under attempt + 1).
 * Checkout's payments use the checkout row's own charge key. Listeners tell them apart by this prefix.
 */
export const SHOPPER_ROUND_KEY_PREFIX = 'shopper-round-';
export const shopperRoundKeyOf = (requestId: number, attempt: number): string => `${SHOPPER_ROUND_KEY_PREFIX}${requestId}-${attempt}`;

const DAY_MS = 86_400_000;
const JST_OFFSET_MS = 9 * 3_600_000;

/** A round's payment request goes out this many days before its deadline. */
export const REQUEST_DAYS_BEFORE_DEADLINE = 7;
/** A reminder follows, if still unpaid, this many days before the deadline. */
export const REMINDER_DAYS_BEFORE_DEADLINE = 2;
/**
 * Stripe's default life of a konbini voucher (`expires_after_days` defaults to 3, ending 23:59:59
 * JST), and its bound (1 to 60 days): https://docs.stripe.com/api/payment_intents/create
 * `payment_method_options.konbini`.
 */
export const KONBINI_VOUCHER_DAYS = 3;
export const KONBINI_MAX_VOUCHER_DAYS = 60;
/** Less than this before the deadline, a voucher is not worth issuing: nobody reaches a store in time. */
export const KONBINI_MIN_VOUCHER_MS = 60 * 60_000;

/** When a round whose deadline is `deadline` has its payment request sent. */
export const requestAtOf = (deadline: Date): Date => new Date(deadline.getTime() - REQUEST_DAYS_BEFORE_DEADLINE * DAY_MS);
/** When the reminder of an unpaid round goes out. */
export const reminderAtOf = (deadline: Date): Date => new Date(deadline.getTime() - REMINDER_DAYS_BEFORE_DEADLINE * DAY_MS);

/**
 * Where a round paid by the shopper stands at `now`: `not_yet` (no request yet), `requested`
 * (the request is out, payable), `remind` (still payable, the reminder is due), `lapsed` (the
 * deadline passed: an unpaid round is skipped; a payment arriving now is refunded or returned).
 */
export type ShopperRoundStage = 'not_yet' | 'requested' | 'remind' | 'lapsed';

export function shopperRoundStage(deadline: Date, now: Date): ShopperRoundStage {
  const t = now.getTime();
  if (t >= deadline.getTime()) return 'lapsed';
  if (t >= reminderAtOf(deadline).getTime()) return 'remind';
  if (t >= requestAtOf(deadline).getTime()) return 'requested';
  return 'not_yet';
}

/** 23:59:59 JST of the calendar day `days` after `now`'s day in Tokyo (how Stripe ends a voucher). */
export function endOfJstDayAfter(now: Date, days: number): Date {
  const jstMidnight = Math.floor((now.getTime() + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS;
  return new Date(jstMidnight + (days + 1) * DAY_MS - 1000);
}

/**
 * The expiry of a konbini voucher issued at `now` for a round payable until `payBy`: Stripe's
 * usual three days, never after the round's deadline (a voucher paid after it would pay a round
 * that lapsed), never beyond Stripe's 60 days; null when too little time is left to pay at all.
 * Whole seconds (Stripe's `expires_at`), rounded down so it stays before `payBy`.
 */
export function konbiniVoucherExpiry(now: Date, payBy: Date): Date | null {
  if (payBy.getTime() - now.getTime() < KONBINI_MIN_VOUCHER_MS) return null;
  const usual = endOfJstDayAfter(now, KONBINI_VOUCHER_DAYS).getTime();
  const bound = now.getTime() + KONBINI_MAX_VOUCHER_DAYS * DAY_MS;
  return new Date(Math.floor(Math.min(usual, payBy.getTime(), bound) / 1000) * 1000);
}

/** Whether a payment for a round due by `payBy` may still be created at `now` with `method`. */
export function canRequestShopperPayment(method: ShopperPaymentMethod, now: Date, payBy: Date): boolean {
  return method === 'konbini' ? konbiniVoucherExpiry(now, payBy) !== null : now.getTime() < payBy.getTime();
}

/**
 * Konbini payments cannot be refunded through the provider (cash at a store): the shop returns the
 * money by bank transfer, recorded for support. PayPay refunds through the provider.
 */
export const isRefundableByProvider = (method: ShopperPaymentMethod): boolean => method === 'paypay';

/** What the shopper and support are told when a konbini payment is to be returned. */
export const KONBINI_NOT_REFUNDABLE: Text = {
  ja: 'コンビニ払いは決済サービスから返金できません。銀行振込でご返金します。',
  en: 'A konbini payment cannot be refunded through the payment service; it is returned by bank transfer.',
};
