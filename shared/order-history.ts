import type { DeferredInvoice, PlanOrderHistory } from './api/types.ts';
import { DEFERRED_PAYMENT, lateFeeTotal } from './money.ts';
import { formatDateTime, lastAcceptedMoment } from './format.ts';
import { PAYMENT_STATUS_LABELS } from './payment.ts';
import type { Text } from './text.ts';

const DAY_MS = 86_400_000;

/**
 * GMOAB: the invoice goes out when the round is charged and is due 14 days later; each reminder
 * after that adds 297 yen, three at most (docs/spec.md §9, shared/money.ts). Null until charged.
 */
export function deferredInvoiceOf(paidAt: string | null): DeferredInvoice | null {
  if (!paidAt) return null;
  return {
    dueDate: new Date(new Date(paidAt).getTime() + DEFERRED_PAYMENT.dueDays * DAY_MS).toISOString(),
    dueDays: DEFERRED_PAYMENT.dueDays,
    lateFee: DEFERRED_PAYMENT.lateFeeTaxIncluded,
    maxLateFees: DEFERRED_PAYMENT.maxLateFees,
    lateFeeMax: lateFeeTotal(DEFERRED_PAYMENT.maxLateFees),
  };
}

/**
 * docs/spec.md §3/§4: the record a screen holds before it has a real one — count −100 and status ERROR,
 * so a placeholder can never be taken for an order.
 */
export const EMPTY_PLAN_ORDER_HISTORY: Readonly<PlanOrderHistory> = Object.freeze<PlanOrderHistory>({
  id: 0,
  order: { id: 0, name: '', endDate: '', shipDate: '', label: { ja: '', en: '' } },
  plan: { id: 0, name: '', nameEn: null },
  artist: { id: 0, name: '', slug: '' },
  paymentMethod: 'NONE',
  paymentStatus: 'ERROR',
  paymentStatusLabel: PAYMENT_STATUS_LABELS.ERROR,
  count: -100,
  price: 0,
  preTaxPrice: 0,
  preTaxShipFee: 0,
  shipFee: 0,
  fee: 0,
  preTaxFee: 0,
  total: 0,
  shipNumber: '',
  shipSrcName: '',
  shipZip: '',
  shipAddress: '',
  shipAddress2: '',
  shipDestName: '',
  shipTel: '',
  paidAt: null,
  createdAt: '',
  nextAttemptAt: null,
  refundStatus: null,
  refunds: [],
  netTotal: 0,
  supersededBy: null,
  chargeAt: null,
  tracking: null,
  timeline: [],
  contents: null,
  deferred: null,
  receipt: { available: false, refusal: 'status', issuedCount: 0, addressee: null },
  parcel: null,
});

/**
 * The status line of an order in the fan's history (issue 30): what will happen for a round whose
 * skip was undone (charged at its deadline, not 「決済キャンセル」), and for a charge a plan change
 * replaced, that it was refunded and which order replaced it; for a box support refunded and
 * stopped, that it is not delivered; otherwise the status's own label.
 */
export function historyStatusLabel(order: { chargeAt: string | null; supersededBy: number | null; boxStopped: boolean; statusLabel: Text }): Text {
  if (order.chargeAt) {
    const day = formatDateTime(lastAcceptedMoment(order.chargeAt));
    return { ja: `申込締切（${day}）に決済予定`, en: `To be charged at the order deadline (${day})` };
  }
  if (order.supersededBy !== null) {
    return { ja: `プラン変更のため返金（新しい注文番号 ${order.supersededBy}）`, en: `Refunded for a plan change (new order no. ${order.supersededBy})` };
  }
  if (order.boxStopped) return { ja: '全額返金・お届けなし', en: 'Refunded in full; not delivered' };
  return order.statusLabel;
}
