import { csvLine, csvPreamble, encodeCsv, type CsvEncoding } from '../shipping/csv-text.ts';
import { parsePaymentMethod, paymentStatusLabel, PAYMENT_METHOD_LABELS } from '../../shared/payment.ts';
import type { OrderPage, OrderResendResult, OrderRow } from '../../shared/api/orders.ts';
import { ORDER_PAGE_SIZE, type OrderListFilters } from '../../shared/order-list-rules.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { findArtistChoices } from '../shipping/rounds.repository.ts';
import { resendChargedMail } from '../customers/resend-mail.service.ts';
import type { AuditActor } from '../staff/audit.service.ts';
import type { Db } from '../db/schema.ts';
import { findOrderOwners, findOrdersByIds, findOrdersPage } from './orders.repository.ts';

type Row = Awaited<ReturnType<typeof findOrdersByIds>>[number];

const rowOf = (r: Row): OrderRow => ({
  id: r.id, createdAt: r.created_at.toISOString(), customerId: r.user_id, customerName: r.customer_name, artistName: r.artist_name,
  planName: r.plan_name, roundId: r.plan_order_id, roundName: r.round_name, total: r.total, paymentStatus: r.payment_status,
  paymentMethod: parsePaymentMethod(r.payment_method),
});

export async function listOrders(db: Db, filters: OrderListFilters, after: number | undefined): Promise<OrderPage> {
  const rows = await findOrdersPage(db, filters, after, ORDER_PAGE_SIZE);
  const page = rows.slice(0, ORDER_PAGE_SIZE);
  const last = page.at(-1);
  return { orders: page.map(rowOf), next: rows.length > ORDER_PAGE_SIZE && last ? last.id : null, artists: await findArtistChoices(db) };
}

const CSV_HEADER = ['注文番号', '注文日時', '会員番号', '氏名', 'メールアドレス', 'アーティスト', 'プラン', '号', '決済方法', '決済状況', '金額（税込）'];
const jstTime = (d: Date) => d.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo', hour12: false });

/** The selected orders as CSV: UTF-8 with a BOM (Excel) or Shift_JIS, cells guarded against formulas (csv-text.ts). */
export async function exportOrders(db: Db, ids: readonly number[], encoding: CsvEncoding): Promise<{ bytes: Buffer; rows: number }> {
  const rows = await findOrdersByIds(db, ids);
  const lines = rows.map((r) => csvLine([
    String(r.id), jstTime(r.created_at), String(r.user_id), r.customer_name, r.email, r.artist_name, r.plan_name, r.round_name,
    PAYMENT_METHOD_LABELS[parsePaymentMethod(r.payment_method)].ja, paymentStatusLabel(r.payment_status), String(r.total),
  ]));
  const text = csvLine(CSV_HEADER) + lines.join('');
  return { bytes: Buffer.concat([csvPreamble(encoding), encodeCsv(text, encoding)]), rows: rows.length };
}

/**
 * The payment mail again for each selected order, one at a time through the customer page's own
 * resend (checked, recorded and audited per order there); an order not charged, or whose mail
 * failed, is skipped and named.
 */
export async function resendOrders(ctx: ApiContext, actor: AuditActor, ids: readonly number[]): Promise<OrderResendResult> {
  const result: OrderResendResult = { sent: [], skipped: [] };
  const owners = new Map((await findOrderOwners(ctx.db, ids)).map((o) => [o.id, o.user_id]));
  for (const id of ids) {
    const userId = owners.get(id);
    if (userId === undefined) {
      result.skipped.push(id);
      continue;
    }
    try {
      await resendChargedMail(ctx, actor, userId, id);
      result.sent.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.skipped.push(id);
    }
  }
  return result;
}
