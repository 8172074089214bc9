import type { OrderParcel } from '../../shared/parcel-display.ts';
import type { HistoryRefund, OrderGoods, PlanOrderHistory, Receipt } from '../../shared/api/types.ts';
import { trackingOf } from '../../shared/carriers.ts';
import { deferredInvoiceOf, historyStatusLabel } from '../../shared/order-history.ts';
import { buildTimeline } from '../../shared/order-timeline.ts';
import { parsePaymentMethod, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus } from '../../shared/payment.ts';
import { netTaxBreakdown, receiptDescription, receiptRefusal } from '../../shared/receipt.ts';
import { fullRefundAmount, netPaid, refundedTotal, type ChargeRefunds } from '../../shared/refund-rules.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { catalogueText, type Text } from '../../shared/text.ts';
import type { UserHistoryRow } from './order-history.repository.ts';
import type { PartialRefundRow } from './order-refunds.repository.ts';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);
const NO_LABEL: Text = { ja: '', en: '' };

function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

function refundStatusOf(value: string | null): PlanOrderHistory['refundStatus'] {
  return value === 'pending' || value === 'refunded' || value === 'failed' ? value : null;
}

/** What the view adds to a row: its partial refunds, and when a voided round is charged again. */
export interface HistoryExtras {
  partials: readonly PartialRefundRow[];
  chargeAt: Date | null;
  /** The box's contents once the fan may see them (shared/spoilers.ts), else null. */
  contents: OrderGoods[] | null;
  /** The fan's boxes travelling with it (同梱), if any. */
  parcel: OrderParcel | null;
}

const NO_EXTRAS: HistoryExtras = { partials: [], chargeAt: null, contents: null, parcel: null };

function chargeRefundsOf(row: UserHistoryRow, extras: HistoryExtras): ChargeRefunds {
  return { total: row.total, fullRefundStatus: row.refund_status, partials: extras.partials };
}

/** Support's partial refunds, then the full refund of the rest (nothing to show when nothing was left). */
function refundsOf(row: UserHistoryRow, extras: HistoryExtras): HistoryRefund[] {
  const method = parsePaymentMethod(row.payment_method);
  const lines: HistoryRefund[] = extras.partials.map((p) => ({ amount: p.amount, status: p.status, at: iso(p.refundedAt), method, full: false }));
  const status = refundStatusOf(row.refund_status);
  const rest = fullRefundAmount({ total: row.total, partials: extras.partials });
  if (status && row.paid_at && rest > 0) lines.push({ amount: rest, status, at: status === 'refunded' ? iso(row.refunded_at) : null, method, full: true });
  return lines;
}

function timelineOf(row: UserHistoryRow, extras: HistoryExtras) {
  return buildTimeline({
    chargeAt: iso(extras.chargeAt),
    superseded: row.superseded_by !== null,
    status: row.payment_status,
    createdAt: row.created_at.toISOString(),
    paidAt: iso(row.paid_at),
    waitingAt: iso(row.waiting_at),
    shippedAt: iso(row.shipped_at),
    deliveredAt: iso(row.delivered_at),
    nextAttemptAt: iso(row.next_attempt_at),
    refundStatus: row.refund_status,
    refundedAt: iso(row.refunded_at),
    updatedAt: row.updated_at.toISOString(),
  });
}

function roundOf(row: UserHistoryRow): PlanOrderHistory['order'] {
  const shipDate = row.round_ship_date.toISOString();
  return { id: row.plan_order_id, name: row.round_name, endDate: row.round_end_date.toISOString(), shipDate, label: issueLabel({ shipDate }) };
}

/** A history row as the API shows it: amounts, the status label, tracking, timeline and receipt state. */
export function toPlanOrderHistory(row: UserHistoryRow, extras: HistoryExtras = NO_EXTRAS): PlanOrderHistory {
  const method = parsePaymentMethod(row.payment_method);
  const status = isPaymentStatus(row.payment_status) ? row.payment_status : 'ERROR';
  const charge = chargeRefundsOf(row, extras);
  const refusal = receiptRefusal(method, row.payment_status, { total: row.paid_at ? row.total : 0, refunded: refundedTotal(charge) });
  const statusLabel = isPaymentStatus(row.payment_status) ? PAYMENT_STATUS_LABELS[row.payment_status] : NO_LABEL;
  return {
    id: row.id,
    order: roundOf(row),
    plan: { id: row.plan_id, name: row.plan_name, nameEn: row.plan_name_en || null },
    artist: { id: row.artist_id, name: row.artist_name, slug: row.artist_slug },
    paymentMethod: method,
    paymentStatus: status,
    paymentStatusLabel: historyStatusLabel({ chargeAt: iso(extras.chargeAt), supersededBy: row.superseded_by, boxStopped: row.refund_box === 'stop', statusLabel }),
    count: row.count,
    price: row.price, preTaxPrice: row.pre_tax_price,
    shipFee: row.ship_fee, preTaxShipFee: row.pre_tax_ship_fee,
    fee: row.fee, preTaxFee: row.pre_tax_fee,
    total: row.total,
    shipNumber: row.ship_number,
    shipSrcName: row.ship_src_name, shipZip: row.ship_zip, shipAddress: row.ship_address, shipAddress2: row.ship_address2,
    shipDestName: row.ship_dest_name, shipTel: row.ship_tel,
    paidAt: iso(row.paid_at),
    createdAt: row.created_at.toISOString(),
    nextAttemptAt: row.payment_status === 'ERROR' ? iso(row.next_attempt_at) : null,
    refundStatus: refundStatusOf(row.refund_status),
    refunds: refundsOf(row, extras),
    netTotal: netPaid(charge),
    supersededBy: row.superseded_by,
    chargeAt: iso(extras.chargeAt),
    tracking: trackingOf(row.ship_number, row.carrier),
    timeline: timelineOf(row, extras),
    contents: extras.contents,
    deferred: method === 'GMOAB' && refusal !== 'status' ? deferredInvoiceOf(iso(row.paid_at)) : null,
    receipt: { available: refusal === null, refusal, issuedCount: row.receipt_issued_count, addressee: row.receipt_addressee },
    parcel: extras.parcel,
  };
}

/** An issued receipt; the row must have been issued (first issue date set) and paid. */
export function toReceipt(row: UserHistoryRow & { paid_at: Date; receipt_first_issued_at: Date }, brand: string, partials: readonly PartialRefundRow[], parcel: OrderParcel | null = null): Receipt {
  const round = roundOf(row);
  const refunded = refundedTotal({ total: row.total, fullRefundStatus: row.refund_status, partials });
  return {
    historyId: row.id,
    number: `R-${String(row.id).padStart(8, '0')}`,
    addressee: row.receipt_addressee ?? '',
    issuedAt: row.receipt_first_issued_at.toISOString(),
    issuedCount: row.receipt_issued_count,
    reissued: row.receipt_issued_count > 1,
    description: receiptDescription(brand, row.artist_name, catalogueText(row.plan_name, row.plan_name_en), round.label),
    paidAt: row.paid_at.toISOString(),
    paymentMethod: parsePaymentMethod(row.payment_method),
    // What was paid net of refunds (issue 30).
    total: row.total - refunded,
    tax: netTaxBreakdown({ total: row.total, preTaxPrice: row.pre_tax_price, preTaxShipFee: row.pre_tax_ship_fee, preTaxFee: row.pre_tax_fee }, refunded),
    parcel,
  };
}
