import { formatDate, formatDateTime, formatPrice } from '../../../shared/format.ts';
import type { Text } from '../../../shared/text.ts';

/** The words of my page's overview (issue 18), in both languages. */
export const OVERVIEW_COPY = {
  title: { ja: 'ご利用状況', en: 'At a glance' },
  actionsTitle: { ja: 'お手続きが必要です', en: 'Needs your attention' },
  nextBox: { ja: '次のお届け', en: 'Next box' },
  nextCharge: { ja: '次回のお支払い', en: 'Next payment' },
  deadline: { ja: '申込締切', en: 'Order deadline' },
  shipDate: { ja: '発送予定日', en: 'Ships on' },
  state: { ja: 'お支払い', en: 'Payment' },
  paid: { ja: '決済済み', en: 'Paid' },
  unpaid: { ja: '申込締切時に決済', en: 'Charged at the deadline' },
  /** A konbini/PayPay fan's unpaid box (issue 34): nothing is charged; she pays it herself. */
  unpaidSelf: { ja: '申込締切までにお客様ご自身でお支払い', en: 'You pay it yourself by the deadline' },
  chargeDate: { ja: '決済日', en: 'Charged on' },
  amount: { ja: 'お支払い金額', en: 'Amount' },
  method: { ja: 'お支払い方法', en: 'Payment method' },
  noBox: { ja: 'いま予定されているお届けはありません（次の回の受付前か、スキップ・休止中です）。', en: 'No box is scheduled right now (the next round is not open yet, or your plans are skipped or paused).' },
  noCharge: { ja: '予定されているお支払いはありません。', en: 'No payment is scheduled.' },
  myPlans: { ja: 'プラン管理へ', en: 'Go to My plans' },
  changeMethod: { ja: 'お支払い方法を確認・変更する', en: 'See or change your payment method' },
  none: { ja: 'お申し込み中のプランはまだありません。推しのボックスを見つけてみませんか？', en: 'You have no plans yet. Why not find a box of your favourite?' },
  lineup: { ja: 'ラインナップを見る', en: 'See the lineup' },
  unavailable: { ja: 'ご利用状況を読み込めませんでした。時間をおいて再度お試しください。', en: 'Your overview could not be loaded. Please try again later.' },
  payNow: { ja: 'お支払い方法を変更する', en: 'Change your payment method' },
  renewCard: { ja: '新しいカードを登録する', en: 'Register a new card' },
  seeOrder: { ja: '注文履歴で確認する', en: 'See it in your order history' },
  authenticate: { ja: '本人認証に進む', en: 'Authenticate now' },
} as const satisfies Record<string, Text>;

/** 「Visa 末尾 4242」 */
export function cardText(brand: string, last4: string): Text {
  return { ja: `${brand} 末尾 ${last4}`, en: `${brand} ending in ${last4}` };
}

export function chargeFailedText(issue: Text, artist: string, total: number, nextAttemptAt: string | null, shipDate: string): Text {
  const head = { ja: `${issue.ja}（${artist}）のお支払い ${formatPrice(total)}ができませんでした。`, en: `The payment of ${formatPrice(total, true)} for the ${issue.en} (${artist}) failed.` };
  const retry = nextAttemptAt
    ? { ja: `${formatDateTime(nextAttemptAt)} に再度決済します。`, en: `It will be tried again at ${formatDateTime(nextAttemptAt)}.` }
    : { ja: '', en: '' };
  const fix = {
    ja: `お支払い方法を変更するとすぐに再決済します（${formatDate(shipDate)} の発送日まで）。`,
    en: `Change your payment method and it is charged again at once (until the ship date, ${formatDate(shipDate)}).`,
  };
  return { ja: head.ja + retry.ja + fix.ja, en: `${head.en} ${retry.en} ${fix.en}`.replace(/\s+/g, ' ') };
}

export function cardExpiringText(card: Text, expiry: string, expired: boolean): Text {
  if (expired) return { ja: `ご登録のカード（${card.ja}）は有効期限（${expiry}）が切れています。`, en: `Your card (${card.en}) expired (${expiry}).` };
  return {
    ja: `ご登録のカード（${card.ja}）の有効期限は ${expiry} です。期限が切れるとお支払いができなくなるため、新しいカードをご登録ください。`,
    en: `Your card (${card.en}) expires ${expiry}; after that it cannot be charged. Please register a new card.`,
  };
}

export function deferredInvoiceText(issue: Text, artist: string, total: number, dueDate: string): Text {
  return {
    ja: `${issue.ja}（${artist}）のGMO後払いの請求書 ${formatPrice(total)}のお支払い期限は ${formatDate(dueDate)} です。`,
    en: `The GMO deferred payment invoice of ${formatPrice(total, true)} for the ${issue.en} (${artist}) is due on ${formatDate(dueDate)}.`,
  };
}

export function chargeNeedsAuthenticationText(issue: Text, artist: string, total: number, until: string): Text {
  return {
    ja: `${issue.ja}（${artist}）のお支払い ${formatPrice(total)}について、カード会社が本人認証（3-Dセキュア）を求めています。${formatDateTime(until)}までに本人認証を完了してください。`,
    en: `Your card issuer asks you to authenticate the payment of ${formatPrice(total, true)} for the ${issue.en} (${artist}) (3-D Secure). Please do so by ${formatDateTime(until)}.`,
  };
}
