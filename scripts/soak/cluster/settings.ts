import { randomBytes } from 'node:crypto';

function bounded(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name}=${raw}: expected an integer from ${min} to ${max}`);
  return value;
}

/** The soak's knobs, read once (scripts/soak-cluster.ts). */
export function readSettings() {
  const seconds = bounded('SOAK_SECONDS', 120, 10, 900);
  const copies = bounded('SOAK_COPIES', 2, 1, 2) === 1 ? 1 : 2;
  return {
    seconds,
    copies: copies as 1 | 2,
    subscriptions: bounded('SOAK_SUBSCRIPTIONS', 3000, 1, 100_000),
    seed: bounded('SOAK_SEED', randomBytes(3).readUIntBE(0, 3), 0, 2 ** 31 - 1),
    clients: 50,
    buyers: 5,
    /** The round falls due at this share of the load, so it is charged under load and faults. */
    dueShare: 0.4,
    warmupSeconds: Math.min(20, Math.floor(seconds / 5)),
    /**
     * After the load: how long the billing run and the mail outbox may take to finish. A mail
     * claimed when its copy died or PostgreSQL restarted waits out its 60 s lease
     * (api/billing/billing-mails.ts), counted from the fault, not from the end.
     */
    billingWaitMs: 90_000,
    settleMs: 10_000,
    shutdownTimeoutMs: 25_000,
  };
}

export type Settings = ReturnType<typeof readSettings>;

/**
 * What every shop process of the soak gets (issue 22's settings, mirrored in
 * deploy/compose.yaml): production, the private cluster, the mailbox, the HAProxy frontends as its
 * origins, a slow sandbox, a fast billing tick with a short lease, a drain delay that covers
 * HAProxy's two failed checks.
 */
export function sharedEnv(options: { databaseUrl: string; smtpUrl: string; shopPort: number; apiPort: number; consolePort: number; shutdownTimeoutMs: number }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    SMTP_URL: options.smtpUrl,
    OPS_TOKEN: randomBytes(24).toString('hex'),
    STAFF_SECRET_KEY: randomBytes(32).toString('base64'),
    PUBLIC_ORIGIN: `http://127.0.0.1:${options.shopPort}`,
    API_ORIGIN: `http://127.0.0.1:${options.apiPort}`,
    ADMIN_ORIGIN: `http://127.0.0.1:${options.consolePort}`,
    // Every hop of this cluster is on loopback: the API trusts HAProxy and the web copies as in deploy/.
    TRUST_PROXY: 'loopback',
    SEED_DEMO: 'false',
    SEED_DEMO_CUSTOMERS: 'false',
    SANDBOX_LATENCY_MS: '150',
    BILLING_INTERVAL_MS: '3000',
    BILLING_LEASE_MS: '10000',
    SHUTDOWN_DELAY_MS: '3000',
    SHUTDOWN_TIMEOUT_MS: String(options.shutdownTimeoutMs),
    LOG_LEVEL: 'warn',
    PAGE_CACHE: 'on',
  };
}
