import type { Text } from './text.ts';

/**
 * docs/spec.md §3: NONE means unset; GMOAB is GMO deferred payment (後払い). KONBINI and PAYPAY
 * (issue 34, shared/shopper-payment.ts): the fan pays each round herself before its deadline.
 */
export const PAYMENT_METHODS = ['NONE', 'CARD', 'GMOAB', 'KONBINI', 'PAYPAY'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, Text> = {
  NONE: { ja: '未設定', en: 'Not set' },
  CARD: { ja: 'クレジットカード', en: 'Credit card' },
  GMOAB: { ja: 'GMO後払い', en: 'GMO deferred payment' },
  KONBINI: { ja: 'コンビニ払い', en: 'Convenience store payment' },
  PAYPAY: { ja: 'PayPay', en: 'PayPay' },
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
 * The allowed moves of a round's payment status; any other move is refused
 * (docs/spec.md §4, docs/decisions/0021-payment-status-moves.md). ERROR → BEFORE is a retry of a declined billing
 * charge (after 1 and 3 days, or at once after a card change), made with a new attempt and so a
 * new order key; a round that ships without a success stays ERROR. ERROR → SUCCESS is the one
 * charge of a round that waited for the bank's authentication (3-D Secure) and was then paid. A box shipped before the
 * warehouse list took it (SUCCESS) passes through WAITING in the same transaction: every box that
 * left was in the warehouse list first, which is also where its ship-to address is fixed.
 */
const NEXT_STATUSES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  BEFORE: ['SUCCESS', 'ERROR', 'CANCEL'],
  SUCCESS: ['WAITING', 'CANCEL'],
  WAITING: ['SHIPSTART', 'CANCEL'],
  SHIPSTART: ['COMPLETEMAIL'],
  COMPLETEMAIL: ['DELIVERED'],
  DELIVERED: [],
  // ERROR → SUCCESS only for a round waiting for the shopper's authentication (action_required_at
  // set) whose charge then went through: its UPDATE also requires that column (charge-rounds.ts).
  ERROR: ['BEFORE', 'SUCCESS'],
  CANCEL: [],
};

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export function canMovePaymentStatus(from: string, to: PaymentStatus): boolean {
  return isPaymentStatus(from) && NEXT_STATUSES[from].includes(to);
}

/** True when the table leads from `from` to `to` in one or more moves. */
function leadsTo(from: PaymentStatus, to: PaymentStatus, seen = new Set<PaymentStatus>()): boolean {
  seen.add(from);
  return NEXT_STATUSES[from].some((next) => next === to || (!seen.has(next) && leadsTo(next, to, seen)));
}

/**
 * A box before the warehouse list (WAITING) ships to the account's delivery details as they are
 * now, so a change of address moves it: BEFORE, SUCCESS and ERROR (a declined round paid later).
 * Derived from the table: the statuses from which WAITING is still ahead.
 */
export const SHIP_TO_FOLLOWS_ACCOUNT: readonly PaymentStatus[] = PAYMENT_STATUSES.filter((s) => leadsTo(s, 'WAITING'));

/** The statuses a round may move to `to` from: the guard of every UPDATE that moves one. */
export function paymentStatusesInto(to: PaymentStatus): PaymentStatus[] {
  return PAYMENT_STATUSES.filter((from) => NEXT_STATUSES[from].includes(to));
}

/** The box has left the warehouse: nothing about it can change any more. */
export function isShippedStatus(status: string): boolean {
  return status === 'SHIPSTART' || status === 'COMPLETEMAIL' || status === 'DELIVERED';
}

/** What the shopper is told when a change would need a move the table refuses. */
const MOVE_REFUSED: Record<'shipped' | 'other', Text> = {
  shipped: {
    ja: 'このお届けはすでに発送されたため、変更・取り消しできません。',
    en: 'This box has already been shipped, so it can no longer be changed or cancelled.',
  },
  other: {
    ja: 'このお届けの決済状況では、この操作はできません。ページを再読み込みしてご確認ください。',
    en: 'This cannot be done in the current payment status of this box. Please reload the page and check.',
  },
};

/** A move the table refuses: an API answers it 409 with `text`, an operator import names `reason`. */
export class PaymentMoveError extends Error {
  readonly from: string;
  readonly to: PaymentStatus;
  readonly text: Text;
  constructor(from: string, to: PaymentStatus) {
    const into = paymentStatusesInto(to);
    super(`payment status ${from} cannot move to ${to} (only from ${into.join(', ') || 'nothing'})`);
    this.name = 'PaymentMoveError';
    this.from = from;
    this.to = to;
    this.text = isShippedStatus(from) ? MOVE_REFUSED.shipped : MOVE_REFUSED.other;
  }
}

/** For code paths that hold the row: throws PaymentMoveError unless `from` → `to` is allowed. */
export function assertPaymentMove(from: string, to: PaymentStatus): void {
  if (!canMovePaymentStatus(from, to)) throw new PaymentMoveError(from, to);
}
