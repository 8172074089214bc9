import type { Text } from './text.ts';

/** docs/spec.md §3: NONE means unset; GMOAB is GMO deferred payment (後払い). */
export const PAYMENT_METHODS = ['NONE', 'CARD', 'GMOAB'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, Text> = {
  NONE: { ja: '未設定', en: 'Not set' },
  CARD: { ja: 'クレジットカード', en: 'Credit card' },
  GMOAB: { ja: 'GMO後払い', en: 'GMO deferred payment' },
};

export class UnknownPaymentMethodError extends Error {
  constructor(value: string) {
    super(`支払い方法が存在しません / The payment method does not exist: ${value}`);
    this.name = 'UnknownPaymentMethodError';
  }
}

/** docs/spec.md §3: an unknown payment method raises an error. */
export function parsePaymentMethod(value: string): PaymentMethod {
  if ((PAYMENT_METHODS as readonly string[]).includes(value)) return value as PaymentMethod;
  throw new UnknownPaymentMethodError(value);
}

/** docs/spec.md §9: card entry happens on the payment provider's page; these brands are accepted. */
export const CARD_BRANDS = ['Visa', 'Mastercard', 'JCB', 'American Express', 'Diners Club'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Days after arrival within which a defective or damaged box must be reported (shop policy). */
export const DEFECT_REPORT_DAYS = 8;

export const PAYMENT_STATUSES = [
  'BEFORE', 'CANCEL', 'ERROR', 'SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** docs/spec.md §4 display labels. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, Text> = {
  BEFORE: { ja: '決済処理中', en: 'Payment in progress' },
  CANCEL: { ja: '決済キャンセル', en: 'Payment cancelled' },
  ERROR: { ja: '決済失敗', en: 'Payment failed' },
  SUCCESS: { ja: '決済完了・商品制作中', en: 'Payment confirmed, product being produced' },
  WAITING: { ja: '決済完了・発送準備中', en: 'Payment confirmed, preparing shipment' },
  SHIPSTART: { ja: '決済完了・発送済み', en: 'Payment confirmed, shipped' },
  COMPLETEMAIL: { ja: '決済完了・発送済み', en: 'Payment confirmed, shipped' },
  DELIVERED: { ja: '決済完了・配達完了', en: 'Payment confirmed, delivery complete' },
};

/** docs/spec.md §4: an unknown status shows an empty label. */
export function paymentStatusLabel(status: string, english = false): string {
  if (!Object.hasOwn(PAYMENT_STATUS_LABELS, status)) return '';
  const label = PAYMENT_STATUS_LABELS[status as PaymentStatus];
  return english ? label.en : label.ja;
}

/**
 * docs/spec.md §4: the allowed moves; any other move is refused. ERROR → BEFORE is a retry of a
 * declined billing charge (issue 9: after 1 and 3 days, or at once after a card change), made
 * with a new attempt and so a new order key; a round that ships without a success stays ERROR.
 */
const NEXT_STATUSES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  BEFORE: ['SUCCESS', 'ERROR', 'CANCEL'],
  SUCCESS: ['WAITING', 'CANCEL'],
  WAITING: ['SHIPSTART', 'CANCEL'],
  SHIPSTART: ['COMPLETEMAIL'],
  COMPLETEMAIL: ['DELIVERED'],
  DELIVERED: [],
  ERROR: ['BEFORE'],
  CANCEL: [],
};

export function canMovePaymentStatus(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}
