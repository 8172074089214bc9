/**
 * A later round of a fan who pays each round herself (issue 34, docs/decisions/0093): the words my
 * page, my plans and the mails use for a round's payment request, and where its link points. Pure.
 */
import { formatDateTime, formatPrice, lastAcceptedMoment } from './format.ts';
import { PAY_BY_LABEL } from './shopper-checkout.ts';
import type { Text } from './text.ts';

export const SHOPPER_ROUND_STATUSES = ['requested', 'paid', 'lapsed', 'canceled'] as const;
export type ShopperRoundStatus = (typeof SHOPPER_ROUND_STATUSES)[number];

/** Lapses in a row after which the subscription pauses (SHOPPER_MISSED_ROUNDS_TO_PAUSE). */
export const SHOPPER_MISSED_ROUNDS_DEFAULT = 2;
export const SHOPPER_MISSED_ROUNDS_MAX = 12;

/** My plans: where this round's payment stands. */
export const SHOPPER_ROUND_STATUS_TEXTS: Record<ShopperRoundStatus, Text> = {
  requested: { ja: 'お支払い待ち', en: 'Awaiting your payment' },
  paid: { ja: 'お支払い済み', en: 'Paid' },
  lapsed: { ja: 'お支払いがなく見送り', en: 'Not paid: skipped' },
  canceled: { ja: '取り消し', en: 'Cancelled' },
};

export const SHOPPER_ROUND_TEXTS = {
  needsAction: { ja: 'お支払いのお願い', en: 'Payment needed' },
  payButton: { ja: 'お支払いへ進む', en: 'Go to payment' },
  payBy: PAY_BY_LABEL,
  lapsed: {
    ja: 'お支払いが確認できなかったため、今回のBOXはお届けしません。料金はかかりません。',
    en: 'We did not receive your payment, so this box will not be sent. You are not charged.',
  },
  goesOn: { ja: '定期便はこのまま続きます。次の回のお支払いのご案内をお送りします。', en: 'Your subscription continues; we will send the request for the next round.' },
  accepted: { ja: 'ご注文を承りました（承諾通知）', en: 'Your order is accepted (acceptance notice)' },
  tooLate: {
    ja: 'この回はお支払いの受付を終了しました（申込締切を過ぎたか、見送りになりました）。',
    en: 'This round no longer takes payment (its deadline passed or it was skipped).',
  },
  alreadyPaid: { ja: 'この回はお支払い済みです。', en: 'This round is already paid.' },
} as const satisfies Record<string, Text>;

/** Whether `count` lapses in a row pause the subscription, with `limit` (SHOPPER_MISSED_ROUNDS_TO_PAUSE; 0 never). */
export const pausesAfterLapses = (count: number, limit: number): boolean => limit > 0 && count >= limit;

/** The API's pay form and its return, by request id (the mail, my page and the form post use these). */
export const shopperRoundPayPath = (requestId: number): string => `/api/shopperRound/${requestId}/pay`;
export const shopperRoundReturnPath = (requestId: number): string => `/api/shopperRound/${requestId}/return`;

/** My page's "needs action" line of an open request. */
export function shopperRoundActionText(issue: Text, artist: string, total: number, payBy: string, method: 'konbini' | 'paypay'): Text {
  const when = formatDateTime(lastAcceptedMoment(payBy));
  const how = method === 'konbini' ? { ja: 'コンビニ', en: 'at a convenience store' } : { ja: 'PayPay', en: 'with PayPay' };
  return {
    ja: `${issue.ja}（${artist}）のお支払い ${formatPrice(total)}を、${when}までに${how.ja}でお願いします。お支払いがない場合、この回はお届けせず、料金もかかりません。`,
    en: `Please pay ${formatPrice(total, true)} for the ${issue.en} (${artist}) ${how.en} by ${when} (JST). If it is not paid, this box is not sent and costs nothing.`,
  };
}

/** Where my page says how a payment went (`?round=` of the return from PayPay). */
export const SHOPPER_PAY_OUTCOMES = ['paid', 'waiting', 'failed'] as const;
export type ShopperPayOutcome = (typeof SHOPPER_PAY_OUTCOMES)[number];
export const parseShopperPayOutcome = (value: string | null): ShopperPayOutcome | null => SHOPPER_PAY_OUTCOMES.find((o) => o === value) ?? null;
export const SHOPPER_PAY_OUTCOME_TEXT: Record<ShopperPayOutcome, Text> = {
  paid: { ja: 'お支払いを確認しました。ご注文を承りました。', en: 'Payment received: your order is accepted.' },
  waiting: { ja: 'お支払いを確認中です。しばらくしてからこのページを再読み込みしてください。', en: 'We are confirming your payment. Please reload this page in a little while.' },
  failed: { ja: 'お支払いが完了しませんでした。期限までにもう一度お試しください。', en: 'The payment did not go through. Please try again before the deadline.' },
};

/** A request as my pages show it (GET /api/shopperRound), latest deadline first. */
export interface ShopperRoundView {
  id: number;
  userPlanId: number;
  method: string;
  status: string;
  total: number;
  shipFee: number;
  count: number;
  payBy: string;
  shipDate: string;
  roundName: string;
  planName: string;
  artistName: string;
}

export const isShopperRoundStatus = (value: string): value is ShopperRoundStatus => (SHOPPER_ROUND_STATUSES as readonly string[]).includes(value);
