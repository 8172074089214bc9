import type { BonusKind } from '../vault.ts';
import type { Text } from '../text.ts';

/** The console's view of one 特典 (GET /api/staff/bonuses?round= or ?artist=). */
export interface StaffBonus {
  id: number;
  kind: BonusKind;
  name: string;
  /** Milestone 特典: rounds in a row; null for a round's. */
  milestone: number | null;
  /** Bytes of the stored file (0 for a code list). */
  bytes: number;
  contentType: string | null;
  createdAt: string;
  /** Fans (boxes, or milestones reached) it opened for. */
  unlocked: number;
  downloads: number;
  /** Code lists: codes in the list, given, left, and fans who opened it and wait for a code. */
  codes: { total: number; given: number; left: number; shortfall: number } | null;
}

export interface StaffBonusList {
  owner: { kind: 'round'; id: number; name: string; artistName: string } | { kind: 'artist'; id: number; name: string };
  bonuses: StaffBonus[];
}

/** One item in a fan's vault. */
export interface FanBonus {
  id: number;
  kind: BonusKind;
  name: string;
  bytes: number;
  /** Codes: the fan's code, or null while the list has none left (「コードの準備中です」). */
  code?: string | null;
}

/** A box whose 特典 have opened. */
export interface VaultBox {
  historyId: number;
  artist: { name: string; slug: string };
  /** 「1月号」 */
  label: Text;
  unlockedAt: string;
  items: FanBonus[];
}

/** A box of a round with 特典 that has not opened: no item names (no spoilers). */
export interface LockedBox {
  historyId: number;
  artist: { name: string; slug: string };
  label: Text;
}

export interface VaultMilestones {
  artist: { name: string; slug: string };
  streak: number;
  reached: { rounds: number; unlockedAt: string; items: FanBonus[] }[];
  /** The next milestone staff defined, null when none is left. */
  next: number | null;
}

/** GET /api/vault: the signed-in fan's 特典. */
export interface UserVault {
  boxes: VaultBox[];
  locked: LockedBox[];
  milestones: VaultMilestones[];
}

/** POST /api/vault/items/:id/link */
export interface DownloadLink {
  url: string;
  expiresAt: string;
}

/** The console dashboard's 「解放された特典」: boxes and milestones opened this Tokyo month, and downloads ever. */
export interface VaultFigures {
  unlocksThisMonth: number;
  downloads: number;
}
