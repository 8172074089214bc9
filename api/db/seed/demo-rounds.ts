import { addMonths } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { Transaction } from 'kysely';
import { SHOP_TIME_ZONE } from '../../../shared/format.ts';
import { issueLabel } from '../../../shared/subscription-rules.ts';
import type { DB } from '../schema.ts';
import { DEMO_ARTISTS } from './demo-data.ts';

/** How far ahead every open demo plan has rounds: the coming three months' deadlines (and a three-month plan's next one). */
const HORIZON_MONTHS = 3;

interface RoundDates {
  start: Date;
  end: Date;
  ship: Date;
}

/** The same Tokyo wall-clock time `months` later (the 31st becomes the month's last day). */
function monthsLater(date: Date, months: number, time: string): Date {
  const day = formatInTimeZone(date, SHOP_TIME_ZONE, 'yyyy-MM-dd');
  const shifted = addMonths(new Date(`${day}T00:00:00Z`), months).toISOString().slice(0, 10);
  return fromZonedTime(`${shifted}T${time}`, SHOP_TIME_ZONE);
}

/** The day after `date` in Tokyo at `time`. */
function nextDay(date: Date, time: string): Date {
  const day = formatInTimeZone(new Date(date.getTime() + 86_400_000), SHOP_TIME_ZONE, 'yyyy-MM-dd');
  return fromZonedTime(`${day}T${time}`, SHOP_TIME_ZONE);
}

/**
 * The round after `last`, as the seed's rounds run: it opens the day after the last deadline,
 * closes `period` months after it and ships `period` months after the last box, so a plan's rounds
 * stand its period apart (shared/plan-period.ts): the next month's issue for a monthly plan, the
 * one three months on for a three-month plan.
 */
export function followingRound(last: Pick<RoundDates, 'end' | 'ship'>, period = 1): RoundDates {
  return { start: nextDay(last.end, '12:00:00'), end: monthsLater(last.end, period, '23:59:59'), ship: monthsLater(last.ship, period, '10:00:00') };
}

/** The same round `months` earlier: the seed's past round of a plan whose period is `months`. */
export function roundMonthsBefore(round: RoundDates, months: number): RoundDates {
  return { start: monthsLater(round.start, -months, '12:00:00'), end: monthsLater(round.end, -months, '23:59:59'), ship: monthsLater(round.ship, -months, '10:00:00') };
}

/**
 * `12月号`: the round's label as the shop shows it (`issueLabel`, from the ship date in Tokyo), so
 * the console's round list and the fan's pages call a demo round the same (decision 0072).
 */
export function roundName(ship: Date): string {
  return issueLabel({ shipDate: ship.toISOString() }).ja;
}

/**
 * Rounds to add after `last` so that deadlines reach `HORIZON_MONTHS` past `now`. Rounds whose
 * deadline would already have passed (a shop restarted after a long pause) are skipped, not
 * added: the billing run would otherwise charge them all at once.
 */
export function missingRounds(last: Pick<RoundDates, 'end' | 'ship'>, now: Date, period = 1): RoundDates[] {
  const horizon = addMonths(now, HORIZON_MONTHS).getTime();
  const added: RoundDates[] = [];
  for (let previous = last; previous.end.getTime() < horizon;) {
    const round = followingRound(previous, period);
    if (round.end.getTime() > now.getTime()) added.push(round);
    previous = round;
  }
  return added;
}

/**
 * Gives every plan of an open demo artist its coming rounds. Runs at every start (inside the
 * seed's transaction and lock), continuing each plan's last round, so a restart a month later
 * adds the months that are missing and a second start adds nothing. Only the demo's artists are
 * touched, never an imported catalogue's.
 */
export async function extendDemoRounds(trx: Transaction<DB>, now: Date): Promise<number> {
  const slugs = DEMO_ARTISTS.filter((a) => !a.isClose).map((a) => a.slug);
  const lasts = await trx.selectFrom('plan_orders')
    .innerJoin('plans', 'plans.id', 'plan_orders.plan_id')
    .innerJoin('artists', 'artists.id', 'plans.artist_id')
    .select(['plans.id as planId', 'plans.period', 'plans.price', 'plans.pre_tax_price', 'plan_orders.end_date', 'plan_orders.ship_date'])
    .distinctOn('plans.id')
    .where('artists.slug', 'in', slugs).where('artists.is_close', '=', false)
    .orderBy('plans.id').orderBy('plan_orders.end_date', 'desc')
    .execute();
  const rows = lasts.flatMap((last) => missingRounds({ end: last.end_date, ship: last.ship_date }, now, last.period).map((round) => ({
    plan_id: last.planId, name: roundName(round.ship), price: last.price, pre_tax_price: last.pre_tax_price,
    start_date: round.start, end_date: round.end, ship_date: round.ship,
  })));
  if (rows.length > 0) await trx.insertInto('plan_orders').values(rows).execute();
  return rows.length;
}
