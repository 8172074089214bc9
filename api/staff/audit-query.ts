import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { csvLine } from '../shipping/csv-text.ts';
import type { AuditEntryView } from '../../shared/api/audit.ts';

/**
 * The owner's view of the audit trail (issue 19): newest first, filtered, a page at a time by id
 * (keyset: `before` is the previous page's `next`), and the same filter as a bounded CSV file.
 */
export interface AuditFilter {
  staffId?: number | undefined;
  /** Part of the acting member's e-mail (or of the address typed at a failed sign-in), any case. */
  staffEmail?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  outcome?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Rows older than this id (the previous page's `next`). */
  before?: number | undefined;
  limit: number;
}

export type AuditRow = AuditEntryView;

/** `%` and `_` typed in the search box are matched as themselves. */
const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAudit(db: Db, filter: AuditFilter): Promise<{ entries: AuditRow[]; next: number | null }> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(filter.limit + 1);
  if (filter.staffId !== undefined) query = query.where('staff_id', '=', filter.staffId);
  if (filter.staffEmail !== undefined) query = query.where(sql<string>`lower(staff_email)`, 'like', `%${likeEscaped(filter.staffEmail.toLowerCase())}%`);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.targetType !== undefined) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
  if (filter.outcome !== undefined) query = query.where('outcome', '=', filter.outcome);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  if (filter.before !== undefined) query = query.where('id', '<', String(filter.before));
  const rows = await query.execute();
  const entries = rows.slice(0, filter.limit).map((row) => ({
    id: Number(row.id),
    at: row.at.toISOString(),
    staffId: row.staff_id,
    staffEmail: row.staff_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before,
    after: row.after,
    clientAddress: row.client_address,
    requestId: row.request_id,
    outcome: row.outcome,
  }));
  const last = entries.at(-1);
  return { entries, next: rows.length > filter.limit && last ? last.id : null };
}

/** At most this many rows in one file; a longer span is narrowed by date. */
export const AUDIT_EXPORT_MAX = 10_000;
const EXPORT_PAGE = 500;

export const AUDIT_CSV_HEADER = ['id', 'at', 'staff_id', 'staff_email', 'action', 'target_type', 'target_id', 'outcome', 'client_address', 'request_id', 'before', 'after'] as const;

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The CSV lines of the filtered trail, newest first, read a page at a time (never the whole table at once). */
export async function* auditCsvLines(db: Db, filter: Omit<AuditFilter, 'limit' | 'before'>): AsyncGenerator<string> {
  yield csvLine(AUDIT_CSV_HEADER);
  let before: number | undefined;
  let written = 0;
  while (written < AUDIT_EXPORT_MAX) {
    const page = await listAudit(db, { ...filter, before, limit: Math.min(EXPORT_PAGE, AUDIT_EXPORT_MAX - written) });
    for (const e of page.entries) {
      yield csvLine([String(e.id), e.at, e.staffId === null ? '' : String(e.staffId), e.staffEmail, e.action, e.targetType ?? '', e.targetId ?? '', e.outcome, e.clientAddress ?? '', e.requestId ?? '', json(e.before), json(e.after)]);
    }
    written += page.entries.length;
    if (page.next === null) return;
    before = page.next;
  }
}
