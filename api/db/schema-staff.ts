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
  staff: StaffTable;
  staff_setup_tokens: StaffSetupTokensTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
}
