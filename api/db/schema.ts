import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { PaymentTables } from './schema-payments.ts';
import type { ShopperTables } from './schema-shopper.ts';
import type { StaffTables } from './schema-staff.ts';
import type { VaultTables } from './schema-vault.ts';

/** Row types of the database; they never leave the services (the services map them to the shapes of shared/api/types.ts). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface ArtistsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  sub_name: Generated<string>;
  description: Generated<string>;
  icon: Generated<string>;
  cover_image: Generated<string>;
  type: string;
  attribute: Json<{ links: { type: string; url: string; label?: string }[] }>;
  copyright: Generated<string>;
  background_color: Generated<string>;
  sort: Generated<number>;
  is_close: Generated<boolean>;
  created_at: Generated<Date>;
  /** The operator's English, if any (migration 0006); null shows the Japanese marked lang="ja". */
  description_en: string | null;
  /** Migration 0028: 'draft' | 'published' | 'archived' (shared/publish-state.ts); public from `publish_at` if set. */
  publish_state: Generated<string>;
  publish_at: Timestamp | null;
}

export interface ArtistTagsTable {
  artist_id: number;
  tag: string;
}

export interface PlansTable {
  id: Generated<number>;
  artist_id: number;
  name: string;
  attention: Generated<string>;
  period: Generated<number>;
  price: number;
  pre_tax_price: number;
  sort: Generated<number>;
  display_type: Generated<string>;
  created_at: Generated<Date>;
  name_en: string | null;
  attention_en: string | null;
  /** What every box of the tier contains (shared/api/types.ts `PlanContents`); read through zod. */
  contents: ColumnType<unknown, string | null | undefined, string | null>;
  /** Migration 0028: 'draft' | 'published' | 'archived' (shared/publish-state.ts); public from `publish_at` if set. */
  publish_state: Generated<string>;
  publish_at: Timestamp | null;
}

export interface PlanOrdersTable {
  id: Generated<number>;
  plan_id: number;
  name: string;
  price: number;
  pre_tax_price: number;
  start_date: Timestamp;
  end_date: Timestamp;
  ship_date: Timestamp;
}

export interface OrderGoodsTable {
  id: Generated<number>;
  plan_order_id: number;
  name: string;
  description: Generated<string>;
  image: Generated<string>;
  sort: Generated<number>;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  image: string;
  link: Generated<string>;
  sort: Generated<number>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  subtitle: Generated<string>;
  title_en: string | null;
  subtitle_en: string | null;
  /** Migration 0028: 'draft' | 'published' | 'archived' (shared/publish-state.ts); public from `publish_at` if set. */
  publish_state: Generated<string>;
  publish_at: Timestamp | null;
}

export interface NewsTable {
  id: Generated<number>;
  title: string;
  message: string;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
  title_en: string | null;
  message_en: string | null;
  /** A site path or an https address, '' for none (checked by the database and the API). */
  link: Generated<string>;
  /** Migration 0028: 'draft' | 'published' | 'archived' (shared/publish-state.ts); public from `publish_at` if set. */
  publish_state: Generated<string>;
  publish_at: Timestamp | null;
}

export interface MediaTable {
  path: string;
  content_type: string;
  body: Uint8Array;
  updated_at: Generated<Date>;
  /** The uploaded file's own name (migration 0027); empty for older pictures. */
  name: Generated<string>;
}

/**
 * The one row that every write to a catalogue table bumps (migration 0014). int8 comes back as a
 * number from both drivers (api/db/connect.ts); the API reads it as text.
 */
export interface CatalogueVersionTable {
  id: Generated<number>;
  version: number;
  changed_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: Generated<string>;
  /** フリガナ in full-width katakana; '' when not given (migration 0021). */
  name_kana: Generated<string>;
  zip: Generated<string>;
  address: Generated<string>;
  address2: Generated<string>;
  /** A calendar day: select it with to_char(…, 'YYYY-MM-DD'), never as a Date. */
  birthday: ColumnType<Date | null, string | null | undefined, string | null>;
  gender: Generated<string>;
  tel: Generated<string>;
  payment_method: Generated<string>;
  /** The language of the user's mails: the one the sign-up code was asked for in. */
  lang: Generated<string>;
  created_at: Generated<Date>;
  deleted_at: Timestamp | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  /** The absolute expiry, fixed at sign-in. */
  expires_at: Timestamp;
  secure_until: Timestamp | null;
  /** Idle expiry slides from here. */
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MailCodesTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  code_hash: string;
  user_id: number | null;
  lang: Generated<string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  consumed_at: Timestamp | null;
}

export interface ThrottleCountersTable {
  key: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

/** Issue 8 (migration 0005): a user's subscription to a plan. */
export interface UserPlansTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  count: Generated<number>;
  status: Generated<string>;
  paused_from: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  cancelled_at: Timestamp | null;
  /** Migration 0010: a code of shared/cancel-reasons.ts; null when the shopper gave none. */
  cancel_reason: string | null;
  cancel_note: Generated<string>;
  /** Migration 0021: 'fan' (My plans) or 'staff' (the console); null for older cancellations. */
  cancel_by: string | null;
}

