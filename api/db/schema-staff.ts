import type { ColumnType, Generated } from 'kysely';

/** Migration 0008 (issue 19): staff accounts, setup links, recovery codes, sessions, the audit trail. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb = ColumnType<unknown, string | null | undefined, string | null>;

export interface StaffTable {
  id: Generated<number>;
  email: string;
  role: string;
  password_hash: string | null;
  totp_secret: string | null;
  /** The last TOTP time step accepted: a code of that step or an earlier one is refused (replay). */
  totp_last_step: ColumnType<string | null, number | null | undefined, number | null>;
  enrolled_at: Timestamp | null;
  disabled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StaffSetupTokensTable {
  token_hash: string;
  staff_id: number;
  totp_secret: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface StaffRecoveryCodesTable {
  staff_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface StaffSessionsTable {
  token_hash: string;
  staff_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  at: Timestamp;
  staff_id: number | null;
  staff_email: Generated<string>;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: Jsonb;
  after: Jsonb;
  client_address: string | null;
  request_id: string | null;
  outcome: string;
}

/** Migration 0011: a shipment file between the console's preview and its confirm. */
export interface ShipmentImportsTable {
  id: string;
  staff_id: number;
  mode: string;
  early: Generated<boolean>;
  filename: Generated<string>;
  file: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  applied_at: Timestamp | null;
  report: Jsonb;
}

/** Migration 0010: support's notes on a customer. */
export interface SupportNotesTable {
  id: Generated<number>;
  user_id: number;
  staff_id: number;
  staff_email: string;
  body: string;
  created_at: Timestamp;
}

/** Migration 0010: the mails sent to shoppers (not the billing outbox's): never a body. */
export interface MailLogTable {
  id: ColumnType<string, never, never>;
  user_id: number | null;
  kind: string;
  recipient: string;
  subject: string;
  sent_at: Timestamp;
  /** The text as sent; null for a mail that held a code (and for mails logged before migration 0020). */
  body_text: string | null;
}

/** Migration 0009: a plan's price change, effective from a round (api/catalogue/price-change.service.ts). */
export interface PlanPriceChangesTable {
  id: Generated<number>;
  plan_id: number;
  from_round_id: number;
  price: number;
  pre_tax_price: number;
  before_price: number;
  before_pre_tax_price: number;
  staff_id: number | null;
  created_at: Timestamp;
}

export interface StaffTables {
  plan_price_changes: PlanPriceChangesTable;
  mail_log: MailLogTable;
  support_notes: SupportNotesTable;
  staff: StaffTable;
  staff_setup_tokens: StaffSetupTokensTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  shipment_imports: ShipmentImportsTable;
}
