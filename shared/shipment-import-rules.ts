import type { Text } from './text.ts';
import * as z from 'zod/mini';

/**
 * The console's Rounds & shipping area (issue 19): its page sizes, and the upload of a shipped or
 * delivered file (the same file `npm run ops -- shipments import|delivered` takes), shared by the
 * console's pages and the staff API.
 */
export const ROUNDS_PAGE_SIZE = 20;
export const ROUND_BOXES_PAGE_SIZE = 50;
/** Pages beyond this are refused: a list this deep is read by export, not by paging. */
export const MAX_PAGE = 1000;
/** The import's own bound on a file (api/billing/shipments.ts reads the same). */
export const SHIPMENT_FILE_MAX_BYTES = 2_000_000;
/** A multipart body: the file and two short fields, with their part headers. */
export const SHIPMENT_UPLOAD_MAX_BYTES = SHIPMENT_FILE_MAX_BYTES + 16 * 1024;
/** How long a staged file waits for its confirm. */
export const STAGED_IMPORT_TTL_MS = 60 * 60_000;

export const SHIPMENT_IMPORT_MODES = ['shipped', 'delivered'] as const;
export type ShipmentImportMode = (typeof SHIPMENT_IMPORT_MODES)[number];

export const PageQuery = z.strictObject({ page: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,3}$/))) });

export function pageOf(page: string | undefined): number {
  return Math.min(Number(page ?? '1'), MAX_PAGE);
}

/** The form's fields beside the file: which import, and whether to ship before the round's ship date. */
export const ShipmentUploadFields = z.strictObject({
  mode: z.enum(SHIPMENT_IMPORT_MODES),
  early: z.optional(z.literal('on')),
});

/** A staged import's id: 32 base64url characters of randomness. */
export const StagedImportId = z.string().check(z.regex(/^[A-Za-z0-9_-]{32}$/));
export const StagedImportParams = z.strictObject({ id: StagedImportId });

/** The preview page's one form: confirm applies the staged file. */
export const ConfirmImportInput = z.strictObject({ intent: z.literal('confirm') });

/** Why an upload was not staged, as the rounds page names it after a form post without JavaScript. */
export const UPLOAD_PROBLEMS = ['file', 'text', 'size', 'mode'] as const;
export type UploadProblem = (typeof UPLOAD_PROBLEMS)[number];

/** What each problem says, in the API's 400 and on the rounds page after a form post without JavaScript. */
export const UPLOAD_PROBLEM_TEXT: Record<UploadProblem, Text> = {
  file: { ja: 'CSVファイルを選んでください。', en: 'Choose a CSV file.' },
  // A NUL or another control code: an .xlsx, a picture, a PDF (issue 29: PostgreSQL refuses NUL in text).
  text: {
    ja: 'CSVファイルとして読めません（文字ではないデータを含んでいます）。Excelなら「CSV UTF-8（コンマ区切り）」で保存し直してください。',
    en: 'This file cannot be read as CSV (it holds data that is not text). In Excel, save it again as "CSV UTF-8 (Comma delimited)".',
  },
  size: { ja: `ファイルが大きすぎます（${SHIPMENT_FILE_MAX_BYTES / 1_000_000} MB まで）。`, en: `The file is too large (at most ${SHIPMENT_FILE_MAX_BYTES / 1_000_000} MB).` },
  mode: { ja: '取り込みの種類（発送・配達完了）を選んでください。', en: 'Choose what the file records: shipped or delivered.' },
};
