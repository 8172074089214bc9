import type { Text } from '../../../shared/text.ts';

/** The words of the order history and receipt pages, in both languages. */
export const ORDER_COPY = {
  title: { ja: '注文履歴', en: 'Order history' },
  lead: { ja: 'これまでのご注文と、お届けまでの状況を確認できます。', en: 'Your orders and where each box is on its way to you.' },
  empty: { ja: 'ご注文はまだありません。', en: 'You have no orders yet.' },
  emptyNext: {
    ja: 'プランに申し込むと、ご注文とお届けまでの状況がここに表示されます。',
    en: 'Once you subscribe to a plan, your orders and their progress appear here.',
  },
  count: { ja: '数量', en: 'Quantity' },
  tier: { ja: 'プラン', en: 'Plan' },
  total: { ja: 'お支払い金額', en: 'Total' },
  price: { ja: '商品代金', en: 'Boxes' },
  shipping: { ja: '送料', en: 'Shipping' },
  fee: { ja: '後払い手数料', en: 'Deferred payment fee' },
  method: { ja: 'お支払い方法', en: 'Payment method' },
  status: { ja: '状況', en: 'Status' },
  /** The history id: what the warehouse's shipments file names the box by (README, "Rehearse a month"). */
  orderNumber: { ja: '注文番号', en: 'Order no.' },
  paidAt: { ja: '決済日', en: 'Charged on' },
  tracking: { ja: 'お問い合わせ番号', en: 'Tracking number' },
  parcelTracking: { ja: 'お問い合わせ番号（1個口）', en: 'Tracking number (one parcel)' },
  /** Shown once the box arrived (shared/spoilers.ts): the surprise is over. */
  contents: { ja: 'このBOXの中身', en: 'What was in this box' },
  trackingLink: { ja: '配送状況を確認する', en: 'Track this parcel' },
  newTab: { ja: '（新しいタブで開きます）', en: ' (opens in a new tab)' },
  timeline: { ja: 'お届けまでの流れ', en: 'Progress' },
  pending: { ja: '未完了', en: 'Pending' },
  done: { ja: '完了', en: 'Done' },
  receipt: { ja: '領収書を発行する', en: 'Issue a receipt' },
  receiptAgain: { ja: '領収書を表示・再発行する', en: 'View or reissue the receipt' },
  changeCard: { ja: 'お支払い方法を変更する', en: 'Change your payment method' },
  dueTitle: { ja: 'GMO後払いのお支払い期限', en: 'GMO deferred payment due date' },
  back: { ja: '注文履歴に戻る', en: 'Back to your order history' },
  refunds: { ja: '返金', en: 'Refunds' },
  refundFull: { ja: '全額返金', en: 'Refund in full' },
  refundPart: { ja: '一部返金', en: 'Partial refund' },
  refundStates: {
    pending: { ja: '返金手続き中', en: 'being processed' },
    refunded: { ja: '返金済み', en: 'refunded' },
    failed: { ja: '返金未完了（お問い合わせください）', en: 'not completed (please contact us)' },
  },
  refundTo: (method: string): Text => ({ ja: `（${method}へ返金）`, en: ` (refunded to: ${method})` }),
  /** Issue 34: a konbini payment comes back by bank transfer (shared/shopper-refund-texts.ts). */
  refundByTransfer: { ja: '（銀行振込でご返金）', en: ' (returned by bank transfer)' },
  netTotal: { ja: '返金後のお支払い金額', en: 'Paid after refunds' },
} as const;

/** The GMOAB rules beside the due date, from shared/money.ts. */
export function deferredRules(dueDays: number, lateFee: number, maxLateFees: number, lateFeeMax: number): Text {
  return {
    ja: `請求書の発行から${dueDays}日以内にお支払いください。期限を過ぎると再請求1回につき${lateFee}円（税込）の再請求手数料がかかります（最大${maxLateFees}回・合計${lateFeeMax}円）。`,
    en: `Please pay within ${dueDays} days of the invoice. After the due date, each reminder adds a ${lateFee} yen fee (tax incl.), up to ${maxLateFees} times (${lateFeeMax} yen in total).`,
  };
}
