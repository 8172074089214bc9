import { formatPrice } from './format.ts';
import { amountText, roundLabel, type RoundPrice } from './price-display.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from './payment.ts';
import { shopperRefundNotice } from './shopper-refund-texts.ts';
import type { Text } from './text.ts';

/**
 * What checkout and my plans say when something must be fixed first (issue 8). The API sends
 * these and the pages show the same words beside a link to the fix.
 */
export const SUBSCRIPTION_MESSAGES = {
  /** Issue 34: a paid round of a konbini/PayPay fan cannot be charged again for a new plan or count. */
  selfPaidRoundFixed: {
    ja: 'コンビニ払い・PayPayでお支払い済みの回は、プランや数量を変更できません。この回の申込締切を過ぎてから変更すると、次の回から反映されます。',
    en: 'A round paid at a konbini or with PayPay cannot change its plan or quantity. Change it after this round\'s order deadline, and it applies from the next round.',
  },
  paymentMethodRequired: {
    ja: 'お支払い方法が登録されていません。「お支払い方法の設定」でクレジットカードまたはGMO後払いを登録してから、もう一度お申し込みください。',
    en: 'No payment method is registered. Register a credit card or GMO deferred payment under "Payment method", then apply again.',
  },
  addressRequired: {
    ja: 'お届け先が登録されていません。「お届け先の変更」でお名前・住所・電話番号を登録してから、もう一度お申し込みください。',
    en: 'No delivery address is registered. Enter your name, address and phone number under "Change your details and address", then apply again.',
  },
  noOpenRound: {
    ja: 'このプランはいま受付中の回がありません。次の受付開始までお待ちください。',
    en: 'This plan has no round open for applications right now. Please wait for the next round to open.',
  },
  artistClosed: {
    ja: 'このアーティストの受付は終了しました。ほかのラインナップをご覧ください。',
    en: 'Applications for this artist have closed. Please see the rest of the lineup.',
  },
  alreadySubscribed: {
    ja: 'このプランはすでにお申し込み済みです。個数の変更は「プラン管理」から行えます。',
    en: 'You already subscribe to this plan. Change the count under "My plans".',
  },
  declined: {
    ja: 'カード会社により決済が承認されませんでした。お申し込みは作成されていません。「お支払い方法の設定」で別のカードを登録するか、GMO後払いに変更してから、もう一度お申し込みください。',
    en: 'The card issuer declined the payment. Nothing was created. Register another card or choose GMO deferred payment under "Payment method", then apply again.',
  },
  changeDeclined: {
    ja: '変更後の金額の決済が承認されませんでした。プランは変更されていません。「お支払い方法の設定」でお支払い方法をご確認ください。',
    en: 'The payment for the new amount was declined. Your plan was not changed. Check your payment method under "Payment method".',
  },
  providerUnavailable: {
    ja: '決済サービスに接続できませんでした。二重に請求されることはありません。しばらくしてから再度お試しください。',
    en: 'The payment service could not be reached. You will not be charged twice. Please try again shortly.',
  },
  notSubscribed: { ja: 'お申し込み中のプラン', en: 'Subscription' },
  otherArtist: {
    ja: 'プランの変更は同じアーティストのプランの間でのみできます。',
    en: 'A plan can only be changed to another plan of the same artist.',
  },
  targetTaken: {
    ja: '変更先のプランはすでにお申し込み済みです。そのプランの個数を変更してください。',
    en: 'You already subscribe to the plan you chose. Change the count of that plan instead.',
  },
  nothingToChange: {
    ja: '変更内容がありません。プランまたは個数を変えてください。',
    en: 'Nothing to change: choose another plan or count.',
  },
  alreadySkipped: { ja: 'その回はすでにスキップ済みです。', en: 'That round is already skipped.' },
  alreadyPaused: { ja: 'このプランはすでに休止中です。', en: 'This plan is already paused.' },
  notPaused: { ja: 'このプランは休止していません。', en: 'This plan is not paused.' },
  pausedNoSkip: {
    ja: '休止中のプランはスキップできません。再開してからスキップしてください。',
    en: 'A paused plan cannot skip a round. Resume it first.',
  },
  noRoundToSkip: {
    ja: 'スキップできる回がまだありません。次の回の受付開始後にお試しください。',
    en: 'There is no scheduled round to skip yet. Try again once the next round is announced.',
  },
  notSkipped: { ja: 'このプランにはスキップ中の回がありません。', en: 'This plan has no skipped round to undo.' },
  paymentInProgress: {
    ja: 'この回の決済を処理中です。しばらくしてから再度お試しください。',
    en: 'The payment of this round is still being processed. Please try again shortly.',
  },
  /** 同梱 (shared/parcel.ts): the box ships with another whose charge, which carries the shipping, is not answered yet. */
  parcelInFlight: {
    ja: '同じ便でお届けする別のプランの決済を確認中のため、送料が確定していません。少し待ってからもう一度お申し込みください。',
    en: 'Another plan\'s box ships in the same parcel and its payment, which carries the shipping, is still being confirmed. Please wait a moment and try again.',
  },
} as const satisfies Record<string, Text>;

