import type { z } from 'zod';
import type { EmailChangeInput, PasswordChangeInput, ProfileInput, ReminderInput, SignupInput } from '../../shared/account-rules.ts';
import type { CurrentUser } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { checkCode, consumeCode } from '../mail/code-check.ts';
import { codeIncorrect } from '../mail/mail-code.service.ts';
import { deleteUserCodes } from '../mail/mail-code.repository.ts';
import { sendNotice } from '../mail/mail.service.ts';
import { hashPassword } from '../password/password-hash.ts';
import { endSession, endUserSessions, startSession } from '../session/session.service.ts';
import { cancelEveryPlan } from '../user-plan/change.service.ts';
import { updateUnshippedShipTo } from '../order-history/order-history.repository.ts';
import { findLiveUserByEmail, findLiveUserById, findShipTo, insertUser, isUniqueViolation, updateUser } from '../user/user.repository.ts';

const emailTaken = () => new DomainError(409, 'CONFLICT', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });

/** Maps a unique-index race (two sign-ups for one address at once) to the same 409. */
async function mapTaken<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/**
 * Creates the user whose mailbox the sign-up code proved, and signs them in (securitySafe).
 * The address may be named as taken here: only its owner holds the code (decision 0004).
 */
export async function signUp(ctx: ApiContext, client: string, input: z.infer<typeof SignupInput>): Promise<{ token: string; welcome: () => Promise<void> }> {
  const codeInput = { email: input.email, purpose: 'signup' as const, code: input.code };
  await checkCode(ctx, client, codeInput);
  if (await findLiveUserByEmail(ctx.db, input.email)) throw emailTaken();
  // Hash before the transaction: 16 MiB of scrypt must not hold a database connection.
  const passwordHash = await hashPassword(client, input.password);
  const { code: _code, password: _password, passwordConfirm: _confirm, agreement: _agreement, ...profile } = input;
  const { token, lang } = await mapTaken(
    ctx.db.transaction().execute(async (trx) => {
      const { lang } = await consumeCode(trx, codeInput, ctx.now());
      const { nameKana, ...rest } = profile;
      const id = await insertUser(trx, { ...rest, name_kana: nameKana ?? '', password_hash: passwordHash, lang, created_at: ctx.now() });
      return { token: await startSession(trx, id, ctx.now(), true), lang };
    }),
  );
  // Once per account: the code is used up in the transaction that made the user, so a repeated
  // post is refused before it gets here (issue 31: sign-up ends with a welcome). The caller sends
  // it after the reply: the new fan never waits on the mail server.
  return { token, welcome: () => sendNotice(ctx, 'welcome', langOf(lang), input.email) };
}

const SHIP_TO_FIELDS = ['zip', 'address', 'address2', 'name', 'tel'] as const;

/**
 * A change of the delivery details also moves the boxes not yet in the warehouse list, in the
 * same transaction (their ship-to is copied at charge time): the address page then says which
 * boxes go where (shared/delivery-notice.ts).
 */
export async function updateProfile(ctx: ApiContext, user: CurrentUser, input: z.infer<typeof ProfileInput>): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const { nameKana, ...rest } = input;
    await updateUser(trx, user.id, nameKana === undefined ? rest : { ...rest, name_kana: nameKana });
    if (!SHIP_TO_FIELDS.some((key) => input[key] !== undefined)) return;
    const shipTo = await findShipTo(trx, user.id);
    if (shipTo) await updateUnshippedShipTo(trx, user.id, shipTo, ctx.now());
  });
}

/** E-mail change: the code went to the new address and is bound to this user. The old address is told. */
export async function changeEmail(ctx: ApiContext, client: string, user: CurrentUser, input: z.infer<typeof EmailChangeInput>): Promise<void> {
  const codeInput = { email: input.email, purpose: 'email' as const, code: input.code, userId: user.id };
  await checkCode(ctx, client, codeInput);
  const owner = await findLiveUserByEmail(ctx.db, input.email);
  if (owner && owner.id !== user.id) throw emailTaken();
  const row = await findLiveUserById(ctx.db, user.id);
  await mapTaken(
    ctx.db.transaction().execute(async (trx) => {
      await consumeCode(trx, codeInput, ctx.now());
      await updateUser(trx, user.id, { email: input.email });
    }),
  );
  if (row && row.email.toLowerCase() !== input.email.toLowerCase()) {
    await sendNotice(ctx, 'emailChanged', langOf(row.lang), row.email, { newEmail: input.email });
  }
}

/** Signed in with securitySafe: new password, every session ended, a fresh one returned. */
export async function changePassword(ctx: ApiContext, client: string, user: CurrentUser, input: z.infer<typeof PasswordChangeInput>): Promise<string> {
  const passwordHash = await hashPassword(client, input.password);
  const token = await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { password_hash: passwordHash });
    await endUserSessions(trx, user.id);
    return startSession(trx, user.id, ctx.now(), true);
  });
  const row = await findLiveUserById(ctx.db, user.id);
  if (row) await sendNotice(ctx, 'passwordChanged', langOf(row.lang), row.email);
  return token;
}

/**
 * Reminder: the code mailed to the address proves its owner. Every session of the user ends
 * (whoever else was signed in is out) and the caller is signed in afresh.
 */
export async function resetPassword(ctx: ApiContext, client: string, input: z.infer<typeof ReminderInput>, oldToken: string | undefined): Promise<string> {
  const codeInput = { email: input.email, purpose: 'reminder' as const, code: input.code };
  await checkCode(ctx, client, codeInput);
  const owner = await findLiveUserByEmail(ctx.db, input.email);
  // Codes are issued only to owners; the account may have been deleted since.
  if (!owner) throw codeIncorrect();
  const passwordHash = await hashPassword(client, input.password);
  const token = await ctx.db.transaction().execute(async (trx) => {
    await consumeCode(trx, codeInput, ctx.now());
    await updateUser(trx, owner.id, { password_hash: passwordHash });
    await endUserSessions(trx, owner.id);
    await endSession(trx, oldToken);
    return startSession(trx, owner.id, ctx.now(), true);
  });
  await sendNotice(ctx, 'passwordChanged', langOf(owner.lang), owner.email);
  return token;
}

/**
 * Soft delete (orders keep their user for the records); the address is free again at once
 * because the unique index covers live users only. Every session and code of the user ends.
 */
export async function deleteAccount(ctx: ApiContext, user: CurrentUser): Promise<void> {
  const row = await findLiveUserById(ctx.db, user.id);
  // Subscriptions end first (refunds go through the provider, outside the transaction below).
  await cancelEveryPlan(ctx, user);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { deleted_at: ctx.now() });
    await endUserSessions(trx, user.id);
    await deleteUserCodes(trx, user.id);
  });
  if (row) await sendNotice(ctx, 'accountDeleted', langOf(row.lang), row.email);
}

function langOf(lang: string): 'ja' | 'en' {
  return lang === 'en' ? 'en' : 'ja';
}

/** The language the fan's mails are written in (users.lang: set at sign-up, changed in the profile). */
export async function mailLangOf(ctx: ApiContext, userId: number): Promise<'ja' | 'en'> {
  const row = await ctx.db.selectFrom('users').select('lang').where('id', '=', userId).executeTakeFirst();
  return langOf(row?.lang ?? 'ja');
}

export async function setMailLang(ctx: ApiContext, userId: number, lang: 'ja' | 'en'): Promise<void> {
  await ctx.db.updateTable('users').set({ lang }).where('id', '=', userId).execute();
}
