/**
 * The monthly billing's rules (issue 9), read by the API's billing run, the pages and the mails.
 *
 * - At a round's deadline every subscription active at that instant is charged once for it
 *   (not skipped, paused or cancelled for that round, and not already charged at checkout).
 * - A reminder goes out `REMINDER_DAYS_BEFORE` days before the deadline.
 * - A declined charge is tried again 1 and 3 days after the first decline, and at once after the
 *   shopper changes the card or method; never on or after the round's ship date.
 * - A charged round is "preparing shipment" from `PREPARING_DAYS_BEFORE_SHIP` days before it ships.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export const REMINDER_DAYS_BEFORE = 3;
export const RETRY_DAYS_AFTER_FIRST_DECLINE = [1, 3] as const;
export const PREPARING_DAYS_BEFORE_SHIP = 7;
/** Attempts of one round's charge, retries after a card change included (the column's bound). */
export const MAX_CHARGE_ATTEMPTS = 10;

/**
 * Provider calls at once in one billing pass (BILLING_CONCURRENCY). 64: one pass is bound by
 * concurrency ÷ provider latency, and at 200 ms the old 32 could not bill 100,000 in 10 minutes
 * (160/s at best); 64 measured 201 charges/s against 108 for 32 side by side (issue 35,
 * docs/performance.md "Billing run"). A gateway with a rate limit paces below this on its own.
 */
export const DEFAULT_BILLING_CONCURRENCY = 64;

/**
 * When a round whose attempt `attempt` (1-based) was declined at `declinedAt` is tried again, or
 * null: the scheduled retries are used up, or the next would fall on or after the ship date.
 */
export function nextAttemptAt(attempt: number, declinedAt: Date, shipDate: Date): Date | null {
  const schedule = RETRY_DAYS_AFTER_FIRST_DECLINE;
  if (attempt < 1 || attempt > schedule.length) return null;
  const gapDays = schedule[attempt - 1]! - (attempt >= 2 ? schedule[attempt - 2]! : 0);
  const at = new Date(declinedAt.getTime() + gapDays * DAY_MS);
  return at.getTime() < shipDate.getTime() ? at : null;
}

/**
 * The last chance to pay a declined round: retries and the charge at once after a card or method
 * change run only before its ship date (api/billing/retries.ts). A mail asking for a new card names it.
 */
export function lastChanceToPay(shipDate: Date): Date {
  return shipDate;
}

/** True when the reminder of a round with this deadline is due at `now`. */
export function isReminderDue(endDate: Date, now: Date): boolean {
  const t = now.getTime();
  return t < endDate.getTime() && t >= endDate.getTime() - REMINDER_DAYS_BEFORE * DAY_MS;
}

/**
 * The round a subscription is next charged for at its deadline: the earliest round whose deadline
 * has not passed and that is not already settled for it (paid at checkout, or skipped). None while
 * paused. What My plans shows as the next charge, and what a rehearsal's test clock passes.
 */
export function nextBilledRound<R extends { endDate: string }>(rounds: readonly R[], now: Date, paused: boolean, settled: (round: R) => boolean): R | null {
  if (paused) return null;
  const coming = rounds.filter((r) => now.getTime() < Date.parse(r.endDate));
  coming.sort((a, b) => Date.parse(a.endDate) - Date.parse(b.endDate));
  return coming.find((r) => !settled(r)) ?? null;
}

/** The instant from which a charged round with this ship date counts as preparing shipment. */
export function preparingFrom(shipDate: Date): Date {
  return new Date(shipDate.getTime() - PREPARING_DAYS_BEFORE_SHIP * DAY_MS);
}

/** The order key of a billing charge: deterministic, so a retry after a crash finds it at the provider. */
export function billingOrderKey(userPlanId: number, planOrderId: number, attempt: number): string {
  return `bill-${userPlanId}-${planOrderId}-${attempt}`;
}
