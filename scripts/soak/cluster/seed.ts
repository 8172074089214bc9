import { randomBytes } from 'node:crypto';
import { openDatabase } from '../../../api/db/connect.ts';
import { insertDueRound } from '../../bench/billing-setup.ts';
import { seedBulkSubscriptions } from '../../bench/bulk-subscriptions.ts';

/** The seeded artist (scripts/bench/billing-setup.ts `insertDueRound`): the buyers leave its plan to the billing run. */
export const SEEDED_ARTIST_SLUG = 'bench-billing';
/** The generated shoppers' addresses end so: `<tag>-<n>@bulk.example` (scripts/bench/bulk-subscriptions.ts). */
export const SEEDED_EMAIL_DOMAIN = '@bulk.example';

const DAY = 86_400_000;

/**
 * `subscriptions` shoppers with a sandbox card and an ACTIVE subscription to one plan whose round
 * closes at `dueAt` (future): the billing scheduler of the running API copies charges them when
 * it passes. They subscribed a day before the round opened, so api/billing/eligibility.ts owes
 * them this round and nothing was charged at checkout.
 */
export async function seedDueRound(databaseUrl: string, options: { subscriptions: number; dueAt: Date }): Promise<{ roundId: number; planId: number }> {
  if (options.dueAt.getTime() <= Date.now()) throw new Error('seedDueRound: dueAt must be in the future');
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 2 });
  try {
    // insertDueRound puts the deadline a minute before the `now` it is given.
    const { planId, roundId, deadline } = await insertDueRound(handle.db, new Date(options.dueAt.getTime() + 60_000));
    const createdAt = new Date(deadline.getTime() - 31 * DAY);
    const tag = `soak${randomBytes(3).toString('hex')}`;
    await seedBulkSubscriptions(handle.db, { planId, n: options.subscriptions, createdAt, tag });
    return { roundId, planId };
  } finally {
    await handle.close();
  }
}
