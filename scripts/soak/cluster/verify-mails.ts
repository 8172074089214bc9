import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../api/db/schema.ts';
import type { ReceivedMail } from '../../../test/support/mailbox.ts';
import { SIGNUP_SUBJECT } from './buyer-signup.ts';
import type { BuyerReport } from './buyers.ts';
import { idsLine, type Checked } from './verify-billing.ts';
import type { Window } from './verify.ts';

/**
 * A mail the killed copy sent and did not mark sent reached the mailbox before the kill: how long
 * before the window's start its first copy may have arrived (the send and the mark are
 * milliseconds apart; the mailbox stamps a mail once parsed).
 */
const SENT_BEFORE_KILL_MS = 5_000;

const keyOf = (recipient: string, subject: string) => `${recipient.toLowerCase()}\n${subject}`;

/**
 * Mails: one outbox row per fact (the charged mail of every billed row, all sent by the end);
 * of the mails received, each billing fact's (recipient, subject) at most as often as the outbox
 * holds it, beyond that only the documented at-least-once case (docs/decisions/0013-billing.md
 * "Mails through an outbox": the first copy arrived as an API copy was killed); sign-up codes at
 * most one mail per request, each code different.
 */
export async function verifyMails(db: Kysely<DB>, roundId: number, mails: ReceivedMail[], windows: Window[], buyers: BuyerReport): Promise<Checked> {
  const missing = await sql<{ id: number }>`
    select h.id from plan_order_histories h where h.plan_order_id = ${roundId} and h.origin = 'billing' and h.payment_status = 'SUCCESS'
    and not exists (select 1 from billing_mails m where m.key = 'charged:' || h.id)`.execute(db);
  const outbox = await db.selectFrom('billing_mails').select(['key', 'recipient', 'subject', 'status']).execute();
  const unsent = outbox.filter((m) => m.status !== 'sent').map((m) => `${m.key} (${m.status})`);
  const duplicates = repeatedMails(outbox, mails, windows);
  const codes = codeMailProblems(mails, buyers);
  const problems = [
    idsLine('billed rows of the round without their charged mail in the outbox', missing.rows.map((r) => r.id)),
    idsLine('outbox mails not sent by the end', unsent),
    idsLine('billing mails received more often than their facts, outside any API kill', duplicates.outside),
    ...codes.problems,
  ].filter((line) => !line.startsWith('0 '));
  return {
    problems,
    facts: {
      mailsReceived: mails.length, outboxRows: outbox.length, outboxSent: outbox.length - unsent.length,
      mailRepeatsAtLeastOnce: duplicates.allowed.length, mailRepeatsOutsideKills: duplicates.outside.length, signupCodeMails: codes.count,
    },
  };
}

/** Copies past the outbox's count per (recipient, subject), split by whether the first arrived at a kill. */
function repeatedMails(outbox: { recipient: string; subject: string }[], mails: ReceivedMail[], windows: Window[]) {
  const facts = new Map<string, number>();
  for (const m of outbox) facts.set(keyOf(m.recipient, m.subject), (facts.get(keyOf(m.recipient, m.subject)) ?? 0) + 1);
  const received = new Map<string, ReceivedMail[]>();
  for (const mail of mails) {
    for (const to of mail.to) {
      const key = keyOf(to, mail.subject);
      if (facts.has(key)) received.set(key, [...(received.get(key) ?? []), mail]);
    }
  }
  const allowed: string[] = [];
  const outside: string[] = [];
  for (const [key, copies] of received) {
    const extra = copies.length - (facts.get(key) ?? 0);
    if (extra <= 0) continue;
    const first = Math.min(...copies.map((c) => c.receivedAt));
    const atKill = windows.some((w) => first >= w.start - SENT_BEFORE_KILL_MS && first <= w.end);
    const line = `${key.replace('\n', ' "')}" ×${copies.length}`;
    for (let i = 0; i < extra; i++) (atKill ? allowed : outside).push(line);
  }
  return { allowed, outside };
}

function codeMailProblems(mails: ReceivedMail[], buyers: BuyerReport): { problems: string[]; count: number } {
  const problems: string[] = [];
  let count = 0;
  for (const email of buyers.emails) {
    const codeMails = mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.includes(SIGNUP_SUBJECT));
    count += codeMails.length;
    const requests = buyers.codeRequests[email] ?? 0;
    if (codeMails.length > requests) problems.push(`${email}: ${codeMails.length} sign-up code mails for ${requests} requests`);
    const distinct = new Set(codeMails.map((m) => /(?<!\d)(\d{6})(?!\d)/.exec(m.text)?.[1] ?? '')).size;
    if (distinct !== codeMails.length) problems.push(`${email}: a sign-up code mail arrived twice`);
  }
  return { problems, count };
}
