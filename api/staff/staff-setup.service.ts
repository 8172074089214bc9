import { createHash, randomBytes } from 'node:crypto';
import type { StaffInvite, StaffRole } from '../../shared/staff-roles.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { hashPassword } from '../password/password-hash.ts';
import { hashToken, isPlausibleToken } from '../session/session.service.ts';
import { writeAudit, type AuditActor } from './audit.service.ts';
import { toListEntry } from './staff-member.ts';
import * as repo from './staff.repository.ts';
import { openSecret, secretBoxOf } from './secret-box.ts';
import { matchingStep, newTotpSecret, otpauthUri, qrSvg } from './totp.ts';

/**
 * Adding staff and their one-time setup (issue 19): a link valid 24 h, used once, on which the
 * member chooses a password and enrols TOTP, and receives recovery codes shown only then.
 */
export const SETUP_LINK_MS = 24 * 60 * 60_000;
const RECOVERY_CODES = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const SETUP_NOT_FOUND = { ja: 'セットアップ用リンク（無効・期限切れ・使用済み）', en: 'Setup link (invalid, expired or already used)' };
const ALREADY_ENROLLED = {
  ja: 'このメールアドレスのスタッフはすでに登録済みです。',
  en: 'A staff member with this email has already set up their account.',
};

/** Recovery codes are hashed like tokens: 50 random bits each, used once, and only offline guessing would need more. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace('-', '')).digest('base64url');
}

function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => BASE32[byte % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Adds a member (or gives a member who never finished setup a new link) in one transaction; an
 * enrolled one is a 409, and so is the loser of two simultaneous adds of one address.
 */
export async function inviteStaff(ctx: ApiContext, actor: AuditActor, input: { email: string; role: StaffRole }): Promise<StaffInvite> {
  try {
    return await ctx.db.transaction().execute((trx) => invite(ctx, trx, actor, input));
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(409, 'CONFLICT', ALREADY_ADDED, { email: ALREADY_ADDED });
    throw error;
  }
}

const ALREADY_ADDED = { ja: 'このメールアドレスのスタッフは追加されたばかりです。', en: 'A staff member with this email was just added.' };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

async function invite(ctx: ApiContext, trx: Db, actor: AuditActor, input: { email: string; role: StaffRole }): Promise<StaffInvite> {
  const now = ctx.now();
  const existing = await repo.findStaffByEmail(trx, input.email);
  if (existing?.enrolled_at) throw new DomainError(409, 'CONFLICT', ALREADY_ENROLLED, { email: ALREADY_ENROLLED });
  const id = existing?.id ?? (await repo.insertStaff(trx, input.email, input.role, now));
  if (existing) await repo.updateStaff(trx, id, { role: input.role }, now);
  const { token, expiresAt } = await newSetupLink(ctx, trx, id, now);
  const row = await repo.findStaffById(trx, id);
  if (!row) throw new Error('staff row vanished inside its own transaction');
  const member = toListEntry(row);
  await writeAudit(trx, actor, { action: 'staff.add', outcome: 'success', targetType: 'staff', targetId: id, after: { email: member.email, role: member.role } }, now);
  return { member, setupUrl: setupUrlOf(ctx, token), expiresAt: expiresAt.toISOString() };
}

const NOT_A_MEMBER = { ja: 'スタッフ', en: 'Staff member' };
const RESET_SELF = {
  ja: '自分の二段階認証はここではリセットできません。別のオーナーに依頼してください。',
  en: 'You cannot reset your own second factor here; ask another owner.',
};
const RESET_DISABLED = { ja: '無効にしたスタッフの二段階認証はリセットできません。先に有効にしてください。', en: 'Enable the member before resetting their second factor.' };

/**
 * A member lost their authenticator app (docs/decisions/0034-lost-second-factor.md): the owner
 * drops their TOTP secret, recovery codes, password and live sessions in one transaction and gets a
 * new one-time setup link, on which the member chooses a password and enrols again.
 */
