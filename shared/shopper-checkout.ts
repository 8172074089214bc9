/**
 * Checkout of a fan who pays each round herself (issue 34, docs/decisions/0093): the first round is
 * paid on the spot, at a konbini (the shop's voucher page) or with PayPay (its page and back). The
 * words the confirmation page, the voucher page, the API's refusals and the mail share, and how
 * long such a checkout waits for its payment. Pure.
 */
import { jstParts, pad2 } from './jst.ts';
import { konbiniVoucherExpiry, type ShopperPaymentMethod } from './shopper-payment.ts';
import type { Text } from './text.ts';

/** `2026年11月30日 23:59` (JST): the statutory pay-by date, the last minute still accepted. */
export function formatPayBy(value: string | Date): string {
  const last = new Date(new Date(value).getTime() - 1000);
  const { year, month, day, hour, minute } = jstParts(last);
  return `${year}年${month}月${day}日 ${pad2(hour)}:${pad2(minute)}`;
}

/**
 * Until when the first round may be paid, for a checkout made at `now` of a round whose order
 * deadline is `deadline`: a konbini voucher's expiry (shared/shopper-payment.ts), PayPay's the
 * round's deadline. Null when it is too late to pay with that method at all.
 */
export function checkoutPayBy(method: ShopperPaymentMethod, now: Date, deadline: Date): Date | null {
  if (method === 'konbini') return konbiniVoucherExpiry(now, deadline);
  return now.getTime() < deadline.getTime() ? deadline : null;
}

/** The stores Stripe's konbini payments are taken at (https://docs.stripe.com/payments/konbini). */
export const KONBINI_STORES: Text = {
  ja: 'ファミリーマート・ローソン・ミニストップ・セイコーマート',
  en: 'FamilyMart, Lawson, Ministop, Seicomart',
};

/** The one label of a self-paid box's deadline: the checkout, its voucher and every later round's request. */
export const PAY_BY_LABEL: Text = { ja: 'お支払い期限', en: 'Pay by' };

/** The statutory confirmation (特商法) of such a checkout, and its button. */
export const SHOPPER_CHECKOUT_COPY = {
  payBy: PAY_BY_LABEL,
  noAutomaticCharge: {
    ja: '自動で請求されることはありません。お支払いが確認できた時点でお申し込みが確定します。期限までにお支払いがない場合、お申し込みは成立せず、料金もかかりません。',
    en: 'Nothing is charged automatically. Your subscription is confirmed once the payment is received. If it is not paid by the date, you are not subscribed and nothing is owed.',
  },
  konbiniSubmit: { ja: 'お支払い番号を発行する', en: 'Get a payment number' },
  paypaySubmit: { ja: 'PayPayで支払う', en: 'Pay with PayPay' },
} as const satisfies Record<string, Text>;

/** The confirmation page's lead, naming the button the fan presses. */
export const shopperCheckoutLead = (method: ShopperPaymentMethod): Text => {
  const label = shopperSubmitLabel(method);
  return { ja: `以下の内容でお申し込みます。内容をご確認のうえ「${label.ja}」を押してください。`, en: `Check the details below, then press "${label.en}".` };
};

export const shopperSubmitLabel = (method: ShopperPaymentMethod): Text =>
  method === 'konbini' ? SHOPPER_CHECKOUT_COPY.konbiniSubmit : SHOPPER_CHECKOUT_COPY.paypaySubmit;

/** Why such a checkout made no subscription (the API's refusal, the checkout page, the voucher page). */
export const SHOPPER_CHECKOUT_ENDED: Record<ShopperPaymentMethod, Text> = {
  konbini: {
    ja: 'お支払い期限が過ぎたため、お申し込みは成立しませんでした。お支払いは発生していません。受付中であれば、もう一度お申し込みいただけます。',
    en: 'The payment date passed, so you are not subscribed. Nothing was charged. While applications are open, you can apply again.',
  },
  paypay: {
    ja: 'PayPayでのお支払いが完了しなかったため、お申し込みは成立しませんでした。お支払いは発生していません。もう一度お申し込みいただくか、お支払い方法を変更してください。',
    en: 'The PayPay payment was not completed, so you are not subscribed. Nothing was charged. Please apply again or change your payment method.',
  },
};

/** A checkout too late to pay with the fan's method (under an hour left for a voucher). */
export const SHOPPER_CHECKOUT_TOO_LATE: Text = {
  ja: 'この回の申込締切が近いため、お支払い番号を発行できません。お申し込みは作成されていません。クレジットカードなど別のお支払い方法でお申し込みください。',
  en: 'The order deadline of this round is too close to pay in time. Nothing was created. Please apply with another payment method, such as a credit card.',
};

/** The shop's voucher page (konbini) of a checkout. */
export const VOUCHER_COPY = {
  title: { ja: 'コンビニでのお支払い', en: 'Pay at a convenience store' },
  lead: { ja: 'お支払いが確認できた時点でお申し込みが確定します。', en: 'Your subscription is confirmed once the payment is received.' },
  amount: { ja: 'お支払い金額', en: 'Amount' },
  number: { ja: 'お支払い番号', en: 'Payment number' },
  stores: { ja: 'お支払いいただけるコンビニ', en: 'Stores' },
  expiresAt: PAY_BY_LABEL,
  howTo: {
    ja: 'コンビニのレジまたは店頭端末で「お支払い番号」をお伝えのうえ、現金でお支払いください。',
    en: 'Tell the cashier (or the in-store terminal) the payment number and pay in cash.',
  },
  /** The voucher page only (the mail is that mail). */
  alsoMailed: { ja: 'お支払い番号はメールでもお送りしました。', en: ' The number was also sent to you by mail.' },
  voucher: { ja: 'お支払い方法の詳しい案内（払込票）を開く', en: 'Open the detailed payment slip' },
  sandbox: { ja: 'テストモード: 払込票ページの「店頭で支払ったことにする」ボタンでお支払いを再現できます。', en: 'Test mode: "Mark as paid at the store" on the payment slip page pays it as a store would.' },
  unpaid: { ja: '自動で請求されることはありません。期限までにお支払いがない場合、お申し込みは成立せず、料金もかかりません。', en: 'Nothing is charged automatically. If it is not paid by the date, you are not subscribed and nothing is owed.' },
  paid: { ja: 'お支払いを確認しました。お申し込みが確定しました。', en: 'Payment received: your subscription is confirmed.' },
  pending: { ja: 'お支払いを確認中です。しばらくしてからこのページを再読み込みしてください。', en: 'We are confirming the payment. Please reload this page in a little while.' },
  plans: { ja: 'マイプランを見る', en: 'See My plans' },
} as const satisfies Record<string, Text>;
