import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0004 (payments); joined into `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserCardsTable {
  user_id: number;
  token: string;
  brand: string;
  last4: string;
  expiry: string;
  updated_at: Timestamp;
  /** Migration 0013: the gateway that holds the card ('sandbox' or 'stripe'). */
  provider: Generated<string>;
}

/** Migration 0013: the Stripe Customer of each shopper, made once. */
export interface StripeCustomersTable {
  user_id: number;
  customer_id: string;
  created_at: Timestamp;
}

/** Migration 0013: webhook events, once each by Stripe's id. */
export interface StripeEventsTable {
  id: string;
  type: string;
  object_id: string | null;
  received_at: Timestamp;
  applied_at: Timestamp | null;
}

export interface PaymentMethodHistoriesTable {
  id: Generated<number>;
  user_id: number;
  payment_method: string;
  card_brand: string | null;
  card_last4: string | null;
  guardian_consent: Generated<boolean>;
  created_at: Timestamp;
}

export interface DeferredScreeningsTable {
  user_id: number;
  approved: boolean;
  reason: string | null;
  screened_at: Timestamp;
}

/** The sandbox provider's own state (a real gateway keeps this on its side). */
export interface SandboxCardRegistrationsTable {
  id: string;
  user_id: number;
  return_url: string;
  status: Generated<string>;
  token: string | null;
  brand: string | null;
  last4: string | null;
  expiry: string | null;
  decline_reason: string | null;
  authenticates_charges: Generated<boolean>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface SandboxCardsTable {
  token: string;
  brand: string;
  last4: string;
  expiry: string;
  declines_charges: Generated<boolean>;
  authenticates_charges: Generated<boolean>;
  created_at: Timestamp;
}

export interface SandboxChargesTable {
  order_key: string;
  charge_id: string;
  source_kind: string;
  token: string | null;
  amount: number;
  status: string;
  decline_reason: string | null;
  refunded_amount: Generated<number>;
  return_url: Generated<string | null>;
  created_at: Timestamp;
}

/** Konbini vouchers and PayPay payments the sandbox issued (migration 0030, issue 34). */
export interface SandboxShopperPaymentsTable {
  payment_id: string;
  order_key: string;
  user_id: number;
  method: string;
  amount: number;
  status: string;
  payment_code: string | null;
  expires_at: Timestamp | null;
  return_url: string;
  refunded_amount: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Refund keys the sandbox has answered (migration 0025): one refund per key. */
export interface SandboxRefundsTable {
  refund_key: string;
  order_key: string;
  amount: number;
  created_at: Timestamp;
}

export interface SandboxScreeningsTable {
  id: Generated<number>;
  user_id: number;
  approved: boolean;
  amount: number;
  created_at: Timestamp;
}

export interface PaymentTables {
  user_cards: UserCardsTable;
  stripe_customers: StripeCustomersTable;
  stripe_events: StripeEventsTable;
  payment_method_histories: PaymentMethodHistoriesTable;
  deferred_screenings: DeferredScreeningsTable;
  sandbox_card_registrations: SandboxCardRegistrationsTable;
  sandbox_cards: SandboxCardsTable;
  sandbox_charges: SandboxChargesTable;
  sandbox_refunds: SandboxRefundsTable;
  sandbox_screenings: SandboxScreeningsTable;
  sandbox_shopper_payments: SandboxShopperPaymentsTable;
}