export async function resetSecondFactor(ctx: ApiContext, actor: AuditActor, id: number): Promise<StaffInvite> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const row = await repo.findStaffById(trx, id, true);
    if (!row) throw new NotFoundError(NOT_A_MEMBER);
    if (row.id === actor.staffId) throw new DomainError(409, 'CONFLICT', RESET_SELF);
    if (row.disabled_at) throw new DomainError(409, 'CONFLICT', RESET_DISABLED);
    const before = toListEntry(row);
    await repo.dropCredentials(trx, id, now);
    const { token, expiresAt } = await newSetupLink(ctx, trx, id, now);
    const after = await repo.findStaffById(trx, id);
    if (!after) throw new Error('staff row vanished inside its own transaction');
    const member = toListEntry(after);
    await writeAudit(trx, actor, { action: 'staff.reset-second-factor', outcome: 'success', targetType: 'staff', targetId: id, before: { enrolled: before.enrolled }, after: { enrolled: false } }, now);
    return { member, setupUrl: setupUrlOf(ctx, token), expiresAt: expiresAt.toISOString() };
  });
}

/** The operator's reset (`npm run ops -- staff reset <email>`): the member named by e-mail. */
export async function resetSecondFactorOf(ctx: ApiContext, actor: AuditActor, email: string): Promise<StaffInvite> {
  const row = await repo.findStaffByEmail(ctx.db, email);
  if (!row) throw new NotFoundError(NOT_A_MEMBER);
  return resetSecondFactor(ctx, actor, row.id);
}

/** The new secret is sealed from the start (api/staff/secret-box.ts): the link's row never holds it plain. */
async function newSetupLink(ctx: ApiContext, trx: Db, staffId: number, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SETUP_LINK_MS);
  const secret = secretBoxOf(ctx).seal(staffId, newTotpSecret());
  await repo.insertSetupToken(trx, { tokenHash: hashToken(token), staffId, secret, now, expiresAt });
  return { token, expiresAt };
}

const setupUrlOf = (ctx: ApiContext, token: string) => `${ctx.adminOrigin ?? ctx.publicOrigin}/setup/${token}`;

async function liveSetup(db: Db, token: string, now: Date, lock = false) {
  const setup = isPlausibleToken(token) ? await repo.findLiveSetup(db, hashToken(token), now, lock) : undefined;
  if (!setup) throw new NotFoundError(SETUP_NOT_FOUND);
  return setup;
}

export async function describeSetup(ctx: ApiContext, token: string) {
  const setup = await liveSetup(ctx.db, token, ctx.now());
  const uri = otpauthUri(openSecret(ctx, setup.id, setup.totp_secret), setup.email);
  return { email: setup.email, role: setup.role, otpauthUri: uri, qrSvg: await qrSvg(uri) };
}

/** The wrong code is a 400 on the `otp` field: the member retries with the app's next code. */
const OTP_WRONG = { ja: '確認コードが正しくありません。認証アプリの最新のコードを入力してください。', en: 'The verification code is wrong. Enter the latest code from your authenticator app.' };

/** Enrols in one transaction: the link is locked, so two posts of it cannot both enrol. */
export async function completeSetup(ctx: ApiContext, client: string, actorOf: (s: { id: number; email: string }) => AuditActor, token: string, input: { password: string; otp: string }): Promise<string[]> {
  const passwordHash = await hashPassword(client, input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const setup = await liveSetup(trx, token, now, true);
    const step = matchingStep(openSecret(ctx, setup.id, setup.totp_secret), input.otp, now);
    if (step === null) throw new DomainError(400, 'BAD_REQUEST', OTP_WRONG, { otp: OTP_WRONG });
    await repo.saveEnrolment(trx, setup.id, { passwordHash, secret: setup.totp_secret, step }, now);
    await repo.useSetupToken(trx, setup.token_hash, now);
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await repo.replaceRecoveryCodes(trx, setup.id, codes.map(hashRecoveryCode), now);
    await writeAudit(trx, actorOf(setup), { action: 'staff.setup', outcome: 'success', targetType: 'staff', targetId: setup.id }, now);
    return codes;
  });
}
