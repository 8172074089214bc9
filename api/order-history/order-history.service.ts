import type { PlanOrderHistory, Receipt } from '../../shared/api/types.ts';
import { parsePaymentMethod } from '../../shared/payment.ts';
import { checkAddressee, RECEIPT_REFUSALS, receiptRefusal, type ReceiptRefusal } from '../../shared/receipt.ts';
import type { Db } from '../db/schema.ts';
import { BadRequestError, DomainError, NotFoundError } from '../http/errors.ts';
import { findUserHistories, findUserHistory, recordReceiptIssue, type UserHistoryRow } from './order-history.repository.ts';
import { toPlanOrderHistory, toReceipt } from './order-history.view.ts';

const ORDER = { ja: 'ご注文', en: 'Order' };
const NOT_ISSUED = { ja: 'この注文の領収書はまだ発行されていません。', en: 'No receipt has been issued for this order yet.' };
const RECEIPT_STATUSES = ['SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED'] as const;

export async function listOrderHistories(db: Db, userId: number): Promise<PlanOrderHistory[]> {
  return (await findUserHistories(db, userId)).map(toPlanOrderHistory);
}

async function requireOwnHistory(db: Db, userId: number, id: number): Promise<UserHistoryRow> {
  const row = await findUserHistory(db, userId, id);
  if (!row) throw new NotFoundError(ORDER);
  return row;
}

export async function getOrderHistory(db: Db, userId: number, id: number): Promise<PlanOrderHistory> {
  return toPlanOrderHistory(await requireOwnHistory(db, userId, id));
}

function refused(refusal: ReceiptRefusal): DomainError {
  return new DomainError(409, 'RECEIPT_UNAVAILABLE', RECEIPT_REFUSALS[refusal]);
}

function requireReceiptable(row: UserHistoryRow): void {
  const refusal = receiptRefusal(parsePaymentMethod(row.payment_method), row.payment_status);
  if (refusal) throw refused(refusal);
}

/** The receipt as last issued; 404 RECEIPT_NOT_ISSUED before the first issue. */
export async function readReceipt(db: Db, userId: number, id: number, brand: string): Promise<Receipt> {
  const row = await requireOwnHistory(db, userId, id);
  requireReceiptable(row);
  const { paid_at: paidAt, receipt_first_issued_at: firstIssued } = row;
  if (!firstIssued || !paidAt) throw new DomainError(404, 'RECEIPT_NOT_ISSUED', NOT_ISSUED);
  return toReceipt({ ...row, paid_at: paidAt, receipt_first_issued_at: firstIssued }, brand);
}

/** Issues the receipt (first issue or a reissue marked 再発行) to `addressee`. */
export async function issueReceipt(db: Db, userId: number, id: number, addressee: string, brand: string, now: Date): Promise<Receipt> {
  const checked = checkAddressee(addressee);
  if (!checked.ok) throw new BadRequestError(checked.error, { addressee: checked.error });
  const row = await requireOwnHistory(db, userId, id);
  requireReceiptable(row);
  // The statement re-checks the status, so an order cancelled in between is refused, not issued.
  if (!(await recordReceiptIssue(db, userId, id, checked.value, RECEIPT_STATUSES, now))) {
    requireReceiptable(await requireOwnHistory(db, userId, id));
    throw refused('status');
  }
  return readReceipt(db, userId, id, brand);
}
