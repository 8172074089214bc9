import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Migration 0032, the 特典 vault (issue 33). A round's 特典, or an artist's milestone 特典. */
export interface BonusesTable {
  id: Generated<number>;
  plan_order_id: number | null;
  artist_id: number | null;
  milestone: number | null;
  /** 'image' | 'audio' | 'pdf' | 'codes' */
  kind: string;
  name: string;
  content_type: string | null;
  /** The file (null for a code list); never served but through a signed download. */
  body: Uint8Array | null;
  bytes: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
}

export interface BonusUnlocksTable {
  id: Generated<number>;
  user_id: number;
  history_id: number | null;
  artist_id: number | null;
  milestone: number | null;
  unlocked_at: Timestamp;
}

export interface BonusCodesTable {
  id: Generated<number>;
  bonus_id: number;
  code: string;
  unlock_id: number | null;
  assigned_at: Timestamp | null;
}

export interface BonusDownloadsTable {
  user_id: number;
  bonus_id: number;
  count: Generated<number>;
  last_at: Timestamp;
}

export interface VaultKeysTable {
  id: number;
  secret: Uint8Array;
}

export interface VaultTables {
  bonuses: BonusesTable;
  bonus_unlocks: BonusUnlocksTable;
  bonus_codes: BonusCodesTable;
  bonus_downloads: BonusDownloadsTable;
  vault_keys: VaultKeysTable;
}
