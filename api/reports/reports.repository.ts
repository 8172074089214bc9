import { sql } from 'kysely';
import { TAX_RATE_PERCENT } from '../../shared/money.ts';
import type { Db } from '../db/schema.ts';
import { PARTIAL_REFUNDS } from '../order-history/order-refunds.repository.ts';

type Big = string | number | bigint;
const TOKYO_MONTH = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Tokyo', 'YYYY-MM')`);

export interface SalesRow { month: string; charges: Big; goods_pre_tax: Big; goods: Big; shipping_pre_tax: Big; shipping: Big; fee_pre_tax: Big; fee: Big; total: Big }
export interface RefundRow { month: string; refunds: Big; pre_tax: Big; total: Big }

/** Charges taken (paid_at) per Tokyo month since `from`: each part as the charge row holds it. */
export async function sumSales(db: Db, from: Date): Promise<SalesRow[]> {
  const result = await sql<SalesRow>`
    select ${TOKYO_MONTH('paid_at')} as month, count(*) as charges,
      sum(pre_tax_price) as goods_pre_tax, sum(price) as goods, sum(pre_tax_ship_fee) as shipping_pre_tax, sum(ship_fee) as shipping,
      sum(pre_tax_fee) as fee_pre_tax, sum(fee) as fee, sum(total) as total
    from plan_order_histories where paid_at is not null and paid_at >= ${from} group by 1`.execute(db);
  return result.rows;
}

/**
 * Refunds done per Tokyo month of their refund since `from`: each partial refund, and each full
 * refund for what it returned (the charge less the partial refunds before it).
 */
export async function sumRefunds(db: Db, from: Date): Promise<RefundRow[]> {
  const result = await sql<RefundRow>`
    with lines as (
      select h.refunded_at as at, h.total - coalesce(p.amount, 0) as total,
        h.pre_tax_price + h.pre_tax_ship_fee + h.pre_tax_fee - coalesce(p.pre_tax, 0) as pre_tax
      from plan_order_histories h left join ${PARTIAL_REFUNDS} p on p.history_id = h.id
      where h.refund_status = 'refunded' and h.refunded_at is not null and h.refunded_at >= ${from}
        and h.total > coalesce(p.amount, 0)
      union all
      select r.refunded_at, r.amount, r.amount - r.amount * ${TAX_RATE_PERCENT} / ${100 + TAX_RATE_PERCENT}
      from order_refunds r where r.status = 'refunded' and r.refunded_at is not null and r.refunded_at >= ${from}
    )
    select ${TOKYO_MONTH('at')} as month, count(*) as refunds, sum(pre_tax) as pre_tax, sum(total) as total from lines group by 1`.execute(db);
  return result.rows;
}
