import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * Migration 0033 (issue 34): a later round of a fan who pays each round herself, at a konbini or
 * with PayPay. The amount is priced when the request goes out; the current payment at the provider
 * is `order_key`/`payment_id` (attempt + 1 after a voucher expired unpaid).
 */
export interface ShopperRoundRequestsTable {
  id: Generated<number>;
  user_id: number;
  user_plan_id: number;
  plan_order_id: number;
  /** 'konbini' | 'paypay' */
  method: string;
  count: number;
  price: number;
  pre_tax_price: number;
  ship_fee: number;
  pre_tax_ship_fee: number;
  total: number;
  parcel_key: string | null;
  pay_by: Timestamp;
  /** 'requested' | 'paid' | 'lapsed' | 'canceled' */
  status: Generated<string>;
  attempt: Generated<number>;
  order_key: string | null;
  payment_id: string | null;
  requested_at: Timestamp;
  reminded_at: Timestamp | null;
  paid_at: Timestamp | null;
  lapsed_at: Timestamp | null;
  history_id: number | null;
}

/** Money a konbini payment brought that the shop returns by bank transfer (support's work list). */
export interface ShopperRefundTransfersTable {
  id: Generated<number>;
  user_id: number;
  history_id: number | null;
  request_id: number | null;
  payment_id: string;
  amount: number;
  reason: string;
  /** 'to_transfer' | 'transferred' */
  status: Generated<string>;
  created_at: Timestamp;
  transferred_at: Timestamp | null;
  transferred_by: number | null;
}

export interface ShopperTables {
  shopper_round_requests: ShopperRoundRequestsTable;
  shopper_refund_transfers: ShopperRefundTransfersTable;
}
