import { sql } from 'kysely';
import { paymentStatusesInto } from '../../shared/payment.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

export type BillingMailKind = 'reminder' | 'charged' | 'failed' | 'shipped' | 'price' | 'bonus'
  | 'shopper_request' | 'shopper_reminder' | 'shopper_lapsed' | 'shopper_voucher' | 'shopper_accepted' | 'refund_transfer';

export interface QueuedMail {
  /** Unique per thing reported (`charged:<historyId>`): a key that exists is never mailed twice. */
  key: string;
  kind: BillingMailKind;
  userId: number;
  historyId: number | null;
  mail: OutgoingMail;
}

const MAX_TRIES = 5;
const LEASE_MS = 60_000;

/** Stores mails in the outbox, in the caller's transaction (the step they report commits with them). */
export async function enqueueMails(db: Db, mails: QueuedMail[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  await db.insertInto('billing_mails').values(mails.map((m) => ({
    key: m.key, kind: m.kind, user_id: m.userId, history_id: m.historyId, recipient: m.mail.to,
    subject: m.mail.subject, body_text: m.mail.text, body_html: m.mail.html, created_at: now,
  }))).onConflict((oc) => oc.column('key').doNothing()).execute();
}

/**
 * Sends what the outbox holds, a lease at a time, so several API instances share it and a process
 * that dies mid-send leaves the mail for the next pass (at least once; a lease shorter than
 * the mailer's deadline would send twice, so it is longer). A sent "shipped" mail moves its round
 * SHIPSTART → COMPLETEMAIL. Returns how many were sent.
 */
export async function deliverMails(ctx: ApiContext, concurrency = 16): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const batch = await claimMails(ctx.db, concurrency * 4);
    if (batch.length === 0) break;
    await forEachLimited(batch, concurrency, async (row) => {
      try {
        await ctx.mailer.send({ to: row.recipient, subject: row.subject, text: row.body_text, html: row.body_html });
        await markSent(ctx.db, row, ctx.now());
        sent += 1;
      } catch (error) {
        failed += 1;
        const tries = row.tries;
        await ctx.db.updateTable('billing_mails').set({ status: tries >= MAX_TRIES ? 'failed' : 'pending' }).where('key', '=', row.key).execute();
        ctx.logger.error({ mailKind: row.kind, tries, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'billing mail not sent');
      }
    });
    if (failed > 0) break; // the mail server is failing: leave the rest for the next tick
  }
  return { sent, failed };
}

type MailRow = { key: string; kind: string; history_id: number | null; recipient: string; subject: string; body_text: string; body_html: string; tries: number };

async function claimMails(db: Db, limit: number): Promise<MailRow[]> {
  const result = await sql<MailRow>`
    update billing_mails set tries = tries + 1, claimed_until = clock_timestamp() + ${LEASE_MS} * interval '1 millisecond'
    where key in (select key from billing_mails where status = 'pending'
      and (claimed_until is null or claimed_until < clock_timestamp()) order by created_at limit ${limit} for update skip locked)
    returning key, kind, history_id, recipient, subject, body_text, body_html, tries`.execute(db);
  return result.rows;
}

async function markSent(db: Db, row: MailRow, now: Date): Promise<void> {
  if (row.kind !== 'shipped' || row.history_id === null) {
    await db.updateTable('billing_mails').set({ status: 'sent', sent_at: now, claimed_until: null }).where('key', '=', row.key).execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('billing_mails').set({ status: 'sent', sent_at: now, claimed_until: null }).where('key', '=', row.key).execute();
    await trx.updateTable('plan_order_histories').set({ payment_status: 'COMPLETEMAIL', updated_at: now })
      .where('id', '=', row.history_id!).where('payment_status', 'in', paymentStatusesInto('COMPLETEMAIL')).execute();
  });
}

/** Runs `work` over `items` with at most `limit` at once (provider and mail calls are bounded). */
export async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
