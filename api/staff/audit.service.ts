import type { Request } from 'express';
import type { AuditAction } from '../../shared/audit-actions.ts';
import type { Db } from '../db/schema.ts';
import { clientAddress } from '../throttle/client-address.ts';

/**
 * The audit trail (issue 19): every staff sign-in, every change and every refusal, written in the
 * same transaction as the change. The table refuses UPDATE and DELETE (migration 0008), so a row
 * once written stays. Secrets never go in: callers pass what a reader needs, not the request body.
 */
export type AuditOutcome = 'success' | 'failure' | 'refused';

/** Who acted and from where; the request id ties the row to the request log. */
export interface AuditActor {
  staffId: number | null;
  staffEmail: string;
  clientAddress: string;
  requestId: string | null;
}

export interface AuditEntry {
  /** One of shared/audit-actions.ts: the audit page reads it as a sentence. */
  action: AuditAction;
  outcome: AuditOutcome;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
}

const EMAIL_MAX = 200;

export function actorOf(req: Request, staff: { id: number; email: string } | null, typedEmail = ''): AuditActor {
  const id: unknown = req.id;
  return {
    staffId: staff?.id ?? null,
    // A failed sign-in names the address that was typed (bounded), so the owner sees what was tried.
    staffEmail: (staff?.email ?? typedEmail).slice(0, EMAIL_MAX),
    clientAddress: clientAddress(req),
    requestId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
  };
}

export async function writeAudit(db: Db, actor: AuditActor, entry: AuditEntry, at: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at,
      staff_id: actor.staffId,
      staff_email: actor.staffEmail,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId === undefined ? null : String(entry.targetId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      client_address: actor.clientAddress,
      request_id: actor.requestId,
      outcome: entry.outcome,
    })
    .execute();
}
