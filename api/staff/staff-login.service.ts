import { MESSAGES } from '../../shared/messages.ts';
import { isTotpCode } from '../../shared/staff-rules.ts';
import type { StaffMember } from '../../shared/staff-roles.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { verifyDummy, verifyPassword } from '../password/password-hash.ts';
import { giveBackHits, takeHits, throttleRules, type Subject } from '../throttle/throttle.service.ts';
import { writeAudit, type AuditActor } from './audit.service.ts';
import { toMember } from './staff-member.ts';
import { endStaffSession, startStaffSession } from './staff-session.ts';
import * as repo from './staff.repository.ts';
import { hashRecoveryCode } from './staff-setup.service.ts';
import { openSecret } from './secret-box.ts';
import { matchingStep } from './totp.ts';

type StaffRow = NonNullable<Awaited<ReturnType<typeof repo.findStaffByEmail>>>;

/**
 * Staff sign-in: e-mail, password and a second factor. Counted like shoppers' logins (same rules,
 * own counters), and one answer for an unknown address, a wrong password, a wrong or replayed code,
 * a member not yet enrolled or disabled, so nothing tells which addresses are staff. Every attempt
 * is in the audit trail.
 */
export async function staffLogin(
  ctx: ApiContext,
  client: string,
  actorOf: (staff: StaffMember | null) => AuditActor,
  input: { email: string; password: string; otp: string },
  oldToken: string | undefined,
): Promise<{ token: string; staff: StaffMember }> {
  const rules = throttleRules(ctx.throttle);
  const subjects: Subject[] = [
    { rule: 'loginClient', value: client },
    { rule: 'loginEmail', value: `staff:${input.email}` },
  ];
  await takeHits(ctx.db, rules, subjects, ctx.now());
  const row = await repo.findStaffByEmail(ctx.db, input.email);
  const passwordRight = row?.password_hash ? await verifyPassword(client, input.password, row.password_hash) : await verifyDummy(client, input.password);
  const staff = row && passwordRight && row.enrolled_at && !row.disabled_at && (await secondFactorRight(ctx, row, input.otp)) ? toMember(row) : null;
  if (!staff) {
    await writeAudit(ctx.db, actorOf(null), { action: 'staff.login', outcome: 'failure', targetType: 'staff', targetId: row?.id }, ctx.now());
    throw new DomainError(401, 'UNAUTHORIZED', MESSAGES.staffLoginFailed);
  }
  await giveBackHits(ctx.db, rules, subjects, ctx.now());
  await endStaffSession(ctx.db, oldToken);
  const token = await startStaffSession(ctx.db, staff.id, ctx.now());
  const via = isTotpCode(input.otp) ? 'totp' : 'recovery-code';
  await writeAudit(ctx.db, actorOf(staff), { action: 'staff.login', outcome: 'success', targetType: 'staff', targetId: staff.id, after: { via } }, ctx.now());
  return { token, staff };
}

/** A TOTP code of a step later than the last one used, or an unused recovery code (then used up). */
async function secondFactorRight(ctx: ApiContext, row: StaffRow, otp: string): Promise<boolean> {
  if (!row.totp_secret) return false;
  if (!isTotpCode(otp)) return repo.useRecoveryCode(ctx.db, row.id, hashRecoveryCode(otp), ctx.now());
  const step = matchingStep(openSecret(ctx, row.id, row.totp_secret), otp, ctx.now());
  return step !== null && repo.takeTotpStep(ctx.db, row.id, step);
}