/** Migration 0021: an offer a fan took on the cancel page instead of cancelling. */
export interface CancelOffersTable {
  id: Generated<number>;
  user_id: number;
  user_plan_id: number;
  /** A code of shared/cancel-reasons.ts `CANCEL_OFFERS`. */
  offer: string;
  plan_id: number;
  to_plan_id: number | null;
  reason: string | null;
  note: Generated<string>;
  accepted_at: Timestamp;
}

export interface UserPlanSkipsTable {
  user_plan_id: number;
  plan_order_id: number;
  created_at: Timestamp;
}

/** What one user bought in one round: the charge, its status and the shipping snapshot. */
export interface PlanOrderHistoriesTable {
  id: Generated<number>;
  user_id: number;
  user_plan_id: number;
  plan_order_id: number;
  plan_id: number;
  payment_method: string;
  payment_status: Generated<string>;
  count: number;
  price: number;
  pre_tax_price: number;
  ship_fee: number;
  pre_tax_ship_fee: number;
  fee: Generated<number>;
  pre_tax_fee: Generated<number>;
  total: number;
  ship_number: Generated<string>;
  ship_src_name: string;
  ship_zip: string;
  ship_address: string;
  ship_address2: string;
  ship_dest_name: string;
  ship_tel: string;
  charge_key: string;
  charge_id: string | null;
  decline_reason: string | null;
  paid_at: Timestamp | null;
  superseded_by: number | null;
  refund_status: string | null;
  refunded_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 0007: 'checkout' (charged when applying or changing) or 'billing' (the run at a deadline). */
  origin: Generated<string>;
  /** The charge attempt whose order key `charge_key` is (retries of a declined billing charge). */
  attempts: Generated<number>;
  /** How often a billing worker took the row; more than one: look the key up at the provider first. */
  claims: Generated<number>;
  claimed_until: Timestamp | null;
  next_attempt_at: Timestamp | null;
  waiting_at: Timestamp | null;
  shipped_at: Timestamp | null;
  delivered_at: Timestamp | null;
  carrier: Generated<string>;
  receipt_addressee: string | null;
  receipt_issued_count: Generated<number>;
  receipt_first_issued_at: Timestamp | null;
  /** Migration 0010: a staff refund's reason, the form's idempotency key and who refunded. */
  refund_reason: string | null;
  refund_key: string | null;
  refunded_by: number | null;
  /** Migration 0013: the bank asked the shopper to authenticate this attempt's charge (3-D Secure). */
  action_required_at: Timestamp | null;
  /** Migration 0013: a card dispute on this charge: Stripe's dispute id and status. */
  dispute_id: string | null;
  dispute_status: string | null;
  /** Migration 0017: a full refund before shipment: the box stopped, or shipped all the same. */
  refund_box: string | null;
  /** Migration 0029: the parcel the box travels in (shared/parcel.ts `parcelKey`), and whether its charge carries the parcel's shipping. */
  parcel_key: string | null;
  carries_fee: Generated<boolean>;
}

/** Migration 0017: a partial refund of a round's charge (a full one stays on the order's row). */
export interface OrderRefundsTable {
  id: Generated<number>;
  history_id: number;
  amount: number;
  reason: string;
  refund_key: string;
  status: string;
  staff_id: number | null;
  created_at: Timestamp;
  refunded_at: Timestamp | null;
}

/** Migration 0007: rounds whose reminders and deadline the billing run has processed. */
export interface BillingRoundsTable {
  plan_order_id: number;
  reminded_at: Timestamp | null;
  reserved_at: Timestamp | null;
  reserved_count: Generated<number>;
}

/** Migration 0007: the billing mails' outbox (one row per mail, by a unique key). */
export interface BillingMailsTable {
  key: string;
  user_id: number;
  history_id: number | null;
  kind: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string;
  status: Generated<string>;
  tries: Generated<number>;
  claimed_until: Timestamp | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  response_status: number | null;
  response_body: ColumnType<unknown, string | null, string | null> | null;
  created_at: Timestamp;
  /** Migration 0015: the subscription this key's checkout reserved (null before the reservation). */
  user_plan_id: number | null;
}

export interface DB extends PaymentTables, ShopperTables, StaffTables, VaultTables {
  artists: ArtistsTable;
  artist_tags: ArtistTagsTable;
  plans: PlansTable;
  plan_orders: PlanOrdersTable;
  order_goods: OrderGoodsTable;
  banners: BannersTable;
  news: NewsTable;
  media: MediaTable;
  catalogue_version: CatalogueVersionTable;
  users: UsersTable;
  sessions: SessionsTable;
  mail_codes: MailCodesTable;
  throttle_counters: ThrottleCountersTable;
  user_plans: UserPlansTable;
  user_plan_skips: UserPlanSkipsTable;
  cancel_offers: CancelOffersTable;
  plan_order_histories: PlanOrderHistoriesTable;
  order_refunds: OrderRefundsTable;
  idempotency_keys: IdempotencyKeysTable;
  billing_rounds: BillingRoundsTable;
  billing_mails: BillingMailsTable;
}

/** What services take: the database or a transaction opened at the edge. */
export type Db = Kysely<DB> | Transaction<DB>;
