import { pino } from 'pino';
import type { BillingProgress } from '../../api/billing/run-billing.ts';
import { openDatabase } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { runOpsCommand, type OpsCommand, type OpsResult } from '../../api/ops/ops-commands.ts';
import type { Config } from '../../shared/config.ts';
import { createLogger } from '../../server/logger.server.ts';
import { describeOpsError } from './errors.ts';
import { staffSecretBoxOf } from '../../api/staff/secret-box.ts';

/** On PostgreSQL: the command runs here, beside any running API instances (they share the work). */
export async function runDirect(config: Config, command: OpsCommand, onProgress: (p: BillingProgress) => void): Promise<{ result?: OpsResult; error?: string }> {
  // Logs go to stderr: stdout carries the one JSON summary line.
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL, 'ops', pino.destination(2));
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, brand: config.BRAND_NAME, supportEmail: config.COMPANY_EMAIL, dataDir: config.DATA_DIR });
  try {
    await migrate(database.db);
    const ctx = {
      db: database.db, logger, now: () => new Date(), publicOrigin: config.PUBLIC_ORIGIN, adminOrigin: config.ADMIN_ORIGIN, mailer,
      sandboxLatencyMs: config.SANDBOX_LATENCY_MS, billing: { concurrency: config.BILLING_CONCURRENCY, leaseMs: config.BILLING_LEASE_MS },
      staffSecrets: await staffSecretBoxOf(config, logger), vaultUnlockDays: config.VAULT_UNLOCK_DAYS_AFTER_SHIP,
    };
    return { result: await runOpsCommand(ctx, command, onProgress) };
  } catch (error) {
    return { error: describeOpsError(error) };
  } finally {
    mailer.close();
    await database.close();
  }
}
