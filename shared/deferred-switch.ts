import type { PaymentMethod } from './payment.ts';
import type { Text } from './text.ts';

/**
 * DEFERRED_PAYMENT=off (issue 20): GMO後払い is a contract of its own; without it the shop never
 * offers deferred payment. One rule for the API, the billing run and the pages.
 */

/** The setting as the code reads it: unset means on (the shop as it always was). */
export function deferredPaymentOffered(setting: boolean | undefined): boolean {
  return setting !== false;
}

/**
 * The methods a shopper may choose now: a card, GMO後払い while the shop offers it, and paying each
 * round herself at a konbini or with PayPay (issue 34, shared/shopper-payment.ts), which need no card.
 */
export function choosableMethods(deferredOn: boolean): PaymentMethod[] {
  return deferredOn ? ['CARD', 'GMOAB', 'KONBINI', 'PAYPAY'] : ['CARD', 'KONBINI', 'PAYPAY'];
}

/** What choosing `method` needs first: a registered card (CARD), the GMO後払い checks (GMOAB), or nothing. */
export function choiceNeeds(method: PaymentMethod): 'card' | 'deferredChecks' | 'nothing' {
  if (method === 'CARD') return 'card';
  if (method === 'GMOAB') return 'deferredChecks';
  return 'nothing';
}

/** True when the shopper's method is GMOAB and the shop no longer takes it: they must choose a card. */
export function mustLeaveDeferred(method: string, deferredOn: boolean): boolean {
  return method === 'GMOAB' && !deferredOn;
}

export const DEFERRED_OFF_MESSAGE: Text = {
  ja: '現在、GMO後払いはご利用いただけません。お支払い方法をクレジットカードに変更してください。',
  en: 'GMO deferred payment is not available at the moment. Please switch your payment method to a credit card.',
};

/** The decline reason the billing run records for a GMOAB round while deferred payment is off. */
export const DEFERRED_OFF_DECLINE = 'GMO deferred payment is not offered (DEFERRED_PAYMENT=off)';
