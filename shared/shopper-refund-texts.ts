import type { Text } from './text.ts';

/**
 * How the fan is told her money comes back when she paid a round herself (issue 34): a konbini
 * payment by bank transfer, support asking for the account; PayPay to her PayPay balance. The
 * confirmation pages, the answers and the mails all say these words.
 */
export const KONBINI_TRANSFER_NOTICE: Text = {
  ja: '銀行振込でご返金します。振込先の口座をサポートからお伺いします。',
  en: 'We return it by bank transfer; support will ask you for the account to transfer it to.',
};

export const PAYPAY_REFUND_NOTICE: Text = {
  ja: 'PayPayでお支払いの代金は、PayPayに返金します。',
  en: 'A PayPay payment is refunded to your PayPay account.',
};

/** The line for a refund of a round paid with `method`, or null for a card (its usual words). */
export function shopperRefundNotice(method: string): Text | null {
  if (method === 'KONBINI') return KONBINI_TRANSFER_NOTICE;
  if (method === 'PAYPAY') return PAYPAY_REFUND_NOTICE;
  return null;
}
