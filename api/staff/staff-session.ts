import { randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import type { StaffMember } from '../../shared/staff-roles.ts';
import type { Db } from '../db/schema.ts';
import { hashToken, isPlausibleToken } from '../session/session.service.ts';
import { toMember } from './staff-member.ts';

/**
 * Staff sessions (issue 19): their own table and cookie, shorter than shoppers'. Signed out after
 * 30 minutes without a call and 12 hours after sign-in whatever happens. The cookie is
 * SameSite=Strict: the console is never entered by a link from another site with a session.
 */
export const STAFF_COOKIE = 'oshibox_staff';
const MINUTE = 60_000;
export const STAFF_IDLE_MS = 30 * MINUTE;
export const STAFF_ABSOLUTE_MS = 12 * 60 * MINUTE;
/** The idle clock moves at most once a minute, so a page of calls writes once. */
const TOUCH_AFTER_MS = MINUTE;

function cookieOptions(adminOrigin: string): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: adminOrigin.startsWith('https:') };
}

export function staffToken(req: Request): string | undefined {
  const token: unknown = req.cookies?.[STAFF_COOKIE];
  return typeof token === 'string' ? token : undefined;
}

export function setStaffCookie(res: Response, token: string, adminOrigin: string): void {
  res.cookie(STAFF_COOKIE, token, { ...cookieOptions(adminOrigin), maxAge: STAFF_ABSOLUTE_MS });
}

export function clearStaffCookie(res: Response, adminOrigin: string): void {
  res.clearCookie(STAFF_COOKIE, cookieOptions(adminOrigin));
}

export async function startStaffSession(db: Db, staffId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('staff_sessions')
    .values({ token_hash: hashToken(token), staff_id: staffId, created_at: now, last_seen_at: now, expires_at: new Date(now.getTime() + STAFF_ABSOLUTE_MS) })
    .execute();
  return token;
}

export async function endStaffSession(db: Db, token: string | undefined): Promise<void> {
  if (!isPlausibleToken(token)) return;
  await db.deleteFrom('staff_sessions').where('token_hash', '=', hashToken(token)).execute();
}

export async function endStaffSessions(db: Db, staffId: number): Promise<void> {
  await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
}

/** The staff member of a live session (not idle, not past 12 h, not disabled), or null. */
export async function findSessionStaff(db: Db, token: string | undefined, now: Date): Promise<StaffMember | null> {
  if (!isPlausibleToken(token)) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select(['staff.id', 'staff.email', 'staff.role', 'staff_sessions.last_seen_at'])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .where('staff_sessions.expires_at', '>', now)
    .where('staff_sessions.last_seen_at', '>', new Date(now.getTime() - STAFF_IDLE_MS))
    .where('staff.disabled_at', 'is', null)
    .where('staff.enrolled_at', 'is not', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.last_seen_at.getTime() <= now.getTime() - TOUCH_AFTER_MS) {
    await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
  }
  return toMember(row);
}
