import { CARD_BRANDS } from '../../../shared/payment.ts';
import type { Text } from '../../../shared/text.ts';

/**
 * What the shopper reads when Stripe says no, by Stripe's decline code
 * (https://docs.stripe.com/declines/codes). Never Stripe's own message: it may name the card.
 */
const DECLINES: Record<string, Text> = {
  insufficient_funds: { ja: 'カードの利用可能額が不足しています。別のカードをご利用ください。', en: 'The card has insufficient funds. Please use another card.' },
  expired_card: { ja: 'カードの有効期限が切れています。カードを登録し直してください。', en: 'The card has expired. Please register your card again.' },
  incorrect_cvc: { ja: 'セキュリティコードが正しくありません。', en: 'The card security code is incorrect.' },
  lost_card: { ja: 'このカードはご利用いただけません。カード会社にお問い合わせください。', en: 'This card cannot be used. Please contact your card issuer.' },
  stolen_card: { ja: 'このカードはご利用いただけません。カード会社にお問い合わせください。', en: 'This card cannot be used. Please contact your card issuer.' },
  processing_error: { ja: '決済処理中にエラーが発生しました。しばらくしてからお試しください。', en: 'An error occurred while processing the card. Please try again later.' },
  payment_intent_authentication_failure: { ja: '本人認証（3-Dセキュア）に失敗しました。', en: '3-D Secure authentication failed.' },
};

export const GENERIC_DECLINE: Text = {
  ja: 'カード会社により決済が拒否されました。別のカードをご利用ください。',
  en: 'The card issuer declined the charge. Please use another card.',
};

export const declineText = (code: string | null | undefined): Text => (code && DECLINES[code]) || GENERIC_DECLINE;

export const DEFERRED_UNAVAILABLE: Text = {
  ja: '後払いは現在ご利用いただけません。クレジットカードをご利用ください。',
  en: 'Deferred payment is not available at the moment. Please use a credit card.',
};

/** The brands named are docs/spec.md §9's, from shared/payment.ts. */
export const BRAND_NOT_ACCEPTED: Text = {
  ja: `このカードブランドはご利用いただけません。${CARD_BRANDS.join('・')} のカードをご利用ください。`,
  en: `This card brand is not accepted. Please use ${CARD_BRANDS.slice(0, -1).join(', ')} or ${CARD_BRANDS.at(-1)}.`,
};

export const NO_DEFERRED_SCREENING: Text = {
  ja: '後払いは現在ご利用いただけません。',
  en: 'Deferred payment is not available.',
};
