import type { PlanOrderHistory, Receipt } from '../../shared/api/types.ts';
import { isPaymentStatus, parsePaymentMethod } from '../../shared/payment.ts';
import { boxContentsOpen } from '../../shared/spoilers.ts';
import { findGoodsOfOrders } from '../plan/plan.repository.ts';
import { toGoods } from '../plan/plan.service.ts';
import { refundedTotal } from '../../shared/refund-rules.ts';
import { checkAddressee, RECEIPT_REFUSALS, receiptRefusal, type ReceiptRefusal } from '../../shared/receipt.ts';
import type { Db } from '../db/schema.ts';
import { BadRequestError, DomainError, NotFoundError } from '../http/errors.ts';
import { findUserHistories, findUserHistory, recordReceiptIssue, type UserHistoryRow } from './order-history.repository.ts';
import { chargeAgainAt } from './charge-again.ts';
import { findOrderParcels } from '../parcel/parcels.service.ts';
import { findPartialRefunds, type PartialRefundRow } from './order-refunds.repository.ts';
import { toPlanOrderHistory, toReceipt } from './order-history.view.ts';

const ORDER = { ja: 'ご注文', en: 'Order' };
const NOT_ISSUED = { ja: 'この注文の領収書はまだ発行されていません。', en: 'No receipt has been issued for this order yet.' };
const RECEIPT_STATUSES = ['SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED'] as const;

/** A row with its partial refunds, for a skip undone when it is charged again, and the box's contents once open to the fan. */
async function withExtras(db: Db, rows: UserHistoryRow[], now: Date, windowDays: number): Promise<PlanOrderHistory[]> {
  const partials = await findPartialRefunds(db, rows.map((r) => r.id));
  const parcels = await findOrderParcels(db, rows.filter((r) => r.superseded_by === null).map((r) => r.id), windowDays);
  const open = (row: UserHistoryRow) => isPaymentStatus(row.payment_status) && boxContentsOpen({ paymentStatus: row.payment_status, shipDate: row.round_ship_date }, now);
  const goods = await findGoodsOfOrders(db, [...new Set(rows.filter(open).map((r) => r.plan_order_id))]);
  return Promise.all(rows.map(async (row) => toPlanOrderHistory(row, {
    partials: partials.filter((p) => p.historyId === row.id),
    chargeAt: await chargeAgainAt(db, row, now),
    contents: open(row) ? goods.filter((g) => g.plan_order_id === row.plan_order_id).map(toGoods) : null,
    parcel: parcels.get(row.id) ?? null,
  })));
}

export async function listOrderHistories(db: Db, userId: number, now: Date, windowDays = 0): Promise<PlanOrderHistory[]> {
  return withExtras(db, await findUserHistories(db, userId), now, windowDays);
}

async function requireOwnHistory(db: Db, userId: number, id: number): Promise<UserHistoryRow> {
  const row = await findUserHistory(db, userId, id);
  if (!row) throw new NotFoundError(ORDER);
  return row;
}

export async function getOrderHistory(db: Db, userId: number, id: number, now: Date, windowDays = 0): Promise<PlanOrderHistory> {
  const [order] = await withExtras(db, [await requireOwnHistory(db, userId, id)], now, windowDays);
  if (!order) throw new NotFoundError(ORDER);
  return order;
}

function refused(refusal: ReceiptRefusal): DomainError {
  return new DomainError(409, 'RECEIPT_UNAVAILABLE', RECEIPT_REFUSALS[refusal]);
}

/** The row may have a receipt: paid by card and not refunded in full. Returns its partial refunds. */
async function requireReceiptable(db: Db, row: UserHistoryRow): Promise<PartialRefundRow[]> {
  const partials = await findPartialRefunds(db, [row.id]);
  const refunded = refundedTotal({ total: row.total, fullRefundStatus: row.refund_status, partials });
  const refusal = receiptRefusal(parsePaymentMethod(row.payment_method), row.payment_status, { total: row.paid_at ? row.total : 0, refunded });
  if (refusal) throw refused(refusal);
  return partials;
}

/** The receipt as last issued; 404 RECEIPT_NOT_ISSUED before the first issue. */
export async function readReceipt(db: Db, userId: number, id: number, brand: string, windowDays = 0): Promise<Receipt> {
  const row = await requireOwnHistory(db, userId, id);
  const partials = await requireReceiptable(db, row);
  const { paid_at: paidAt, receipt_first_issued_at: firstIssued } = row;
  if (!firstIssued || !paidAt) throw new DomainError(404, 'RECEIPT_NOT_ISSUED', NOT_ISSUED);
  const parcel = (await findOrderParcels(db, [row.id], windowDays)).get(row.id) ?? null;
  return toReceipt({ ...row, paid_at: paidAt, receipt_first_issued_at: firstIssued }, brand, partials, parcel);
}

/** Issues the receipt (first issue or a reissue marked 再発行) to `addressee`. */
export async function issueReceipt(db: Db, userId: number, id: number, addressee: string, brand: string, now: Date, windowDays = 0): Promise<Receipt> {
  const checked = checkAddressee(addressee);
  if (!checked.ok) throw new BadRequestError(checked.error, { addressee: checked.error });
  const row = await requireOwnHistory(db, userId, id);
  await requireReceiptable(db, row);
  // The statement re-checks the status, so an order cancelled in between is refused, not issued.
  if (!(await recordReceiptIssue(db, userId, id, checked.value, RECEIPT_STATUSES, now))) {
    await requireReceiptable(db, await requireOwnHistory(db, userId, id));
    throw refused('status');
  }
  return readReceipt(db, userId, id, brand, windowDays);
}
