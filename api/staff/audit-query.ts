import type { Db } from '../db/schema.ts';

/** The owner's view of the audit trail: newest first, filtered, a page at a time by id. */
export interface AuditFilter {
  staffId?: number | undefined;
  action?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Rows older than this id (the previous page's `next`). */
  before?: number | undefined;
  limit: number;
}

export interface AuditRow {
  id: number;
  at: string;
  staffId: number | null;
  staffEmail: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  clientAddress: string | null;
  requestId: string | null;
  outcome: string;
}

export async function listAudit(db: Db, filter: AuditFilter): Promise<{ entries: AuditRow[]; next: number | null }> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(filter.limit + 1);
  if (filter.staffId !== undefined) query = query.where('staff_id', '=', filter.staffId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
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
