import type { ApiContext } from '../context.ts';

/** What the log keeps of a mail: its text only when it holds no code (support may open it). */
export interface MailLogEntry {
  kind: string;
  to: string;
  subject: string;
  userId?: number | null;
  /** The text as sent; leave it out for a mail that holds a code. */
  text?: string | null;
}

const BOUND = 200;
const TEXT_BOUND = 20_000;

/**
 * Records a mail handed to the mail server (issue 19: support sees what a shopper was sent). The
 * billing mails have their own outbox (billing_mails); every other mail to a shopper lands here.
 * A failure to record is logged and never fails the mail's own work.
 */
export async function recordMail(ctx: ApiContext, entry: MailLogEntry): Promise<void> {
  try {
    await ctx.db.insertInto('mail_log').values({
      user_id: entry.userId ?? null, kind: entry.kind.slice(0, 60), recipient: entry.to.slice(0, BOUND), subject: entry.subject.slice(0, BOUND), sent_at: ctx.now(),
      body_text: entry.text?.slice(0, TEXT_BOUND) ?? null,
    }).execute();
  } catch (error) {
    ctx.logger.error({ mailKind: entry.kind, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'mail not recorded');
  }
}
