import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

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

/** Charges paid back in full (refund_status 'refunded') per Tokyo month of refunded_at since `from`. */
export async function sumRefunds(db: Db, from: Date): Promise<RefundRow[]> {
  const result = await sql<RefundRow>`
    select ${TOKYO_MONTH('refunded_at')} as month, count(*) as refunds,
      sum(pre_tax_price + pre_tax_ship_fee + pre_tax_fee) as pre_tax, sum(total) as total
    from plan_order_histories where refund_status = 'refunded' and refunded_at is not null and refunded_at >= ${from} group by 1`.execute(db);
  return result.rows;
}
