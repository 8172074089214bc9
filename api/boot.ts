import { sql } from 'kysely';
import type { Logger } from 'pino';
import { createHostAllowList } from '../shared/allowed-hosts.ts';
import { carrierSettingsOf, type Config } from '../shared/config.ts';
import { staffSecretKeyProblem } from '../shared/startup-config.ts';
import { StartupError } from '../shared/startup-error.ts';
import { createApiApp } from './app.ts';
import { DATABASE_TIMEOUTS, openDatabase, type DatabaseHandle } from './db/connect.ts';
import { describeServer } from './db/describe-server.ts';
import { migrate } from './db/migrate.ts';
import { createMailer } from './mail/mailer.ts';
import { settleMailWork } from './mail/mail-after-reply.ts';
import { seedDemo } from './db/seed/seed-demo.ts';
import type { ApiContext } from './context.ts';
import { billingOptionsOf } from './billing/billing-options.ts';
import { startBillingScheduler } from './billing/scheduler.ts';
import { operatorAccessOf, operatorHostsOf } from './ops/operator-access.ts';
import { sealStaffSecrets, staffSecretBoxOf } from './staff/secret-box.ts';
import { providerFromConfig } from './payment/provider-of.ts';
import { apiTrustedHops } from './http/trusted-hops.ts';

function logSeed(logger: Logger, { seeded, roundsAdded, customers }: { seeded: boolean; roundsAdded: number; customers: number }): void {
  if (seeded) logger.info({ customers }, 'demo catalogue and customers seeded');
  // A first start's rounds are part of the seeding; later starts say what they added.
  if (!seeded && roundsAdded > 0) logger.info({ roundsAdded }, 'demo rounds added for the coming months');
}

/**
 * Opens the database, applies migrations and, on the embedded default (or when asked), seeds
 * the demo catalogue into an empty shop. `localTiers`: the web tier and console run in this process
 * (role `all`) and call the API over loopback.
 */
export async function bootApi(config: Config, logger: Logger, { localTiers = false }: { localTiers?: boolean } = {}) {
  // Before anything is opened or migrated (main.ts has already refused it with the whole configuration).
  const missingKey = staffSecretKeyProblem(config);
  if (missingKey) throw new StartupError(missingKey);
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger, template: true, announce: (line) => logger.info(line),
  });
  if (config.DATABASE_URL) await probeDatabase(database, config.DATABASE_URL);
  const applied = await migrate(database.db);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const wantSeed = config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && database.kind === 'pglite');
  if (wantSeed) logSeed(logger, await seedDemo(database.db, new Date(), { customers: config.SEED_DEMO_CUSTOMERS === 'true' }));
  const staffSecrets = await staffSecretBoxOf(config, logger);
  const sealed = await sealStaffSecrets(database.db, staffSecrets);
  if (sealed > 0) logger.info({ sealed }, 'plain staff TOTP secrets sealed with STAFF_SECRET_KEY');
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, brand: config.BRAND_NAME, supportEmail: config.COMPANY_EMAIL, dataDir: config.DATA_DIR });
  logger.info({ mail: mailer.kind }, mailer.kind === 'smtp' ? 'mail goes out over SMTP' : 'mail goes to the outbox folder');
  const now = () => new Date();
  const paymentProvider = providerFromConfig(config, { db: database.db, now, logger });
  if (paymentProvider) logger.info({ provider: paymentProvider.name, testMode: paymentProvider.testMode }, 'payments go to Stripe');
  const ctx: ApiContext = {
    db: database.db, logger, now, paymentProvider, publicOrigin: config.PUBLIC_ORIGIN, adminOrigin: config.ADMIN_ORIGIN, mailer,
    sandboxLatencyMs: config.SANDBOX_LATENCY_MS,
    deferredPayment: config.DEFERRED_PAYMENT === 'on',
    consolidationWindowDays: config.CONSOLIDATION_WINDOW_DAYS,
    shopperMissedRoundsToPause: config.SHOPPER_MISSED_ROUNDS_TO_PAUSE,
    carrierSettings: carrierSettingsOf(config),
    billing: { concurrency: config.BILLING_CONCURRENCY, leaseMs: config.BILLING_LEASE_MS },
    ops: await operatorAccessOf(config, logger),
    staffSecrets,
    vaultUnlockDays: config.VAULT_UNLOCK_DAYS_AFTER_SHIP,
    trustProxy: apiTrustedHops(config.TRUST_PROXY, localTiers),
    isAllowedHost: createHostAllowList([config.PUBLIC_ORIGIN, config.API_ORIGIN], [...config.ALLOWED_HOSTS, ...operatorHostsOf(config)]),
  };
  const app = createApiApp(ctx);
  const billing = config.BILLING_SCHEDULER === 'on'
    ? startBillingScheduler(ctx, { ...billingOptionsOf(ctx), intervalMs: config.BILLING_INTERVAL_MS })
    : null;
  return {
    app,
    database,
    mailer,
    /** Stops the billing pass first (it finishes what it holds) and lets mail work under way end, then closes the database. */
    close: async () => {
      await billing?.stop();
      await settleMailWork(5_000);
      await database.close();
    },
  };
}

/**
 * Fails start-up in one line naming the setting when PostgreSQL cannot be reached, instead of a
 * stack trace from deep in the driver. The line names host and port, never the password.
 */
async function probeDatabase(database: DatabaseHandle, databaseUrl: string): Promise<void> {
  try {
    await sql`select 1`.execute(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new StartupError(`DATABASE_URL: cannot connect to PostgreSQL at ${describeServer(databaseUrl)} (${describeFailure(error)})`, {
      cause: error,
    });
  }
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const nested = error instanceof AggregateError ? error.errors.find((e): e is Error => e instanceof Error) : undefined;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code?.startsWith('E')) return code;
  if (/timeout/i.test(error.message)) return `no answer within ${DATABASE_TIMEOUTS.connectMs} ms`;
  if (nested) return describeFailure(nested);
  // PostgreSQL's own refusals ("database … does not exist", "password authentication failed for
  // user …") name no secret; cut them short all the same.
  return error.message.slice(0, 120);
}
