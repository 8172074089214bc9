import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';
import { missingRounds } from '../../api/db/seed/demo-rounds.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { SHOP_TIME_ZONE } from '../../shared/format.ts';
import { monthIndex, roundsBreakingPeriod } from '../../shared/plan-period.ts';

// A fixed clock; "a month later" is a restart of the same shop on 2026-12-24.
const NOW = new Date('2026-11-24T03:00:00Z');
const MONTH_LATER = new Date('2026-12-24T03:00:00Z');
const DAY = 86_400_000;

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  await migrate(handle.db);
  await seedDemo(handle.db, NOW);
}, 60_000);

afterAll(async () => {
  await handle.close();
});

/** Every round of each plan of an open artist, by plan, oldest first. */
async function openPlansRounds() {
  const rows = await handle.db.selectFrom('plan_orders')
    .innerJoin('plans', 'plans.id', 'plan_orders.plan_id')
    .innerJoin('artists', 'artists.id', 'plans.artist_id')
    .select(['plans.id as planId', 'plans.period', 'plan_orders.name', 'plan_orders.start_date', 'plan_orders.end_date', 'plan_orders.ship_date'])
    .where('artists.is_close', '=', false).orderBy('plan_orders.end_date').execute();
  const byPlan = new Map<number, typeof rows>();
  for (const row of rows) byPlan.set(row.planId, [...(byPlan.get(row.planId) ?? []), row]);
  return byPlan;
}

const month = (date: Date) => formatInTimeZone(date, SHOP_TIME_ZONE, 'yyyy-MM');

describe('the demo rounds of the coming months', () => {
  it('gives every open demo plan the open round and the rounds of the next three months, one issue every period', async () => {
    const byPlan = await openPlansRounds();
    expect(byPlan.size).toBeGreaterThanOrEqual(30);
    expect([...byPlan.values()].filter((rounds) => rounds[0]!.period === 3).length).toBeGreaterThanOrEqual(3);
    for (const rounds of byPlan.values()) {
      const period = rounds[0]!.period;
      const coming = rounds.filter((r) => r.end_date > NOW);
      expect(coming.length).toBeGreaterThanOrEqual(period === 1 ? 4 : 2);
      expect(coming.at(-1)!.end_date.getTime()).toBeGreaterThanOrEqual(NOW.getTime() + 89 * DAY);
      // Each round opens after the one before closes, and ships in the next month.
      for (const round of coming) {
        const before = rounds[rounds.indexOf(round) - 1]!;
        expect(round.start_date.getTime()).toBeGreaterThan(before.end_date.getTime());
        expect(round.end_date.getTime()).toBeLessThan(round.ship_date.getTime());
        expect(month(round.ship_date) > month(before.ship_date)).toBe(true);
      }
      // A three-month plan's boxes ship, and are charged, every third month (issue 30).
      for (const [i, round] of rounds.entries()) {
        if (i === 0) continue;
        expect(monthIndex(round.ship_date) - monthIndex(rounds[i - 1]!.ship_date)).toBeGreaterThanOrEqual(period);
        expect(monthIndex(round.end_date) - monthIndex(rounds[i - 1]!.end_date)).toBeGreaterThanOrEqual(period);
      }
      expect(roundsBreakingPeriod(period, rounds.map((r) => ({ endDate: r.end_date, shipDate: r.ship_date })))).toEqual([]);
      expect(new Set(rounds.map((r) => month(r.ship_date))).size).toBe(rounds.length);
      expect(new Set(rounds.map((r) => r.name)).size).toBe(rounds.length);
    }
  });

  it('adds the missing months at a restart a month later, once, and leaves closed artists alone', async () => {
    const before = await openPlansRounds();
    const closedBefore = await handle.db.selectFrom('plan_orders').innerJoin('plans', 'plans.id', 'plan_orders.plan_id')
      .innerJoin('artists', 'artists.id', 'plans.artist_id').select('plan_orders.id').where('artists.is_close', '=', true).execute();
    const restart = await seedDemo(handle.db, MONTH_LATER);
    expect(restart.seeded).toBe(false);
    expect(await seedDemo(handle.db, MONTH_LATER)).toEqual({ seeded: false, roundsAdded: 0, customers: 0 });
    const after = await openPlansRounds();
    let added = 0;
    for (const [planId, rounds] of after) {
      const grew = rounds.length - before.get(planId)!.length;
      added += grew;
      // A monthly plan gains the month now missing; a three-month plan gains a round only when its last deadline fell inside the horizon.
      if (rounds[0]!.period === 1) {
        expect(grew).toBe(1);
        expect(rounds.filter((r) => r.start_date <= MONTH_LATER && MONTH_LATER < r.end_date)).toHaveLength(1);
      } else {
        expect(grew).toBeLessThanOrEqual(1);
      }
      expect(rounds.at(-1)!.end_date.getTime()).toBeGreaterThanOrEqual(MONTH_LATER.getTime() + 89 * DAY);
    }
    expect(restart.roundsAdded).toBe(added);
    const closedAfter = await handle.db.selectFrom('plan_orders').innerJoin('plans', 'plans.id', 'plan_orders.plan_id')
      .innerJoin('artists', 'artists.id', 'plans.artist_id').select('plan_orders.id').where('artists.is_close', '=', true).execute();
    expect(closedAfter).toEqual(closedBefore);
  });

  it('skips the months a long-stopped shop missed instead of adding rounds already past their deadline', () => {
    const last = { end: new Date('2026-01-10T14:59:59Z'), ship: new Date('2026-02-09T01:00:00Z') };
    const added = missingRounds(last, NOW);
    expect(added.length).toBe(4);
    expect(added.every((r) => r.end > NOW)).toBe(true);
    expect(added[0]!.start < NOW).toBe(true);
    expect(added.map((r) => month(r.ship))).toEqual(['2027-01', '2027-02', '2027-03', '2027-04']);
    // A three-month plan's missing rounds keep its period: no round in between.
    expect(missingRounds(last, NOW, 3).map((r) => month(r.ship))).toEqual(['2027-02', '2027-05']);
  });
});
