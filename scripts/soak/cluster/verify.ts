import { openDatabase } from '../../../api/db/connect.ts';
import type { ReceivedMail } from '../../../test/support/mailbox.ts';
import type { BuyerReport } from './buyers.ts';
import { verifyBulkRound } from './verify-billing.ts';
import { verifyBuyers } from './verify-buyers.ts';
import { verifyMails } from './verify-mails.ts';
import { verifyOrders } from './verify-orders.ts';

export interface Window {
  start: number;
  end: number;
  what: string;
}

export interface VerifyInput {
  databaseUrl: string;
  roundId: number;
  subscriptions: number;
  buyers: BuyerReport;
  /** Everything the mailbox received. */
  mails: ReceivedMail[];
  /** When an API copy was killed -9 (the at-least-once mail case). */
  apiKillWindows: Window[];
}

/**
 * What must hold after the cluster soak (issue 22), read from the database and compared with the
 * buyers' own views (taken by runBuyers at its end): `problems` empty is a pass; `facts` are the
 * counts for the report. Run it once billing and the mail outbox have settled.
 */
export async function verifyCluster(input: VerifyInput): Promise<{ problems: string[]; facts: Record<string, number | string> }> {
  const handle = await openDatabase({ databaseUrl: input.databaseUrl, dataDir: 'memory://', poolSize: 2 });
  try {
    const checks = [
      await verifyBulkRound(handle.db, input.roundId, input.subscriptions),
      await verifyOrders(handle.db),
      await verifyBuyers(handle.db, input.buyers),
      await verifyMails(handle.db, input.roundId, input.mails, input.apiKillWindows, input.buyers),
    ];
    const facts: Record<string, number | string> = {};
    for (const check of checks) Object.assign(facts, check.facts);
    return { problems: checks.flatMap((c) => c.problems), facts };
  } finally {
    await handle.close();
  }
}
