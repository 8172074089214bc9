import { CARRIERS } from './carriers.ts';
import type { Text } from './text.ts';

/**
 * Why the shipments import refuses a line or a file, in Japanese with English, naming the line and
 * the column as the file names it, and what to do in the console's terms (issue 32). Shared by the
 * console's preview, `npm run ops -- shipments import` and the audit trail's counts.
 */
export interface RefusedLine {
  line: number;
  /** The header of the column at fault, as the file has it; null when the line as a whole is. */
  column: string | null;
  /** Japanese, with the line and the column. */
  reason: string;
  reasonEn: string;
}

export function refusedLine(line: number, column: string | null, text: Text): RefusedLine {
  const where = column === null ? { ja: `${line}行目`, en: `line ${line}` } : { ja: `${line}行目「${column}」列`, en: `line ${line}, column "${column}"` };
  return { line, column, reason: `${where.ja}: ${text.ja}`, reasonEn: `${where.en}: ${text.en}` };
}

const CARRIER_LIST = Object.values(CARRIERS).map((c) => c.name.ja).join('・');

/** The console's checkbox that ships before the ship date (client/admin/routes/rounds.tsx). */
export const EARLY_CHECKBOX: Text = { ja: '発送予定日より前でも発送済みにする', en: 'Ship before the planned shipping date' };

export const REFUSALS = {
  orderNumber: { ja: '注文番号は半角数字で書いてください。', en: 'the order number is digits.' },
  roundId: { ja: 'お届け回の番号は半角数字で書いてください。', en: 'the round id is digits.' },
  email: { ja: 'メールアドレスが長すぎます（200文字まで）。', en: 'the e-mail address is too long (200 characters at most).' },
  trackingFormat: { ja: '追跡番号は半角の英数字とハイフンで6〜30文字です。', en: 'a tracking number is 6–30 letters, digits or hyphens.' },
  trackingMissing: { ja: '追跡番号が空です。発送した箱の追跡番号を書いてから取り込んでください。', en: 'the tracking number is empty: write the tracking number of the box shipped, then import.' },
  carrier: (typed: string): Text => ({
    ja: `配送業者「${typed}」が分かりません。${CARRIER_LIST}（yamato, sagawa, japanpost）のいずれかを書いてください。`,
    en: `unknown carrier "${typed}": write one of Yamato, Sagawa or Japan Post (yamato, sagawa, japanpost).`,
  }),
  noBoxNamed: { ja: '注文番号（または e-mail とお届け回）がありません。', en: 'name the box by its order number (or by e-mail and round id).' },
  noSuchOrder: { ja: 'この注文番号の注文はありません（キャンセル済みの可能性があります）。', en: 'no such order (or it was cancelled).' },
  severalOrders: { ja: '複数の注文に当てはまります。注文番号で指定してください。', en: 'several orders match: use the order number.' },
  alreadyShipped: (tracking: string): Text => ({
    ja: `この注文は追跡番号 ${tracking} で発送済みです。`, en: `already shipped with tracking number ${tracking}.`,
  }),
  notPaid: (status: string): Text => ({
    ja: `この注文は支払いが済んでいないため発送できません（状態 ${status}）。`, en: `not paid (payment status ${status}): it cannot ship.`,
  }),
  early: (shipsFrom: string): Text => ({
    ja: `このお届け回の発送予定日は ${shipsFrom}（日本時間）です。今発送済みにするには「${EARLY_CHECKBOX.ja}」にチェックを入れて取り込み直してください（コマンドでは --early）。`,
    en: `the round ships from ${shipsFrom} JST: to mark it shipped now, tick "${EARLY_CHECKBOX.en}" and import again (--early on the command line).`,
  }),
  moved: (why: string): Text => ({
    ja: `読み込んだ後に注文の状態が変わったため、取り込めませんでした（${why}）。もう一度取り込んでください。`, en: `the order changed since it was read (${why}): import again.`,
  }),
  trackingDiffers: (tracking: string): Text => ({
    ja: `追跡番号が発送時の番号（${tracking || 'なし'}）と違います。`, en: `the tracking number differs from ${tracking || 'none'}.`,
  }),
  mailNotSent: { ja: '発送のお知らせメールがまだ送られていません。送られた後に取り込み直してください。', en: 'the shipped mail has not gone out yet: import again after it has.' },
  notShipped: (status: string): Text => ({
    ja: `この注文はまだ発送されていません（状態 ${status}）。`, en: `not shipped (payment status ${status}).`,
  }),
} as const;

/** Why a whole file is refused: its first line, and what to do. */
export const FILE_REFUSALS = {
  header: (missing: string, read: string): Text => ({
    ja: `1行目は列の見出しにしてください。${missing}の列が必要です（読んだ1行目:「${read}」）。出荷リストのダウンロードで書き出したファイル、または配送ソフト（B2クラウド・e飛伝・ゆうプリR）が書き出した発行済みデータを取り込んでください。`,
    en: `line 1 must be the header naming the columns; it needs ${missing} (line 1 reads "${read}"). Import the downloaded shipping list, or the issued-slips file of the carrier's software (B2 Cloud, e-Hiden, Yu-Pri R).`,
  }),
  unknownColumn: (column: string): Text => ({
    ja: `1行目「${column}」列: この見出しは分かりません。出荷リストの見出しのまま取り込んでください。`,
    en: `line 1, column "${column}": unknown header; keep the headers of the shipping list.`,
  }),
  noLine: { ja: '2行目以降に箱がありません。', en: 'the file names no box: no line after the header.' },
  tooLarge: (bytes: number): Text => ({ ja: `ファイルが大きすぎます（${bytes}バイトまで）。`, en: `the file is over ${bytes} bytes.` }),
  tooManyLines: (lines: number): Text => ({ ja: `行が多すぎます（${lines}行まで）。分けて取り込んでください。`, en: `the file has over ${lines} lines: import it in parts.` }),
  notCsv: (why: string): Text => ({ ja: `CSVとして読めません（${why}）。`, en: `not a CSV with a header line: ${why}` }),
} as const;
