import type { PaymentStatus } from './payment.ts';
import { PAID_STATUSES } from './receipt.ts';
import type { Text } from './text.ts';

/**
 * The 特典 vault (issue 33, docs/decisions/0090-tokuten-vault.md): digital bonuses staff attach to
 * a round (or to an artist's milestone), which open for a fan when that fan's box arrives. The
 * rules, bounds and words live here once; the API and both tiers read them.
 */

/** VAULT_UNLOCK_DAYS_AFTER_SHIP: how long after shipping (or the ship date) a box with no delivery record opens. */
export const VAULT_UNLOCK_DAYS = { min: 1, max: 60, fallback: 7 } as const;
export const BONUS_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Files and code lists together, per round or per milestone of an artist. */
export const BONUSES_PER_OWNER_MAX = 10;
export const BONUS_CODES_MAX = 5000;
export const BONUS_CODE_MAX_LENGTH = 64;
export const BONUS_NAME_MAX = 100;
/** Pictures are re-encoded no larger than this on either side. */
export const BONUS_IMAGE_MAX_SIDE = 2400;
export const BONUS_IMAGE_MAX_PIXELS = 60_000_000;
export const MILESTONE_MAX = 240;
/** My page's overview says 特典 are ready for this long after they open. */
export const VAULT_RECENT_DAYS = 30;
/** A download link's life. */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

export const BONUS_KINDS = ['image', 'audio', 'pdf', 'codes'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];
export type BonusFileKind = Exclude<BonusKind, 'codes'>;

const DAY_MS = 86_400_000;

/** A fan's box as the unlock rule reads it. */
export interface VaultBox {
  paymentStatus: PaymentStatus;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  roundShipDate: Date;
  /** A refund asked or made (whole or part). */
  refunded: boolean;
}

/**
 * When the box's 特典 open: at delivery; else `unlockDays` after it shipped, or after the round's
 * ship date when no shipment record came either. A box never paid, or refunded before it left,
 * opens nothing (null).
 */
export function boxUnlockAt(box: VaultBox, unlockDays: number): Date | null {
  if (!PAID_STATUSES.includes(box.paymentStatus)) return null;
  if (box.refunded && box.shippedAt === null) return null;
  if (box.deliveredAt) return box.deliveredAt;
  const from = box.shippedAt ?? box.roundShipDate;
  return new Date(from.getTime() + unlockDays * DAY_MS);
}

export function boxIsUnlocked(box: VaultBox, unlockDays: number, now: Date): boolean {
  const at = boxUnlockAt(box, unlockDays);
  return at !== null && at.getTime() <= now.getTime();
}

/** The milestones (rounds in a row) a streak has reached, and the next one, from those staff defined. */
export function milestonesOf(streakRounds: number, defined: readonly number[]): { reached: number[]; next: number | null } {
  const sorted = [...new Set(defined)].sort((a, b) => a - b);
  return { reached: sorted.filter((n) => n <= streakRounds), next: sorted.find((n) => n > streakRounds) ?? null };
}

/** What a file is by its first bytes, whatever its name or the request's header claimed. */
export interface SniffedType {
  kind: BonusFileKind;
  contentType: string;
  extension: string;
}

const startsWith = (bytes: Uint8Array, at: number, ascii: string) =>
  [...ascii].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

/** Magic bytes of the accepted files: PNG, JPEG, WebP, PDF, MP3, M4A, WAV, OGG, FLAC. */
export function sniffBonusFile(bytes: Uint8Array): SniffedType | null {
  if (bytes[0] === 0x89 && startsWith(bytes, 1, 'PNG\r\n')) return { kind: 'image', contentType: 'image/png', extension: 'png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return { kind: 'image', contentType: 'image/webp', extension: 'webp' };
  if (startsWith(bytes, 0, '%PDF-')) return { kind: 'pdf', contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, 0, 'ID3') || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0)) {
    return { kind: 'audio', contentType: 'audio/mpeg', extension: 'mp3' };
  }
  if (startsWith(bytes, 4, 'ftypM4A')) return { kind: 'audio', contentType: 'audio/mp4', extension: 'm4a' };
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WAVE')) return { kind: 'audio', contentType: 'audio/wav', extension: 'wav' };
  if (startsWith(bytes, 0, 'OggS')) return { kind: 'audio', contentType: 'audio/ogg', extension: 'ogg' };
  if (startsWith(bytes, 0, 'fLaC')) return { kind: 'audio', contentType: 'audio/flac', extension: 'flac' };
  return null;
}

