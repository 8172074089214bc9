import type { Text } from '../../../shared/text.ts';

/** Words of the payment-method page (/mypage/profile/payment). */
export const PAYMENT_COPY = {
  title: { ja: 'お支払い方法', en: 'Payment method' },
  lead: { ja: '定期便のお支払いに使う方法を選んでください。', en: 'Choose how your subscription rounds are paid.' },
  current: { ja: '現在のお支払い方法', en: 'Current payment method' },
  inUse: { ja: 'ご利用中', en: 'In use' },
  cardHeading: { ja: 'クレジットカード', en: 'Credit card' },
  cardNone: { ja: 'カードは登録されていません。', en: 'No card is registered.' },
  expiry: { ja: '有効期限', en: 'Expires' },
  /** Read out before the masked number (the dots alone say nothing to a screen reader). */
  last4: { ja: '末尾4桁 ', en: 'ending in ' },
  cardNote: {
    ja: 'カード情報は決済代行会社のページで入力します。当店はカード番号を保持しません。',
    en: 'You enter the card on the payment provider’s page. We never keep the card number.',
  },
  registerCard: { ja: 'カードを登録する', en: 'Register a card' },
  changeCard: { ja: 'カードを変更する', en: 'Change card' },
  useCard: { ja: 'クレジットカード払いにする', en: 'Pay by this card' },
  deferredHeading: { ja: 'GMO後払い', en: 'GMO deferred payment' },
  deferredLead: { ja: 'ご利用条件をご確認のうえお選びください。', en: 'Please read the conditions before choosing it.' },
  guardianConsent: { ja: '保護者の同意を得ています（未成年の方）', en: 'My guardian has agreed (for minors)' },
  minorNote: {
    ja: 'ご登録の生年月日から、未成年の方のご利用には保護者の同意が必要です。',
    en: 'Your date of birth shows you are a minor: a guardian’s consent is needed.',
  },
  useDeferred: { ja: '条件に同意してGMO後払いにする', en: 'Agree and pay by GMO deferred payment' },
  shopperHeading: { ja: 'カードを使わずに毎回支払う', en: 'Pay each round yourself, without a card' },
  shopperLead: {
    ja: 'クレジットカードがなくても選べます。お届けの回ごとに、申込締切までにご自身でお支払いください。',
    en: 'No card needed. You pay each round yourself before its order deadline.',
  },
  historyHeading: { ja: 'お支払い方法の変更履歴', en: 'Payment method history' },
  historyNone: { ja: '変更履歴はまだありません。', en: 'No changes yet.' },
  historyDate: { ja: '変更日時', en: 'Changed at' },
  historyMethod: { ja: 'お支払い方法', en: 'Method' },
  historyCard: { ja: 'カード', en: 'Card' },
  back: { ja: '会員情報に戻る', en: 'Back to your profile' },
  backToPrevious: { ja: '元のページ（お申し込み）に戻る', en: 'Back to where you were (your order)' },
} as const satisfies Record<string, Text>;

/** Outcomes named by the `card` and `done` parameters; only these keys are ever shown. */
export const PAYMENT_NOTICES = {
  registered: { ja: 'クレジットカードを登録しました。', en: 'Your credit card has been registered.' },
  declined: {
    ja: 'カードを登録できませんでした（本人認証に失敗したか、カードが拒否されました）。別のカードでお試しください。',
    en: 'The card could not be registered (authentication failed or the card was declined). Please try another card.',
  },
  cancelled: { ja: 'カードの登録は完了していません。', en: 'The card registration was not completed.' },
  GMOAB: { ja: 'お支払い方法をGMO後払いにしました。', en: 'You now pay by GMO deferred payment.' },
  CARD: { ja: 'お支払い方法をクレジットカードにしました。', en: 'You now pay by credit card.' },
  KONBINI: { ja: 'お支払い方法を「毎回コンビニで支払う」にしました。', en: 'You now pay at a convenience store each time.' },
  PAYPAY: { ja: 'お支払い方法を「毎回PayPayで支払う」にしました。', en: 'You now pay with PayPay each time.' },
} as const satisfies Record<string, Text>;

export type PaymentNoticeKey = keyof typeof PAYMENT_NOTICES;