/**
 * The refund of a round paid at checkout and then skipped, paused or cancelled before its
 * deadline: the confirmation page names the round (「1月号」), the mail says 「この回」.
 */
export function checkoutRefundText(refund: { total: number; method: PaymentMethod; keptShipping?: number }, issue: Text | null): Text {
  const method = PAYMENT_METHOD_LABELS[refund.method];
  const round = issue ? { ja: issue.ja, en: `the ${issue.en}` } : { ja: 'この回', en: 'this round' };
  const kept = refund.keptShipping ?? 0;
  const how = shopperRefundNotice(refund.method);
  const said = refundWords(refund, round, method, kept);
  // Konbini / PayPay (issue 34): how the money comes back, after the amount.
  return how ? { ja: `${said.ja}${how.ja}`, en: `${said.en} ${how.en}` } : said;
}

function refundWords(refund: { total: number }, round: Text, method: Text, kept: number): Text {
  if (kept > 0) {
    // 同梱 (shared/parcel.ts): the box's shipping stays paid for the parcel's other box, which still ships.
    return {
      ja: `お申し込み時に決済済みの${round.ja}の代金は取り消し、${formatPrice(refund.total)}を返金します。送料${formatPrice(kept)}は、同じ荷物でお届けする別のBOXの送料として返金されません（お支払い方法: ${method.ja}）。`,
      en: `The payment for ${round.en} is voided and ${formatPrice(refund.total, true)} refunded; its ${formatPrice(kept, true)} shipping stays paid for the other box that ships in the same parcel (payment method: ${method.en}).`,
    };
  }
  return {
    ja: `お申し込み時に決済済みの${round.ja}の代金${formatPrice(refund.total)}は取り消し、全額返金します（お支払い方法: ${method.ja}）。`,
    en: `The ${formatPrice(refund.total, true)} already paid for ${round.en} is voided and refunded in full (payment method: ${method.en}).`,
  };
}

/**
 * Checkout refused because the page showed another total than the round charges now (the price
 * changed, or the quantity was changed without the page recomputing): the amount it would be.
 */
export function totalChangedText(price: RoundPrice): Text {
  const label = roundLabel(price);
  const amount = amountText(price.total);
  return {
    ja: `お支払い金額が、画面に表示していた金額と異なります。現在の金額は${label.ja} ${amount.ja}です。お申し込みはまだ作成されていません。内容をご確認のうえ、もう一度「申し込む」を押してください。`,
    en: `The amount differs from the one the page showed. It is now ${amount.en} (${label.en.toLowerCase()}). Nothing has been created or charged: check the details and press "Subscribe" again.`,
  };
}

