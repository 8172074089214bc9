import type { CustomerNote } from '../../shared/api/customers.ts';
import type { ApiContext } from '../context.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { findCustomer } from './customer-detail.ts';

/** Support's notes on a customer (issue 19): who wrote what, when; listed newest first on the page. */
export async function addSupportNote(ctx: ApiContext, actor: AuditActor, userId: number, body: string): Promise<CustomerNote> {
  await findCustomer(ctx.db, userId);
  const staffId = actor.staffId;
  if (staffId === null) throw new Error('a note needs a signed-in member');
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const row = await trx.insertInto('support_notes').values({ user_id: userId, staff_id: staffId, staff_email: actor.staffEmail, body, created_at: now })
      .returning(['id', 'staff_email', 'body', 'created_at']).executeTakeFirstOrThrow();
    await writeAudit(trx, actor, { action: 'customer.note', outcome: 'success', targetType: 'user', targetId: userId, after: { noteId: row.id, length: body.length } }, now);
    return { id: row.id, staffEmail: row.staff_email, body: row.body, createdAt: row.created_at.toISOString() };
  });
}
