import type { ApiContext } from '../context.ts';
import { deliverMails } from './billing-mails.ts';
import type { BillingScope } from './billing-scope.ts';
import { chargeReservedRounds, type ChargeOptions } from './charge-rounds.ts';
import { endHeldCharges } from './held-charges.ts';
import { markPreparing } from './preparing.ts';
import { queueReminders } from './reminders.ts';
import { reserveDueRounds } from './reserve.ts';
import { requeueRetries } from './retries.ts';
import { settleStrandedCheckouts } from './stranded-checkouts.ts';
import { settleStrandedChanges } from '../user-plan/stranded-change.ts';
import { settleRefundsInDoubt } from './refunds-in-doubt.ts';
import { unlockDueBonusesQuietly } from '../vault/unlock.ts';
import { runShopperRounds, type ShopperRoundTally } from '../shopper-round/shopper-round-pass.ts';

export interface BillingSummary {
  /** The clock the run used (a rehearsal's `--now`, or the time). */
  now: string;
  reminders: number;
  rounds: number;
  reserved: number;
  retried: number;
  /** Rounds whose wait for the bank's authentication ended at the ship date (held-charges.ts). */
  heldEnded: number;
  charged: number;
  declined: number;
  inDoubt: number;
  /** Checkouts whose process died mid-way, settled from the provider (stranded-checkouts.ts). */
  strandedCheckouts: number;
  /** Plan changes whose request lost the gateway's answer, settled from its record (api/user-plan/stranded-change.ts). */
  strandedChanges: number;
  /** Refunds pending past the provider's grace, asked again under their own key (refunds-in-doubt.ts). */
  refundsSettled: number;
  preparing: number;
  /** Konbini/PayPay fans' rounds (api/shopper-round/): requests sent, reminded, lapsed, subscriptions paused. */
  shopperRounds?: ShopperRoundTally;
  mailsSent: number;
  mailsFailed: number;
  ms: number;
}

export interface BillingProgress {
  /** Rows to charge in this pass, known once reserved. */
  total: number;
  done: number;
}

/**
 * One pass of everything due at `ctx.now()`: reminders, reservation of rounds whose deadline has
 * passed, the end of the wait for authentication at the ship date, retries that are due, the charges, "preparing shipment", and the mails. Every step is
 * idempotent and safe beside another pass (other instances, an operator's run), so the scheduler
 * and `npm run ops -- billing` call the same function.
 */
export async function runBilling(
  ctx: ApiContext,
  options: ChargeOptions,
  scope: BillingScope = {},
  onProgress?: (progress: BillingProgress) => void,
): Promise<BillingSummary> {
  const started = performance.now();
  const reminders = await queueReminders(ctx, scope);
  // Everything due, not one round or shopper: an operator's scoped run leaves others' rows alone.
  const everything = scope.roundId === undefined && scope.userId === undefined;
  const strandedCheckouts = everything ? await settleStrandedCheckouts(ctx) : 0;
  const strandedChanges = everything ? await settleStrandedChanges(ctx) : 0;
  const refundsSettled = everything ? await settleRefundsInDoubt(ctx) : 0;
  const shopperRounds = everything ? await runShopperRounds(ctx) : { requested: 0, reminded: 0, lapsed: 0, paused: 0 };
  const { rounds, reserved } = await reserveDueRounds(ctx, scope.roundId);
  const heldEnded = await endHeldCharges(ctx, options.concurrency, scope);
  const retried = await requeueRetries(ctx, scope);
  const total = await countToCharge(ctx, scope);
  onProgress?.({ total, done: 0 });
  // Mails go out while the charges wait on the provider, not all after them.
  const charging = chargeReservedRounds(ctx, options, scope, (t) => onProgress?.({ total, done: t.charged + t.declined + t.inDoubt }));
  // Both awaited from the start: in a database outage both fail, and a rejection nobody awaits
  // yet is unhandled, which ends the process (it did: the mail loop's, while the charges waited).
  const [tally, before] = await Promise.all([charging, mailWhile(ctx, charging)]);
  const preparing = await markPreparing(ctx, scope);
  // 特典 whose days have passed, and milestones reached by this pass's charges (issue 33).
  if (everything) await unlockDueBonusesQuietly(ctx);
  const rest = await deliverMails(ctx);
  const mails = { sent: before.sent + rest.sent, failed: before.failed + rest.failed };
  return {
    now: ctx.now().toISOString(), reminders, rounds, reserved, retried, heldEnded, ...tally, strandedCheckouts, strandedChanges, refundsSettled, preparing, shopperRounds,
    mailsSent: mails.sent, mailsFailed: mails.failed, ms: Math.round(performance.now() - started),
  };
}

/** Delivers the outbox every second until `work` settles; a failing mail server waits for the final pass. */
async function mailWhile(ctx: ApiContext, work: Promise<unknown>): Promise<{ sent: number; failed: number }> {
  const total = { sent: 0, failed: 0 };
  let done = false;
  const settled = work.then(() => (done = true), () => (done = true));
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]);
    clearTimeout(timer);
    if (done) break;
    const pass = await deliverMails(ctx);
    total.sent += pass.sent;
    total.failed += pass.failed;
    if (pass.failed > 0) break;
  }
  return total;
}

async function countToCharge(ctx: ApiContext, scope: BillingScope): Promise<number> {
  let query = ctx.db.selectFrom('plan_order_histories').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('origin', '=', 'billing').where('payment_status', '=', 'BEFORE');
  if (scope.roundId !== undefined) query = query.where('plan_order_id', '=', scope.roundId);
  if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * After a shopper registers a card or changes the method: their declined rounds still before the
 * ship date are tried again at once, so a success puts the round back on track. Never fails the
 * shopper's request: whatever does not go through now is retried on schedule.
 */
export async function retryAfterPaymentChange(ctx: ApiContext, userId: number, options: ChargeOptions): Promise<void> {
  try {
    if ((await requeueRetries(ctx, { userId }, true)) === 0) return;
    await chargeReservedRounds(ctx, options, { userId });
    await deliverMails(ctx);
  } catch (error) {
    ctx.logger.error({ userId, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'retry after a payment change failed; left to the schedule');
  }
}
