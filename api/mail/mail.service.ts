import type { CurrentUser, MailSend, MailType } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { Lang } from '../../shared/text.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { takeHits, throttleRules } from '../throttle/throttle.service.ts';
import { findLiveUserByEmail } from '../user/user.repository.ts';
import { isMailDown, sendWithRetries } from './mail-after-reply.ts';
import { issueCode } from './mail-code.service.ts';
import { recordMail } from './mail-log.ts';
import { renderMail, type MailKind } from './mail-templates.ts';

/**
 * Sends one of the shop's mails; rejects when it is not sent. The log line names the kind only:
 * never the address's code, nor the body that holds it.
 */
export async function sendAccountMail(
  ctx: ApiContext,
  kind: MailKind,
  lang: Lang,
  to: string,
  extra: { code?: string; newEmail?: string } = {},
): Promise<void> {
  const mail = renderMail(kind, lang, to, { brand: ctx.mailer.brand, origin: ctx.publicOrigin, ...extra });
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    ctx.logger.error({ mailKind: kind, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'mail not sent');
    throw error;
  }
  ctx.logger.info({ mailKind: kind, transport: ctx.mailer.kind }, 'mail sent');
  // A code is never kept: support sees that the mail went, not what it said.
  await recordMail(ctx, { kind, to, subject: mail.subject, text: extra.code === undefined ? mail.text : null });
}

/** A notice after the fact (password changed, account deleted…): its failure must not undo the action. */
export async function sendNotice(ctx: ApiContext, kind: MailKind, lang: Lang, to: string, extra: { newEmail?: string } = {}): Promise<void> {
  await sendAccountMail(ctx, kind, lang, to, extra).catch(() => undefined);
}

/**
 * POST /api/mail/sendMail, before the reply: the same steps whatever the address (decision 0004).
 * The throttles, the session an e-mail change needs, and whether mail is going out at all: after
 * a failed send everyone is told 503 MAIL_UNAVAILABLE for a while, whether or not they have an account.
 */
export async function acceptCodeRequest(ctx: ApiContext, client: string, input: MailSend, user: CurrentUser | null): Promise<void> {
  await takeHits(
    ctx.db,
    throttleRules(ctx.throttle),
    [
      { rule: 'mailClient', value: client },
      { rule: 'mailEmail', value: input.email },
    ],
    ctx.now(),
  );
  if (input.type === 'email' && !user) throw new DomainError(401, 'UNAUTHORIZED', MESSAGES.loginAgain);
  if (isMailDown(ctx.mailer)) throw new DomainError(503, 'MAIL_UNAVAILABLE', MESSAGES.mailFailed);
}

/**
 * After the reply: looks the address up and mails it what decision 0004 says, a code only where
 * one may be used. A failed send is tried again, then logged.
 */
export async function mailCodeRequest(ctx: ApiContext, input: MailSend, lang: Lang, user: CurrentUser | null): Promise<void> {
  const owner = await findLiveUserByEmail(ctx.db, input.email);
  const { kind, codeFor } = codeMailFor(input.type, owner?.id ?? null, user?.id ?? null);
  const code = codeFor === undefined ? undefined : await issueCode(ctx.db, { email: input.email, purpose: input.type, lang, userId: codeFor }, ctx.now());
  await sendWithRetries(ctx.mailer, () => sendAccountMail(ctx, kind, lang, input.email, code === undefined ? {} : { code }));
}

/** Which mail an address gets, and for which user a code is issued (`undefined`: no code). */
function codeMailFor(type: MailType, ownerId: number | null, userId: number | null): { kind: MailKind; codeFor?: number | null } {
  switch (type) {
    case 'signup':
      return ownerId ? { kind: 'alreadyRegistered' } : { kind: 'signupCode', codeFor: null };
    case 'reminder':
      return ownerId ? { kind: 'reminderCode', codeFor: ownerId } : { kind: 'notRegistered' };
    case 'email':
      return ownerId ? { kind: 'alreadyRegistered' } : { kind: 'emailCode', codeFor: userId };
  }
}
