import { formatInTimeZone } from 'date-fns-tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';
import { missingRounds } from '../../api/db/seed/demo-rounds.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { SHOP_TIME_ZONE } from '../../shared/format.ts';

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
    .select(['plans.id as planId', 'plan_orders.name', 'plan_orders.start_date', 'plan_orders.end_date', 'plan_orders.ship_date'])
    .where('artists.is_close', '=', false).orderBy('plan_orders.end_date').execute();
  const byPlan = new Map<number, typeof rows>();
  for (const row of rows) byPlan.set(row.planId, [...(byPlan.get(row.planId) ?? []), row]);
  return byPlan;
}

const month = (date: Date) => formatInTimeZone(date, SHOP_TIME_ZONE, 'yyyy-MM');

describe('the demo rounds of the coming months', () => {
  it('gives every open demo plan the open round and the rounds of the next three months, one issue a month', async () => {
    const byPlan = await openPlansRounds();
    expect(byPlan.size).toBeGreaterThanOrEqual(30);
    for (const rounds of byPlan.values()) {
      const coming = rounds.filter((r) => r.end_date > NOW);
      expect(coming.length).toBeGreaterThanOrEqual(4);
      expect(coming.at(-1)!.end_date.getTime()).toBeGreaterThanOrEqual(NOW.getTime() + 89 * DAY);
      // Each round opens after the one before closes, and ships in the next month.
      for (const round of coming) {
        const before = rounds[rounds.indexOf(round) - 1]!;
        expect(round.start_date.getTime()).toBeGreaterThan(before.end_date.getTime());
        expect(round.end_date.getTime()).toBeLessThan(round.ship_date.getTime());
        expect(month(round.ship_date) > month(before.ship_date)).toBe(true);
      }
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
    expect(restart.roundsAdded).toBe(before.size);
    expect(await seedDemo(handle.db, MONTH_LATER)).toEqual({ seeded: false, roundsAdded: 0, customers: 0 });
    const after = await openPlansRounds();
    for (const [planId, rounds] of after) {
      expect(rounds).toHaveLength(before.get(planId)!.length + 1);
      expect(rounds.filter((r) => r.start_date <= MONTH_LATER && MONTH_LATER < r.end_date)).toHaveLength(1);
      expect(rounds.at(-1)!.end_date.getTime()).toBeGreaterThanOrEqual(MONTH_LATER.getTime() + 89 * DAY);
    }
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
  });
});
