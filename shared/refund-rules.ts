import { formatPrice } from './format.ts';
import type { Text } from './text.ts';

/**
 * Support's refunds (issue 30, docs/decisions/0059-refunds-and-the-box.md): how much may still be
 * refunded, what a fully refunded box does, and what the fan paid net of refunds. The console's
 * form, the staff API, the order history and the receipt all ask these.
 */
export const REFUND_BOXES = ['stop', 'ship'] as const;
export type RefundBox = (typeof REFUND_BOXES)[number];

export type RefundState = 'pending' | 'refunded' | 'failed';

/** A refund not done yet: still waiting for the gateway, or refused by it (support tries again). */
export const OPEN_REFUND_STATES = ['pending', 'failed'] as const satisfies readonly RefundState[];

/** A refund of part of a charge; a failed one returned nothing. */
export interface PartialRefund {
  amount: number;
  status: RefundState;
}

/** A round's charge and its refunds: the full refund (of the rest) on the order, partial ones beside it. */
export interface ChargeRefunds {
  total: number;
  /** The order's own refund (a full refund, a void by skip or cancel, a plan change's). */
  fullRefundStatus: string | null;
  partials: readonly PartialRefund[];
}

/** Paid and still in the warehouse: a full refund asks whether the box ships all the same. */
export const BEFORE_SHIPMENT: readonly string[] = ['SUCCESS', 'WAITING'];

export function asksWhetherBoxShips(paymentStatus: string): boolean {
  return BEFORE_SHIPMENT.includes(paymentStatus);
}

const isTaken = (state: string | null) => state === 'pending' || state === 'refunded';

/** Partial refunds done or under way (a failed one returned nothing). */
export function partialRefunded(partials: readonly PartialRefund[]): number {
  return partials.reduce((sum, p) => sum + (isTaken(p.status) ? p.amount : 0), 0);
}

/** The most support may still refund: what was charged less what was refunded or is being refunded. */
export function refundCap(charge: ChargeRefunds): number {
  if (isTaken(charge.fullRefundStatus)) return 0;
  return Math.max(charge.total - partialRefunded(charge.partials), 0);
}

/** What a full refund returns: the rest of the charge after the partial refunds. */
export function fullRefundAmount(charge: Pick<ChargeRefunds, 'total' | 'partials'>): number {
  return Math.max(charge.total - partialRefunded(charge.partials), 0);
}

/** Refunded or being refunded, in yen. */
export function refundedTotal(charge: ChargeRefunds): number {
  return isTaken(charge.fullRefundStatus) ? charge.total : Math.min(partialRefunded(charge.partials), charge.total);
}

/** What the fan paid net of refunds: the receipt's amount. */
export function netPaid(charge: ChargeRefunds): number {
  return charge.total - refundedTotal(charge);
}

export const REFUND_MESSAGES = {
  overCap: (cap: number): Text => ({
    ja: `返金額は、決済額から返金済み・返金中の額を引いた${formatPrice(cap)}までです。`,
    en: `The refund can be at most ${formatPrice(cap, true)}: what was charged less what was refunded already.`,
  }),
  boxRequired: {
    ja: '箱はまだ発送前です。発送を止めるか、お詫びとして発送するかを選んでください。',
    en: 'The box has not shipped yet: choose whether to stop it or ship it as a goodwill gesture.',
  },
  partialStops: {
    ja: '一部返金では箱の発送は止められません。発送を止めるときは全額を返金してください。',
    en: 'A partial refund cannot stop the box; refund in full to stop it.',
  },
  boxLeft: {
    ja: 'この箱は発送前ではないため、発送を止めることはできません。',
    en: 'This box is not waiting to ship, so it cannot be stopped.',
  },
} as const;

export type RefundRequestCheck =
  | { ok: true; amount: number; full: boolean; box: RefundBox | null }
  | { ok: false; field: 'amount' | 'box'; error: Text };

/**
 * A refund asked for `amount` (absent: the rest, in full) with support's answer about the box.
 * Before shipment a full refund must say whether the box ships; a partial one leaves it shipping.
 */
export function checkRefundRequest(request: { amount?: number | undefined; box?: RefundBox | undefined }, paymentStatus: string, cap: number): RefundRequestCheck {
  const amount = request.amount ?? cap;
  if (amount > cap) return { ok: false, field: 'amount', error: REFUND_MESSAGES.overCap(cap) };
  const full = amount === cap;
  if (!asksWhetherBoxShips(paymentStatus)) {
    return request.box === 'stop' ? { ok: false, field: 'box', error: REFUND_MESSAGES.boxLeft } : { ok: true, amount, full, box: null };
  }
  if (!full) return request.box === 'stop' ? { ok: false, field: 'box', error: REFUND_MESSAGES.partialStops } : { ok: true, amount, full, box: 'ship' };
  if (!request.box) return { ok: false, field: 'box', error: REFUND_MESSAGES.boxRequired };
  return { ok: true, amount, full, box: request.box };
}

/** A box refunded and still to ship (support chose to ship it, or refunded part): how the round page and import preview flag it. */
export type RefundFlag = 'full' | 'part';

export function refundFlagOf(fullRefundStatus: string | null, partlyRefunded: boolean): RefundFlag | null {
  if (isTaken(fullRefundStatus)) return 'full';
  return partlyRefunded ? 'part' : null;
}

export const REFUND_FLAG_LABELS: Record<RefundFlag, Text> = {
  full: { ja: '返金済み（お詫びに発送）', en: 'Refunded (ships as goodwill)' },
  part: { ja: '一部返金済み', en: 'Partly refunded' },
};
