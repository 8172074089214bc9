import type { Text } from '../../../shared/text.ts';

/** The customers area's words (issue 19): confirm texts speak of what the shopper will see. */
export const CUSTOMER_COPY = {
  back: { ja: '会員検索に戻る', en: 'Back to the search' },
  profile: { ja: 'プロフィール', en: 'Profile' },
  email: { ja: 'メールアドレス', en: 'E-mail' },
  name: { ja: '氏名', en: 'Name' },
  tel: { ja: '電話番号', en: 'Phone' },
  address: { ja: '住所', en: 'Address' },
  joined: { ja: '登録日', en: 'Joined' },
  lang: { ja: 'メールの言語', en: 'Mail language' },
  deleted: { ja: '退会済み', en: 'Deleted their account' },
  payment: { ja: 'お支払い方法', en: 'Payment method' },
  noCard: { ja: 'カードの登録はありません。', en: 'No card registered.' },
  subscriptions: { ja: '定期便', en: 'Subscriptions' },
  plan: { ja: 'プラン', en: 'Plan' },
  status: { ja: '状態', en: 'Status' },
  count: { ja: '箱数', en: 'Boxes' },
  paused: { ja: '休止中', en: 'Paused' },
  active: { ja: '継続中', en: 'Active' },
  cancelled: { ja: '解約済み', en: 'Cancelled' },
  reason: { ja: '理由', en: 'Reason' },
  actions: { ja: '操作', en: 'Actions' },
  skip: { ja: 'スキップ', en: 'Skip' },
  pause: { ja: '休止', en: 'Pause' },
  resume: { ja: '再開', en: 'Resume' },
  cancel: { ja: '解約', en: 'Cancel' },
  charges: { ja: '決済（お届け回）', en: 'Charges (rounds)' },
  orderNumber: { ja: '注文番号', en: 'Order no.' },
  round: { ja: '号', en: 'Round' },
  amount: { ja: '金額', en: 'Amount' },
  refund: { ja: '返金', en: 'Refund' },
  refundAction: { ja: '返金する', en: 'Refund' },
  refunded: { ja: '返金済み', en: 'Refunded' },
  refundPending: { ja: '返金処理中', en: 'Refund in progress' },
  refundFailed: { ja: '返金失敗（再実行できます）', en: 'Refund failed (can be retried)' },
  mails: { ja: '送信したメール', en: 'Mails sent' },
  noMails: { ja: '記録されたメールはありません。', en: 'No mail recorded.' },
  notes: { ja: 'サポートメモ', en: 'Support notes' },
  noNotes: { ja: 'メモはまだありません。', en: 'No notes yet.' },
  noteField: { ja: 'メモ（1000文字以内）', en: 'Note (up to 1000 characters)' },
  addNote: { ja: 'メモを追加', en: 'Add note' },
  none: { ja: 'ありません。', en: 'None.' },
  confirmTitle: { ja: '確認', en: 'Please confirm' },
  back2: { ja: 'やめる', en: 'Go back' },
  refundReason: { ja: '返金の理由（お客様には送られません）', en: 'Reason for the refund (not sent to the customer)' },
  cancelReason: { ja: '解約理由', en: 'Reason for cancelling' },
  cancelNote: { ja: '補足（500文字以内・任意）', en: 'Details (up to 500 characters, optional)' },
  doRefund: { ja: '全額を返金する', en: 'Refund in full' },
  doSkip: { ja: 'スキップする', en: 'Skip it' },
  doPause: { ja: '休止する', en: 'Pause it' },
  doResume: { ja: '再開する', en: 'Resume it' },
  doCancel: { ja: '解約する', en: 'Cancel it' },
  done: { ja: '完了しました。', en: 'Done.' },
  shipTo: { ja: 'お届け先を直す', en: 'Correct the address' },
  resend: { ja: 'メールを再送', en: 'Resend the mail' },
  doResend: { ja: 'もう一度送る', en: 'Send it again' },
  doShipTo: { ja: 'お届け先を直す', en: 'Correct it' },
  zip: { ja: '郵便番号', en: 'Postal code' },
  address2: { ja: '番地・建物名', en: 'Street number and building' },
} as const satisfies Record<string, Text>;

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

/** What the shopper will notice, in their terms, before support presses the button. */
export const CONFIRM_TEXT = {
  refund: (name: string, id: number, round: string, total: number): Text => ({
    ja: `${name} 様のご注文（注文番号 ${id}・${round}）の代金 ${yen(total)} を全額返金します。お客様には返金のお知らせメールが届きます。取り消しはできません。`,
    en: `${name} will be refunded ${yen(total)} in full for order ${id} (${round}). They get a refund mail. This cannot be undone.`,
  }),
  skip: (name: string, plan: string): Text => ({
    ja: `${name} 様の「${plan}」の次のお届け回をスキップします。その回が決済済みなら返金され、お客様に変更のお知らせメールが届きます。`,
    en: `${name}'s next round of "${plan}" will be skipped. If it was charged, it is refunded; they get a mail about the change.`,
  }),
  pause: (name: string, plan: string): Text => ({
    ja: `${name} 様の「${plan}」を休止します。再開するまでお届けも決済もありません。お客様に変更のお知らせメールが届きます。`,
    en: `${name}'s "${plan}" will be paused: no boxes and no charges until it is resumed. They get a mail about the change.`,
  }),
  resume: (name: string, plan: string): Text => ({
    ja: `${name} 様の「${plan}」を再開します。締切前の回からお届けと決済が始まります。お客様に変更のお知らせメールが届きます。`,
    en: `${name}'s "${plan}" will resume from the next round still open. They get a mail about the change.`,
  }),
  resend: (name: string, id: number, email: string): Text => ({
    ja: `${name} 様（${email}）に、ご注文（注文番号 ${id}）のお支払い完了メールをもう一度送ります。`,
    en: `${name} (${email}) will get the payment confirmation of order ${id} again.`,
  }),
  address: (name: string, id: number): Text => ({
    ja: `${name} 様のご注文（注文番号 ${id}）の箱を、下のお届け先に送ります。発送前の箱だけ直せます。`,
    en: `The box of ${name}'s order ${id} will go to the address below. Only a box that has not left can be corrected.`,
  }),
  cancel: (name: string, plan: string): Text => ({
    ja: `${name} 様の「${plan}」を解約します。締切前で決済済みの回は返金されます。お客様に解約のお知らせメールが届きます。`,
    en: `${name}'s "${plan}" will be cancelled. A round charged but before its deadline is refunded. They get a cancellation mail.`,
  }),
};

export const DONE_TEXT: Record<string, Text> = {
  refund: { ja: '返金しました。お客様にお知らせメールを送りました。', en: 'Refunded; the customer was mailed.' },
  refundFailed: { ja: '決済会社で返金できませんでした。時間をおいて再実行してください。', en: 'The payment provider did not refund; retry later.' },
  skip: { ja: 'スキップしました。', en: 'Skipped.' },
  pause: { ja: '休止しました。', en: 'Paused.' },
  resume: { ja: '再開しました。', en: 'Resumed.' },
  cancel: { ja: '解約しました。', en: 'Cancelled.' },
  note: { ja: 'メモを追加しました。', en: 'Note added.' },
  address: { ja: 'お届け先を直しました。', en: 'Address corrected.' },
  resend: { ja: 'メールを再送しました。', en: 'The mail was sent again.' },
};
