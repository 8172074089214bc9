import type { CurrentUser, UserPlanAction, UserPlanChange, UserPlanCreated } from '../../shared/api/types.ts';
import type { ApiContext } from '../context.ts';
import { renderChangeMail, renderSubscribedMail, type ChangeMailKind } from '../mail/subscription-templates.ts';
import { recordMail } from '../mail/mail-log.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

/** Mails after the fact: a mail server that fails must not undo a subscription or change. */
async function sendQuietly(ctx: ApiContext, kind: string, mail: OutgoingMail, userId: number): Promise<void> {
  try {
    await ctx.mailer.send(mail);
    ctx.logger.info({ mailKind: kind, transport: ctx.mailer.kind }, 'mail sent');
    await recordMail(ctx, { kind, to: mail.to, subject: mail.subject, userId, text: mail.text });
  } catch (error) {
    ctx.logger.error({ mailKind: kind, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'mail not sent');
  }
}

async function langOf(ctx: ApiContext, userId: number): Promise<'ja' | 'en'> {
  const row = await ctx.db.selectFrom('users').select('lang').where('id', '=', userId).executeTakeFirst();
  return row?.lang === 'en' ? 'en' : 'ja';
}

const vars = (ctx: ApiContext) => ({ brand: ctx.mailer.brand, origin: ctx.publicOrigin, supportEmail: ctx.mailer.supportEmail });

export async function sendSubscribedMail(ctx: ApiContext, user: Pick<CurrentUser, 'id' | 'email'>, created: UserPlanCreated): Promise<void> {
  await sendQuietly(ctx, 'subscribed', renderSubscribedMail(await langOf(ctx, user.id), user.email, created, vars(ctx)), user.id);
}

export async function sendChangeMail(ctx: ApiContext, user: Pick<CurrentUser, 'id' | 'email'>, kind: Exclude<UserPlanAction, 'change'> | ChangeMailKind, change: UserPlanChange): Promise<void> {
  await sendQuietly(ctx, `plan-${kind}`, renderChangeMail(await langOf(ctx, user.id), user.email, kind, change, vars(ctx)), user.id);
}
