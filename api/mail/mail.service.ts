import type { CurrentUser, MailSend } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { Lang } from '../../shared/text.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { takeHits, throttleRules } from '../throttle/throttle.service.ts';
import { findLiveUserByEmail } from '../user/user.repository.ts';
import { issueCode } from './mail-code.service.ts';
import { renderMail, type MailKind } from './mail-templates.ts';

/**
 * Sends one of the shop's mails. The log line names the kind only: never the address's code,
 * nor the body that holds it.
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
    throw new DomainError(503, 'MAIL_UNAVAILABLE', MESSAGES.mailFailed);
  }
  ctx.logger.info({ mailKind: kind, transport: ctx.mailer.kind }, 'mail sent');
}

/** A notice after the fact (password changed, account deleted…): its failure must not undo the action. */
export async function sendNotice(ctx: ApiContext, kind: MailKind, lang: Lang, to: string, extra: { newEmail?: string } = {}): Promise<void> {
  await sendAccountMail(ctx, kind, lang, to, extra).catch(() => undefined);
}

/**
 * POST /api/mail/sendMail. The reply is the same whether the address has an account or not
 * (docs/decisions/0004-account-enumeration.md): what differs is only the mail that address gets.
 */
export async function requestCode(ctx: ApiContext, client: string, input: MailSend, lang: Lang, user: CurrentUser | null): Promise<void> {
  await takeHits(
    ctx.db,
    throttleRules(ctx.throttle),
    [
      { rule: 'mailClient', value: client },
      { rule: 'mailEmail', value: input.email },
    ],
    ctx.now(),
  );
  const owner = await findLiveUserByEmail(ctx.db, input.email);
  const send = async (userId: number | null, kind: MailKind) => {
    const code = await issueCode(ctx.db, { email: input.email, purpose: input.type, lang, userId }, ctx.now());
    await sendAccountMail(ctx, kind, lang, input.email, { code });
  };
  switch (input.type) {
    case 'signup':
      return owner ? sendAccountMail(ctx, 'alreadyRegistered', lang, input.email) : send(null, 'signupCode');
    case 'reminder':
      return owner ? send(owner.id, 'reminderCode') : sendAccountMail(ctx, 'notRegistered', lang, input.email);
    case 'email':
      if (!user) throw new DomainError(401, 'UNAUTHORIZED', MESSAGES.loginAgain);
      return owner ? sendAccountMail(ctx, 'alreadyRegistered', lang, input.email) : send(user.id, 'emailCode');
  }
}
