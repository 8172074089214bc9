import type { ApiContext } from '../context.ts';
import type { ChargeOptions } from './charge-rounds.ts';
import { runBilling } from './run-billing.ts';

export interface BillingScheduler {
  /** Stops claiming new work, waits for the pass under way (its provider calls have deadlines). */
  stop(): Promise<void>;
}

/**
 * Runs `runBilling` every `intervalMs` inside the API process. Each instance runs its own timer;
 * the passes share the work through the database (claims, leases, unique keys), so N instances
 * never charge twice and a killed one leaves its rows to the others once the lease runs out.
 */
export function startBillingScheduler(ctx: ApiContext, options: Omit<ChargeOptions, 'signal'> & { intervalMs: number }): BillingScheduler {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const tick = (): void => {
    running = runBilling(ctx, { ...options, signal: abort.signal })
      .then((summary) => {
        if (summary.reserved + summary.charged + summary.declined + summary.reminders + summary.mailsSent + summary.strandedCheckouts + summary.strandedChanges + summary.refundsSettled + summary.heldEnded > 0) ctx.logger.info({ billing: summary }, 'billing pass');
      })
      .catch((error: unknown) => {
        ctx.logger.error({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'billing pass failed; next tick retries');
      })
      .finally(() => {
        running = null;
        if (!abort.signal.aborted) timer = setTimeout(tick, options.intervalMs);
      });
  };
  // A little after start-up, so a fresh process answers its readiness probe first.
  timer = setTimeout(tick, Math.min(options.intervalMs, 5_000));
  timer.unref();
  return {
    async stop() {
      abort.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
