import type { Request, RequestHandler, Response } from 'express';
import { can, type Permission, type StaffMember } from '../../shared/staff-roles.ts';
import type { ApiContext } from '../context.ts';
import { DomainError, ForbiddenError } from '../http/errors.ts';
import { actorOf, writeAudit } from './audit.service.ts';
import { findSessionStaff, staffToken } from './staff-session.ts';

const STAFF_LOGIN_AGAIN = { ja: 'スタッフとして再度ログインしてください。', en: 'Please sign in to the console again.' };
const ROLE_REFUSED = { ja: 'この操作を行う権限がありません。', en: 'Your role does not allow this.' };

/** The signed-in staff member of a live session, or 401. */
export async function requireStaffMember(ctx: ApiContext, req: Request): Promise<StaffMember> {
  const staff = await findSessionStaff(ctx.db, staffToken(req), ctx.now());
  if (!staff) throw new DomainError(401, 'UNAUTHORIZED', STAFF_LOGIN_AGAIN);
  return staff;
}

/**
 * Guards every staff endpoint after sign-in: 401 without a live session, 403 for a role without
 * the permission (shared/staff-roles.ts), and the refusal goes in the audit trail. The member is
 * then read with `staffOf(res)`.
 */
export function requireStaff(ctx: ApiContext, permission: Permission): RequestHandler {
  return async (req, res, next) => {
    const staff = await requireStaffMember(ctx, req);
    if (!can(staff.role, permission)) {
      const entry = { action: 'access.refused' as const, outcome: 'refused' as const, targetType: 'endpoint', targetId: `${req.method} ${req.baseUrl}${req.path}`.slice(0, 200), after: { permission } };
      await writeAudit(ctx.db, actorOf(req, staff), entry, ctx.now());
      throw new ForbiddenError(ROLE_REFUSED);
    }
    res.locals.staff = staff;
    next();
  };
}

export function staffOf(res: Response): StaffMember {
  const staff: unknown = res.locals.staff;
  if (typeof staff !== 'object' || staff === null || !('role' in staff)) throw new Error('requireStaff did not run before this handler');
  return staff as StaffMember;
}
