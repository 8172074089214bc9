import { createLogger } from '../../server/logger.server.ts';
import type { ApiContext } from '../../api/context.ts';
import { runBilling } from '../../api/billing/run-billing.ts';
import { insertSession } from './api-fixtures.ts';
import { PUBLIC_ORIGIN, withSession, type AccountApi } from './api-account-fixtures.ts';

/** Billing tests: the API's database, mailer and clock, as the scheduler's pass would see them. */
export const BILLING_OPTIONS = { concurrency: 8, leaseMs: 60_000 } as const;

/** A context of its own per call: two of them behave like two API instances. */
export function billingContext(api: AccountApi, overrides: Partial<ApiContext> = {}): ApiContext {
  return {
    db: api.db, logger: createLogger('silent', 'billing'), now: () => api.clock.now, publicOrigin: PUBLIC_ORIGIN, mailer: api.mailer, paymentProvider: api.paymentProvider,
    deferredPayment: api.deferredPayment, consolidationWindowDays: api.consolidationWindowDays, ...overrides,
  };
}

export function runPass(api: AccountApi) {
  return runBilling(billingContext(api), BILLING_OPTIONS);
}

export async function billingRowsOf(api: AccountApi, userId: number, roundId: number) {
  return api.db.selectFrom('plan_order_histories').selectAll().where('user_id', '=', userId).where('plan_order_id', '=', roundId)
    .where('origin', '=', 'billing').execute();
}

/** The charges the sandbox made for a row's order keys (every attempt). */
export async function chargesAtProvider(api: AccountApi, userPlanId: number, roundId: number) {
  return api.db.selectFrom('sandbox_charges').select(['order_key', 'status', 'amount'])
    .where('order_key', 'like', `bill-${userPlanId}-${roundId}-%`).orderBy('order_key').execute();
}

/** A fresh session that proved the password just now (card pages ask for it). */
export async function secureCookie(api: AccountApi, userId: number): Promise<string> {
  const token = `billing-secure-${userId}-${api.clock.now.getTime()}-${Math.random().toString(36).slice(2)}`;
  const now = api.clock.now.getTime();
  await insertSession(api.db, { token, userId, expiresAt: new Date(now + 86_400_000), secureUntil: new Date(now + 1_800_000) });
  // Idle expiry counts from last_seen_at, which defaults to the database's clock, not the test's.
  await api.db.updateTable('sessions').set({ last_seen_at: api.clock.now, created_at: api.clock.now }).where('user_id', '=', userId)
    .where('secure_until', '=', new Date(now + 1_800_000)).execute();
  return withSession(token);
}
