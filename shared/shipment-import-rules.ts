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
export const UPLOAD_PROBLEMS = ['file', 'size', 'mode'] as const;
export type UploadProblem = (typeof UPLOAD_PROBLEMS)[number];