/** A pasted code list: one code a line, blank lines ignored; each code once, printable, bounded. */
export function parseCodeList(text: string): { codes: string[] } | { error: Text } {
  const codes = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0);
  if (codes.length === 0) return { error: VAULT_MESSAGES.noCodes };
  if (codes.length > BONUS_CODES_MAX) return { error: VAULT_MESSAGES.tooManyCodes };
  const bad = codes.find((code) => code.length > BONUS_CODE_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(code));
  if (bad !== undefined) return { error: { ja: `使えない文字か長すぎるコードがあります: ${bad.slice(0, 20)}`, en: `A code has characters that cannot be used or is too long: ${bad.slice(0, 20)}` } };
  const seen = new Set<string>();
  const twice = codes.find((code) => (seen.has(code) ? true : (seen.add(code), false)));
  if (twice !== undefined) return { error: { ja: `同じコードが2回あります: ${twice}`, en: `A code appears twice: ${twice}` } };
  return { codes };
}

const MB = BONUS_FILE_MAX_BYTES / 1024 / 1024;

export const VAULT_MESSAGES = {
  missingFile: { ja: 'ファイルを選んでください。', en: 'Choose a file.' },
  tooLarge: { ja: `ファイルは${MB}MB以下にしてください。`, en: `The file must be at most ${MB} MB.` },
  badType: { ja: 'ファイルは画像（PNG・JPEG・WebP）、音声（MP3・M4A・WAV・OGG・FLAC）、PDFにしてください。', en: 'The file must be a picture (PNG, JPEG, WebP), audio (MP3, M4A, WAV, OGG, FLAC) or a PDF.' },
  badName: { ja: `名前は1〜${BONUS_NAME_MAX}文字で入力してください。`, en: `Give a name of 1 to ${BONUS_NAME_MAX} characters.` },
  noCodes: { ja: 'コードを1行に1つ入力してください。', en: 'Enter one code a line.' },
  tooManyCodes: { ja: `コードは${BONUS_CODES_MAX}件までです。`, en: `At most ${BONUS_CODES_MAX} codes.` },
  tooManyItems: { ja: `特典は1つの回（継続特典は1つの回数）に${BONUSES_PER_OWNER_MAX}件までです。`, en: `At most ${BONUSES_PER_OWNER_MAX} bonuses per round (or per milestone).` },
  badMilestone: { ja: `継続回数は1〜${MILESTONE_MAX}で入力してください。`, en: `The milestone must be 1 to ${MILESTONE_MAX} rounds.` },
  unlocked: { ja: 'この特典はすでにファンに届いているため削除できません。', en: 'This bonus has already reached fans: it cannot be deleted.' },
  codesPending: { ja: 'コードの準備中です', en: 'Your code is being prepared' },
  locked: { ja: 'お届け後に開きます', en: 'Opens when your box arrives' },
  linkExpired: { ja: 'ダウンロードのリンクの期限が切れました。特典のページからもう一度ダウンロードしてください。', en: 'This download link has expired. Download again from your bonus page.' },
  linkRefused: { ja: 'このダウンロードのリンクは使えません。特典のページからダウンロードしてください。', en: 'This download link cannot be used. Download from your bonus page.' },
} as const satisfies Record<string, Text>;

/** The words of the kinds, in the console and on my page. */
export const BONUS_KIND_LABELS: Record<BonusKind, Text> = {
  image: { ja: '画像', en: 'Picture' },
  audio: { ja: '音声', en: 'Audio' },
  pdf: { ja: 'PDF', en: 'PDF' },
  codes: { ja: 'シリアルコード', en: 'Serial code' },
};

/** 「継続6回の特典が届きました」 */
export function milestoneText(rounds: number): Text {
  return { ja: `継続${rounds}回の特典`, en: `Bonus for ${rounds} boxes in a row` };
}

/** 「1.2 MB」「340 KB」: a file's size as the console and my page show it. */
export function bonusSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
