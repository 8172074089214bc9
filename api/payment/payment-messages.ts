import type { Text } from '../../shared/text.ts';

/** The payment-method API's refusals (Japanese and English). */
export const PAYMENT_MESSAGES = {
  otherUser: { ja: '指定されたユーザー', en: 'The user' } satisfies Text,
  retUrl: { ja: '戻り先はこのサイト内のパスで指定してください。', en: 'retUrl must be a path of this site.' } satisfies Text,
  chooseMethod: {
    ja: 'お支払い方法は、クレジットカード・GMO後払い・毎回コンビニで支払う・毎回PayPayで支払うから選んでください。',
    en: 'Choose credit card, GMO deferred payment, pay at a convenience store each time, or pay with PayPay each time.',
  } satisfies Text,
  noCard: { ja: 'クレジットカードが登録されていません。先にカードを登録してください。', en: 'No credit card is registered. Register a card first.' } satisfies Text,
  profileIncomplete: {
    ja: 'GMO後払いには氏名・電話番号・生年月日・住所の登録が必要です。プロフィールを入力してください。',
    en: 'GMO deferred payment needs your name, phone, date of birth and address. Complete your profile first.',
  } satisfies Text,
  screeningDeclined: {
    ja: 'GMO後払いの審査の結果、ご利用いただけません。クレジットカードをご利用ください。',
    en: 'GMO deferred payment was not approved after screening. Please use a credit card.',
  } satisfies Text,
  gatewayUnavailable: {
    ja: 'カード会社の決済サービスに接続できませんでした。しばらくしてから再度お試しください。',
    en: 'The card payment service could not be reached. Please try again shortly.',
  } satisfies Text,
} as const;
