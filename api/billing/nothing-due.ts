import { formatInTimeZone } from 'date-fns-tz';
import { SHOP_TIME_ZONE } from '../../shared/format.ts';
import type { Db } from '../db/schema.ts';
import type { BillingScope } from './billing-scope.ts';
import type { BillingSummary } from './run-billing.ts';

/** `2027-01-01 00:00 JST`: how an operator writes the instant back into `--now`. */
function tokyo(date: Date): string {
  return formatInTimeZone(date, SHOP_TIME_ZONE, "yyyy-MM-dd HH:mm 'JST'");
}

/** Why no charge was tried: either no deadline was reached, or no subscription owed the rounds that were. */
function whyNoCharge(summary: BillingSummary, passed: { n: number; last: Date | null }, now: Date): string {
  if (summary.rounds > 0) {
    return `${summary.rounds} round(s) reached their deadline, but no subscription owed them (none active at the deadline, or paid at checkout, skipped or paused)`;
  }
  if (passed.n === 0 || !passed.last) return `no round has its deadline before ${tokyo(now)}`;
  return `every round whose deadline passed before ${tokyo(now)} was billed by an earlier run (the latest deadline ${tokyo(passed.last)})`;
}

/**
 * The operator's answer to a run that tried no charge, new or retried (issue 18: a rehearsal with
 * no reason given was a dead end): why nothing was charged at this clock, and the next deadline to pass to `--now`. Only the
 * command asks for it; the scheduler's passes do not pay for the queries.
 */
export async function explainNothingCharged(db: Db, summary: BillingSummary, scope: BillingScope): Promise<string | undefined> {
  // A retry is a charge too (issue 29: a declined retry was told "no subscription owed them").
  if (summary.reserved > 0 || summary.retried > 0 || summary.charged + summary.declined + summary.inDoubt > 0) return undefined;
  const now = new Date(summary.now);
  let passedQuery = db.selectFrom('plan_orders').select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('end_date').as('last')])
    .where('end_date', '<=', now);
  let nextQuery = db.selectFrom('plan_orders').select((eb) => ['end_date', eb.fn.countAll<string>().as('n')])
    .where('end_date', '>', now).groupBy('end_date').orderBy('end_date').limit(1);
  if (scope.roundId !== undefined) {
    passedQuery = passedQuery.where('id', '=', scope.roundId);
    nextQuery = nextQuery.where('id', '=', scope.roundId);
  }
  const passed = await passedQuery.executeTakeFirstOrThrow();
  const next = await nextQuery.executeTakeFirst();
  const why = whyNoCharge(summary, { n: Number(passed.n), last: passed.last }, now);
  const after = next ? `next deadline ${tokyo(next.end_date)} (${Number(next.n)} round${Number(next.n) === 1 ? '' : 's'})` : 'no round has a later deadline';
  return `${why}; ${after}`;
}
