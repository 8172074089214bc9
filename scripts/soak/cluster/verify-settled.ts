import { queryOnce } from '../../../api/db/connect.ts';

const POLL_MS = 1000;

/**
 * Waits until every subscription of the round is billed SUCCESS and the mail outbox holds nothing
 * unsent, at most `limitMs` (a mail whose sender was killed waits out its 60 s lease first,
 * api/billing/billing-mails.ts). Returns how long it took, or null at the limit: verifyCluster
 * then says what is missing. Each poll is one short connection, so a restarted server is no matter.
 */
export async function waitForSettled(databaseUrl: string, roundId: number, subscriptions: number, limitMs: number): Promise<number | null> {
  const started = Date.now();
  for (const deadline = started + limitMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, POLL_MS))) {
    const [row] = await queryOnce(databaseUrl, `select
      (select count(*) from plan_order_histories where plan_order_id = $1 and origin = 'billing' and payment_status = 'SUCCESS') as billed,
      (select count(*) from billing_mails where status <> 'sent') as unsent`, [roundId]).catch(() => []);
    if (Number(row?.billed) === subscriptions && Number(row?.unsent) === 0) return Date.now() - started;
  }
  return null;
}
