import type { StaffListEntry, StaffRole } from '../../shared/staff-roles.ts';
import type { ApiContext } from '../context.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { writeAudit, type AuditActor } from './audit.service.ts';
import { toListEntry } from './staff-member.ts';
import { endStaffSessions } from './staff-session.ts';
import * as repo from './staff.repository.ts';

const LAST_OWNER = {
  ja: '有効なオーナーが一人もいなくなる変更はできません。',
  en: 'This change would leave no active owner.',
};

export async function listMembers(ctx: ApiContext): Promise<StaffListEntry[]> {
  return (await repo.listStaff(ctx.db)).map(toListEntry);
}

/**
 * An owner changes a member's role or disables them (which ends their sessions at once). The row
 * is locked, before and after go in the audit trail in the same transaction, and the shop always
 * keeps one active owner.
 */
export async function changeMember(ctx: ApiContext, actor: AuditActor, id: number, change: { role?: StaffRole; disabled?: boolean }): Promise<StaffListEntry> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const row = await repo.findStaffById(trx, id, true);
    if (!row) throw new NotFoundError({ ja: 'スタッフ', en: 'Staff member' });
    const before = toListEntry(row);
    const role = change.role ?? before.role;
    const disabled = change.disabled ?? before.disabled;
    const stillOwner = role === 'owner' && !disabled;
    if (before.role === 'owner' && !before.disabled && !stillOwner && (await repo.countOtherActiveOwners(trx, id)) === 0) {
      throw new DomainError(409, 'CONFLICT', LAST_OWNER);
    }
    const disabledAt = disabled === before.disabled ? undefined : disabled ? now : null;
    await repo.updateStaff(trx, id, { role, ...(disabledAt === undefined ? {} : { disabled_at: disabledAt }) }, now);
    if (disabled) await endStaffSessions(trx, id);
    const after = { ...before, role, disabled };
    const pick = (e: StaffListEntry) => ({ role: e.role, disabled: e.disabled });
    await writeAudit(trx, actor, { action: 'staff.change', outcome: 'success', targetType: 'staff', targetId: id, before: pick(before), after: pick(after) }, now);
    return after;
  });
}
