import type { BillingCommandSummary } from '../../api/ops/ops-commands.ts';

/** `3 reminders`, `1 reminder`: the counts an operator reads, each named once. */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What a billing run did, in one line an operator reads before the JSON (issue 29: after a
 * declined retry the command only said "no subscription owed them"): the charges of rounds due
 * now and the retries, each with its outcome, then the reminders and mails.
 */
export function describeBilling(summary: BillingCommandSummary): string {
  const attempts = [
    count(summary.reserved, 'charge reserved', 'charges reserved'),
    count(summary.retried, 'retry', 'retries'),
  ];
  const outcomes = [`${summary.charged} charged`, `${summary.declined} declined`];
  if (summary.inDoubt > 0) outcomes.push(`${summary.inDoubt} in doubt`);
  const others = [count(summary.reminders, 'reminder'), `${summary.preparing} to 発送準備中`];
  if (summary.heldEnded > 0) others.push(count(summary.heldEnded, 'wait for authentication ended at the ship date', 'waits for authentication ended at the ship date'));
  if (summary.strandedCheckouts > 0) others.push(count(summary.strandedCheckouts, 'stranded checkout settled', 'stranded checkouts settled'));
  if (summary.strandedChanges > 0) others.push(count(summary.strandedChanges, 'stranded plan change settled', 'stranded plan changes settled'));
  if (summary.refundsSettled > 0) others.push(count(summary.refundsSettled, 'refund in doubt settled', 'refunds in doubt settled'));
  others.push(`${count(summary.mailsSent, 'mail sent', 'mails sent')}${summary.mailsFailed > 0 ? `, ${summary.mailsFailed} failed` : ''}`);
  return `Billing at ${summary.now}: ${attempts.join(', ')}: ${outcomes.join(', ')}; ${others.join(', ')}`;
}
