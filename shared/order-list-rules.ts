import * as z from 'zod/mini';
import { jstDayStartOf } from './jst.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './payment.ts';
import type { Text } from './text.ts';

/**
 * The console's order list (注文一覧, issue 32): every customer's charges, newest first, paged by
 * key (`after` = the last order number of the page before), never by offset. Shared by the staff
 * API (api/orders/) and the console's filter and bulk forms (client/admin/routes/orders.tsx).
 */
export const ORDER_PAGE_SIZE = 50;
/** How many orders one bulk action (CSV, resend) takes: a page's worth and no more. */
export const ORDER_BULK_MAX = ORDER_PAGE_SIZE;

export const REFUND_FILTERS = ['open'] as const;
export const REFUND_FILTER_LABELS: Record<(typeof REFUND_FILTERS)[number], Text> = {
  open: { ja: '返金が未完了（処理中・失敗）', en: 'Refund not done (pending or failed)' },
};

const Id = z.string().check(z.regex(/^[1-9][0-9]{0,9}$/));
const Day = z.string().check(z.regex(/^20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/));

export const OrderListQuery = z.strictObject({
  status: z.optional(z.enum(PAYMENT_STATUSES)),
  round: z.optional(Id),
  artist: z.optional(Id),
  method: z.optional(z.enum(PAYMENT_METHODS)),
  /** `open`: orders with a refund not done yet (pending at the gateway or failed), the dashboard's tile. */
  refund: z.optional(z.enum(REFUND_FILTERS)),
  /** The first and last day of the order date, in Japan time (both included). */
  from: z.optional(Day),
  to: z.optional(Day),
  after: z.optional(Id),
});
export type OrderListFilters = Omit<z.infer<typeof OrderListQuery>, 'after'>;
export const ORDER_FILTER_KEYS = ['status', 'round', 'artist', 'method', 'refund', 'from', 'to'] as const;

/** The selection of the bulk form: one order number or several (a repeated `ids`). */
const Ids = z.union([Id, z.array(Id).check(z.minLength(1), z.maxLength(ORDER_BULK_MAX))]);

export const OrderExportQuery = z.strictObject({
  ids: Ids,
  encoding: z.optional(z.enum(['utf8', 'cp932'])),
});

export const OrderResendInput = z.strictObject({
  ids: z.array(z.number().check(z.int(), z.positive())).check(z.minLength(1), z.maxLength(ORDER_BULK_MAX)),
});

export function idsOf(ids: string | readonly string[]): number[] {
  return [...new Set((typeof ids === 'string' ? [ids] : ids).map(Number))];
}

/** The instant a JST day `YYYY-MM-DD` starts at; `next` gives the start of the day after (for an inclusive `to`). */
export function jstDayStart(day: string, next = false): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return jstDayStartOf(y, m, d + (next ? 1 : 0));
}
