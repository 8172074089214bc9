import type { Text } from './text.ts';

/**
 * Cards never move between gateways (issue 20): a card saved at one (`user_cards.provider`,
 * 'sandbox' or 'stripe') cannot be charged by another. While another gateway runs, the shop treats
 * it as no card and asks the shopper to register again.
 */
export function isCardOfGateway(cardProvider: string, runningProvider: string): boolean {
  return cardProvider === runningProvider;
}

/**
 * Why a card of another gateway is not charged: the billing run's decline reason, and the Stripe
 * adapter's own answer for a token it never issued (api/payment/stripe/stripe-provider.ts).
 */
export const REGISTER_CARD_AGAIN: Text = {
  ja: 'カードの再登録が必要です',
  en: 'Please register your card again',
};

/** The billing run's decline reason for a round whose card is another gateway's. */
export const CARD_REREGISTER_DECLINE = REGISTER_CARD_AGAIN.ja;

export const GATEWAY_SWITCHED_NOTICE: Text = {
  ja: '決済サービスの切り替えにより、以前のカードはご利用いただけません。お手数ですが、カードを再度ご登録ください。',
  en: 'Because we have changed our payment service, your previous card can no longer be used. Please register your card again.',
};
