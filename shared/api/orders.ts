import type { PaymentMethod } from '../payment.ts';

/** GET /api/staff/orders (issue 32): one row of the order list across customers. */
export interface OrderRow {
  /** The order number (注文番号): plan_order_histories.id. */
  id: number;
  createdAt: string;
  customerId: number;
  customerName: string;
  artistName: string;
  planName: string;
  roundId: number;
  roundName: string;
  total: number;
  paymentStatus: string;
  paymentMethod: PaymentMethod;
}

export interface OrderPage {
  orders: OrderRow[];
  /** The `after` of the next page (the last order number of this one), or null on the last page. */
  next: number | null;
  /** The filter's choice of artists. */
  artists: { id: number; name: string }[];
}

/** POST /api/staff/orders/resend: which orders got their payment mail again, and which were skipped (not charged, or the mail failed). */
export interface OrderResendResult {
  sent: number[];
  skipped: number[];
}
