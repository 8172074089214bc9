import type { ApiContext } from '../context.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { settleGraceMs, settlePending } from '../user-plan/settle-pending.ts';

/** Per pass: a handful at most, each one provider look-up with its own deadline. */
const BATCH = 20;

/**
 * A checkout whose process died between the charge and its record leaves a PENDING subscription,
 * and the money may already be taken. The shopper's retry settles it (api/user-plan/checkout-recovery.ts),
 * but a shopper who closed the tab never retries: each billing pass settles those older than the
 * provider's grace from the provider's own record, so a charge is never left without its paid row.
 * Two passes at once reach the same answer from the same record.
 */
export async function settleStrandedCheckouts(ctx: ApiContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - settleGraceMs(paymentProviderOf(ctx)));
  const rows = await ctx.db.selectFrom('user_plans').selectAll().where('status', '=', 'PENDING').where('created_at', '<', cutoff)
    .orderBy('created_at').limit(BATCH).execute();
  let settled = 0;
  for (const row of rows) {
    try {
      const outcome = await settlePending(ctx, row);
      ctx.logger.warn({ userPlanId: row.id, outcome: outcome.status }, 'stranded checkout settled');
      settled += 1;
    } catch (error) {
      // The provider did not answer: the next pass asks again.
      ctx.logger.error({ userPlanId: row.id, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'stranded checkout not settled');
    }
  }
  return settled;
}
