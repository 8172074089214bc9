import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBilling } from '../../api/billing/run-billing.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { createLogger } from '../../server/logger.server.ts';
import type { BuyerReport } from '../../scripts/soak/cluster/buyers.ts';
import { seedDueRound } from '../../scripts/soak/cluster/seed.ts';
import { verifyCluster, type VerifyInput } from '../../scripts/soak/cluster/verify.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import type { ReceivedMail } from '../support/mailbox.ts';
import { testConfig } from '../support/stack.ts';

/**
 * The cluster soak's checks (scripts/soak/cluster/verify.ts) on a round billed in-process: they
 * pass on what a correct run leaves, and fail on a double charge, a mail repeated outside an API
 * kill and a buyer the shop never saw. PostgreSQL only, as the soak.
 */
const SUBSCRIPTIONS = 20;
const noBuyers: BuyerReport = { checkouts: [], steps: [], failures: [], retryLater: 0, emails: [], codeRequests: {}, views: [] };

describe.skipIf(!process.env.DATABASE_URL)('the cluster soak\'s checks (PostgreSQL)', () => {
  let database: TestDatabase;
  let input: VerifyInput;
  let delivered: ReceivedMail[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const databaseUrl = database.url ?? '';
    // The round falls due a second from now (seedDueRound takes only a future time); the billing
    // run's clock is two seconds ahead, so the round is due for it without waiting for it.
    const { roundId } = await seedDueRound(databaseUrl, { subscriptions: SUBSCRIPTIONS, dueAt: new Date(Date.now() + 1_000) });
    const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
    const ctx = { db: database.handle.db, logger: createLogger('silent', 'billing'), now: () => new Date(Date.now() + 2_000), publicOrigin: testConfig().PUBLIC_ORIGIN, mailer };
    await runBilling(ctx, { concurrency: 4, leaseMs: 60_000 });
    // What a mailbox would have received: each outbox mail once.
    const outbox = await database.handle.db.selectFrom('billing_mails').select(['recipient', 'subject']).execute();
    delivered = outbox.map((m) => ({ to: [m.recipient], from: '', subject: m.subject, text: '', html: '', raw: '', receivedAt: Date.now() }));
    input = { databaseUrl, roundId, subscriptions: SUBSCRIPTIONS, buyers: noBuyers, mails: delivered, apiKillWindows: [] };
  }, 30_000);

  afterAll(async () => {
    await database?.destroy();
  });

  it('pass on a round billed once each, its mails delivered once', async () => {
    const result = await verifyCluster(input);
    expect(result.problems).toEqual([]);
    expect(result.facts).toMatchObject({ subscriptions: SUBSCRIPTIONS, billedOnce: SUBSCRIPTIONS, outboxSent: SUBSCRIPTIONS, mailRepeatsAtLeastOnce: 0 });
  });

  it('allow a mail repeated when its first copy arrived as an API copy was killed, and only then', async () => {
    const first = delivered[0]!;
    const mails = [...delivered, { ...first, receivedAt: first.receivedAt + 60_000 }];
    const atKill = await verifyCluster({ ...input, mails, apiKillWindows: [{ start: first.receivedAt + 1_000, end: first.receivedAt + 5_000, what: 'kill -9 api-1' }] });
    expect(atKill.problems).toEqual([]);
    expect(atKill.facts.mailRepeatsAtLeastOnce).toBe(1);
    const outside = await verifyCluster({ ...input, mails, apiKillWindows: [{ start: first.receivedAt + 30_000, end: first.receivedAt + 35_000, what: 'kill -9 api-1' }] });
    expect(outside.problems).toEqual([expect.stringContaining('billing mails received more often than their facts')]);
  });

  it('fail on a buyer whose account the shop does not have', async () => {
    const result = await verifyCluster({ ...input, buyers: { ...noBuyers, emails: ['nobody-soak@example.com'] } });
    expect(result.problems).toEqual([expect.stringContaining('buyers without an account')]);
  });

  it('fail on a second succeeded charge for a billed subscription', async () => {
    const row = await database.handle.db.selectFrom('plan_order_histories').select('user_plan_id')
      .where('plan_order_id', '=', input.roundId).executeTakeFirstOrThrow();
    await database.handle.db.insertInto('sandbox_charges').values({
      order_key: `bill-${row.user_plan_id}-${input.roundId}-2`, charge_id: 'ch_soak_double', source_kind: 'card', amount: 3960, status: 'succeeded', created_at: new Date(),
    }).execute();
    const result = await verifyCluster(input);
    expect(result.problems).toEqual([
      expect.stringContaining('subscriptions without exactly one succeeded charge'),
      expect.stringContaining('charged 83160 yen in all, expected 20 × 3960'),
      expect.stringContaining('succeeded sandbox charges without their order row'),
    ]);
  });
});
