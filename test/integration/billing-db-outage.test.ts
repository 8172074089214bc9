import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBilling } from '../../api/billing/run-billing.ts';
import { openDatabase, type DatabaseHandle } from '../../api/db/connect.ts';
import { isDatabaseUnavailable } from '../../api/http/database-errors.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { seedBulkSubscriptions } from '../../scripts/bench/bulk-subscriptions.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { testConfig } from '../support/stack.ts';
import { buildArtist, buildPlan, buildRound, insertArtist, insertPlan, insertRound } from './api-fixtures.ts';
import { catchUncaught, memoryLogger, Relay, waitFor } from './db-fault-fixtures.ts';

/**
 * The database goes away during a billing pass (the scheduler runs one every minute in every API
 * process). The pass delivers mails each second while the charges wait on the provider; when both
 * failed, the mail loop's rejection was awaited by no one (the pass had already thrown on the
 * charges) and Node ended the process on the unhandled rejection. Wanted: the pass rejects as
 * "database unavailable" (the scheduler logs it and retries on its next tick), nothing unhandled.
 */
const adminUrl = process.env.DATABASE_URL ?? '';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.skipIf(!adminUrl)('a database outage during a billing pass (PostgreSQL)', () => {
  let database: TestDatabase;
  let roundId = 0;
  let relay: Relay | null = null;
  let handle: DatabaseHandle | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db;
    const deadline = new Date(Date.now() - MINUTE);
    const artistId = await insertArtist(db, buildArtist({ slug: 'outage-artist' }));
    const planId = await insertPlan(db, buildPlan(artistId, { name: 'プラン outage' }));
    roundId = await insertRound(db, buildRound(planId, new Date(deadline.getTime() - 30 * DAY), deadline, new Date(Date.now() + 30 * DAY)));
    await seedBulkSubscriptions(db, { planId, n: 20, createdAt: new Date(deadline.getTime() - DAY), tag: 'outage' });
    const target = new URL(adminUrl);
    relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
    await relay.open();
  });

  afterAll(async () => {
    await handle?.close();
    await relay?.cut(true);
    await database?.destroy();
  });

  it('the pass rejects as database unavailable; no rejection goes unhandled', async () => {
    const url = new URL(database.url ?? '');
    url.host = `127.0.0.1:${relay?.port}`;
    const { logger } = memoryLogger();
    handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 4, logger });
    const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
    // The provider answers after 2.5 s, so the mail loop's pass at 1 s meets the outage first.
    const ctx = { db: handle.db, logger, now: () => new Date(), publicOrigin: testConfig().PUBLIC_ORIGIN, mailer, sandboxLatencyMs: 2_500 };
    const uncaught = catchUncaught();
    try {
      const pass = runBilling(ctx, { concurrency: 4, leaseMs: MINUTE }).then(() => null, (error: unknown) => error);
      // The rows are reserved and claimed: the charges now wait on the provider.
      await waitFor(async () => {
        const claimed = await database.handle.db.selectFrom('plan_order_histories').select('id')
          .where('plan_order_id', '=', roundId).where('claims', '>', 0).execute();
        return claimed.length > 0;
      }, 10_000);
      await relay?.cut(true);
      const failure = await pass;
      expect(uncaught.errors).toEqual([]);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      uncaught.stop();
    }
  }, 30_000);
});
