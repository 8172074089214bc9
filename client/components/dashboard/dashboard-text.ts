import type { Text } from '../../../shared/text.ts';

/** The dashboard's headings and axis names (issue 19); the figures' definitions: docs/decisions/0028-dashboard-figures.md. */
export const DASHBOARD_TEXT = {
  toDos: { ja: '今日の対応', en: "Today's work" },
  notYourArea: { ja: 'この対応はほかの担当者の権限です。', en: "Another role's area." },
  figures: { ja: '主な数字', en: 'Key figures' },
  taxSwitch: { ja: '金額の表示', en: 'Amounts shown' },
  mrr: { ja: '月次の定期収益（MRR）', en: 'Monthly recurring revenue (MRR)' },
  mrrNote: {
    ja: '休止中を除く有効な定期便の「1回のお届け（商品・送料・後払い手数料）÷ お届け間隔の月数」の合計。',
    en: 'Active subscriptions not paused: each delivery (goods, shipping, deferred-payment fee) ÷ its interval in months, added up.',
  },
  taxIn: { ja: '税込', en: 'tax incl.' },
  taxOut: { ja: '税抜', en: 'before tax' },
  forecast: { ja: '号ごとの箱数の見込み（受付中）', en: 'Boxes to make per round (taking orders)' },
  forecastLead: {
    ja: '見込み＝決済済み＋締切で決済予定。最大＝見込み＋スキップ・休止中・前回の決済失敗（締切までに戻るかもしれない分）。',
    en: 'Likely = paid + to be charged at the deadline. Upper bound = likely + skipped, paused and last charge declined (they may come back before the deadline).',
  },
  forecastNone: { ja: '受付中の号はありません。', en: 'No round is taking orders.' },
  likely: { ja: '見込み', en: 'Likely' },
  upperBound: { ja: '最大', en: 'Upper bound' },
  active: { ja: '有効な定期便', en: 'Active subscriptions' },
  vault: { ja: '解放された特典（今月）', en: 'Bonuses unlocked (this month)' },
  shopperPaid: { ja: 'コンビニ・PayPayで支払われた回（今月）', en: 'Rounds paid at a konbini / with PayPay (this month)' },
  openTransfers: { ja: '振込待ちの返金', en: 'refunds waiting for a bank transfer' },
  vaultNote: { ja: 'BOX・継続回数ごとに1件。ダウンロードはこれまでの合計', en: 'One per box or milestone; downloads are the total so far' },
  downloads: { ja: 'ダウンロード', en: 'downloads' },
  revenue: { ja: '号別の売上（税込、返金を差し引き）', en: 'Revenue per round (tax incl., refunds subtracted)' },
  revenuePreTax: { ja: '号別の売上（税抜、返金を差し引き）', en: 'Revenue per round (before tax, refunds subtracted)' },
  net: { ja: '売上（返金後）', en: 'Net of refunds' },
  refunded: { ja: '返金', en: 'Refunded' },
  issue: { ja: '号', en: 'Round' },
  month: { ja: '月', en: 'Month' },
  yen: { ja: '金額（円）', en: 'Amount (yen)' },
  movements: { ja: '月別の新規・解約', en: 'New and cancelled per month' },
  started: { ja: '新規', en: 'New' },
  cancelled: { ja: '解約', en: 'Cancelled' },
  subscriptions: { ja: '件数', en: 'Subscriptions' },
  cancelReasons: { ja: '月別の解約理由', en: 'Cancellations per month by reason' },
  kept: { ja: '月別の解約ページで選ばれた方法（解約せずに継続）', en: 'Kept on the cancel page per month, by offer taken' },
  churn: { ja: '月別の解約率（解約数 ÷ 月初の有効数）', en: 'Churn per month (cancelled ÷ active on the 1st)' },
  churnAxis: { ja: '解約率（%）', en: 'Churn (%)' },
  byArtist: { ja: 'アーティスト別の会員数', en: 'Subscribers per artist' },
  byPlan: { ja: 'プラン別の定期便数', en: 'Subscriptions per plan' },
  artist: { ja: 'アーティスト', en: 'Artist' },
  plan: { ja: 'プラン', en: 'Plan' },
  subscribers: { ja: '会員数', en: 'Subscribers' },
  billingNone: { ja: '締切を過ぎた号はまだありません。', en: 'No round has passed its deadline yet.' },
  state: { ja: '状況', en: 'State' },
  charges: { ja: '件数', en: 'Charges' },
} as const satisfies Record<string, Text>;

/** 「休止中 1件・会員 5人」 beside the active count. */
export function activeNote(paused: number, subscribers: number): Text {
  return { ja: `休止中 ${paused}件・会員 ${subscribers}人`, en: `${paused} paused, ${subscribers} subscribers` };
}

/** 「12月号の決済状況」 */
export function billingTitle(issue: Text): Text {
  return { ja: `${issue.ja}の決済状況`, en: `Billing of the ${issue.en}` };
}
