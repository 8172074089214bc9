import type { Text } from './text.ts';

/**
 * Messages of the console's customers area (issue 19), merged into the one catalogue
 * (shared/messages.ts) so the shared schemas name them by key.
 */
export const CUSTOMER_MESSAGES = {
  customerQueryInvalid: {
    ja: 'メールアドレス・氏名・電話番号・注文番号のいずれかを100文字以内で入力してください。',
    en: 'Enter an e-mail, a name, a phone number or an order number (up to 100 characters).',
  },
  customerReasonRequired: {
    ja: '理由を500文字以内で入力してください（見えない文字は使えません）。',
    en: 'Enter the reason, up to 500 characters (no hidden characters).',
  },
  cancelReasonInvalid: { ja: '解約理由を選んでください。', en: 'Choose the reason for cancelling.' },
  cancelNoteInvalid: {
    ja: 'メモは500文字以内で入力してください（見えない文字は使えません）。',
    en: 'The note must be up to 500 characters (no hidden characters).',
  },
  supportNoteInvalid: {
    ja: 'メモを1〜1000文字で入力してください（見えない文字は使えません）。',
    en: 'Enter the note, 1 to 1000 characters (no hidden characters).',
  },
  refundKeyInvalid: {
    ja: 'フォームを再読み込みしてから、もう一度送信してください。',
    en: 'Reload the form and submit it again.',
  },
  refundAmountInvalid: { ja: '返金額を1円以上の整数（円）で入力してください。', en: 'Enter the refund amount in whole yen, at least 1.' },
  refundBoxInvalid: {
    ja: '箱の発送を止めるか、お詫びとして発送するかを選んでください。',
    en: 'Choose whether the box is stopped or shipped as a goodwill gesture.',
  },
  planActionInvalid: { ja: '操作を選んでください。', en: 'Choose an action.' },
  idInvalid: { ja: '対象を選んでください。', en: 'Choose what this applies to.' },
} as const satisfies Record<string, Text>;
