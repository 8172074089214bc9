import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../shared/config.ts';
import type { ApiContext } from '../context.ts';
import type { DB } from '../db/schema.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox/sandbox-provider.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';

const sandboxes = new WeakMap<ApiContext, PaymentProvider>();

/**
 * The running payment provider: the one configured on the context, else the sandbox on the
 * context's own database (PAYMENT_PROVIDER=sandbox).
 */
export function paymentProviderOf(ctx: ApiContext): PaymentProvider {
  if (ctx.paymentProvider) return ctx.paymentProvider;
  let sandbox = sandboxes.get(ctx);
  if (!sandbox) {
    sandbox = createSandboxProvider({ db: ctx.db, now: ctx.now, latencyMs: ctx.sandboxLatencyMs ?? 0 });
    sandboxes.set(ctx, sandbox);
  }
  return sandbox;
}

/**
 * The provider PAYMENT_PROVIDER names, for the context boot.ts builds; undefined for the sandbox
 * (made on first use by `paymentProviderOf`). parseConfig already refused stripe without its keys.
 */
export function providerFromConfig(config: Config, deps: { db: Kysely<DB>; now: () => Date; logger: Logger }): PaymentProvider | undefined {
  if (config.PAYMENT_PROVIDER !== 'stripe' || !config.STRIPE_SECRET_KEY) return undefined;
  return createStripeProvider({
    ...deps, secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE, timeoutMs: config.STRIPE_TIMEOUT_MS,
    rates: { read: config.STRIPE_READS_PER_SECOND, write: config.STRIPE_WRITES_PER_SECOND },
  });
}
