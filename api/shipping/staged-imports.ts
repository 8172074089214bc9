import { randomBytes } from 'node:crypto';
import type { StagedImport } from '../../shared/api/rounds.ts';
import { STAGED_IMPORT_TTL_MS, type ShipmentImportMode } from '../../shared/shipment-import-rules.ts';
import type { StaffMember } from '../../shared/staff-roles.ts';
import { importShipments, previewShipments, ShipmentFileError, type ShipmentReport } from '../billing/shipments.ts';
import type { ApiContext } from '../context.ts';
import { NotFoundError } from '../http/errors.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { countStatuses } from './rounds.repository.ts';

/**
 * A shipped or delivered file uploaded in the console (issue 19): staged under a random id until
 * its member confirms, so the file that was previewed is the file that applies
 * (docs/decisions/0031-console-shipment-imports.md). The preview is read again each time it is
 * shown; the confirm applies with `importShipments` (the same code as `npm run ops`), once.
 */
const STAGED = { ja: '取り込み（期限切れの可能性があります）', en: 'Import (it may have expired)' };

interface StagedRow {
  id: string;
  mode: string;
  early: boolean;
  filename: string;
  file: string;
  created_at: Date;
  expires_at: Date;
  applied_at: Date | null;
  report: unknown;
}

export async function stageImport(ctx: ApiContext, staff: StaffMember, input: { mode: ShipmentImportMode; early: boolean; filename: string; file: string }): Promise<string> {
  const now = ctx.now();
  const id = randomBytes(24).toString('base64url');
  // Expired files are cleared as new ones come: nothing is kept longer than it waits for a confirm.
  await ctx.db.deleteFrom('shipment_imports').where('expires_at', '<', now).execute();
  await ctx.db.insertInto('shipment_imports').values({
    id, staff_id: staff.id, mode: input.mode, early: input.early, filename: input.filename, file: input.file,
    created_at: now, expires_at: new Date(now.getTime() + STAGED_IMPORT_TTL_MS),
  }).execute();
  return id;
}

async function findStaged(ctx: ApiContext, id: string): Promise<StagedRow> {
  const row = await ctx.db.selectFrom('shipment_imports').select(['id', 'mode', 'early', 'filename', 'file', 'created_at', 'expires_at', 'applied_at', 'report'])
    .where('id', '=', id).executeTakeFirst();
  // An applied import stays readable (its report) until it expires like any other.
  if (!row || row.expires_at <= ctx.now()) throw new NotFoundError(STAGED);
  return row;
}

const modeOf = (row: StagedRow): ShipmentImportMode => (row.mode === 'delivered' ? 'delivered' : 'shipped');

function viewOf(row: StagedRow): Omit<StagedImport, 'fileError' | 'preview'> {
  return {
    id: row.id, mode: modeOf(row), early: row.early, filename: row.filename, createdAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString(),
    appliedAt: row.applied_at?.toISOString() ?? null, report: (row.report ?? null) as ShipmentReport | null,
  };
}

/** The staged file and what confirming it would change now (nothing is changed here). */
export async function describeStaged(ctx: ApiContext, id: string): Promise<StagedImport> {
  const row = await findStaged(ctx, id);
  if (row.applied_at) return { ...viewOf(row), fileError: null, preview: null };
  try {
    return { ...viewOf(row), fileError: null, preview: await previewShipments(ctx, row.file, modeOf(row), { early: row.early }) };
  } catch (error) {
    if (error instanceof ShipmentFileError) return { ...viewOf(row), fileError: error.text, preview: null };
    throw error;
  }
}

/**
 * Applies the staged file once. A second confirm (or one racing the first) finds `applied_at` set
 * and changes nothing; the lines themselves are idempotent too (each move is guarded by the status
 * it moves from), so a confirm cut short and sent again finishes the file without doubling anything.
 */
export async function confirmStaged(ctx: ApiContext, actor: AuditActor, id: string): Promise<{ import: StagedImport; alreadyConfirmed: boolean }> {
  const row = await findStaged(ctx, id);
  if (row.applied_at) return { import: { ...viewOf(row), fileError: null, preview: null }, alreadyConfirmed: true };
  const mode = modeOf(row);
  let preview;
  try {
    preview = await previewShipments(ctx, row.file, mode, { early: row.early });
  } catch (error) {
    if (error instanceof ShipmentFileError) return { import: { ...viewOf(row), fileError: error.text, preview: null }, alreadyConfirmed: false };
    throw error;
  }
  const ids = preview.changes.flatMap((c) => [c.orderHistoryId, ...(c.parcelBoxIds ?? [])]);
  const before = await countStatuses(ctx.db, ids);
  const report = await importShipments(ctx, row.file, mode, { early: row.early });
  const after = await countStatuses(ctx.db, ids);
  const now = ctx.now();
  const won = await ctx.db.transaction().execute(async (trx) => {
    const marked = await trx.updateTable('shipment_imports').set({ applied_at: now, report: JSON.stringify(report) })
      .where('id', '=', id).where('applied_at', 'is', null).returning('id').executeTakeFirst();
    if (!marked) return false;
    await writeAudit(trx, actor, {
      action: `shipments.${mode}`, outcome: 'success', targetType: 'shipment_import', targetId: id,
      before: { statuses: before },
      after: { statuses: after, filename: row.filename, lines: report.lines, applied: report.applied, alreadyApplied: report.alreadyApplied, refused: report.refused.length },
    }, now);
    return true;
  });
  const applied = await findStaged(ctx, id);
  return { import: { ...viewOf(applied), fileError: null, preview: null }, alreadyConfirmed: !won };
}
