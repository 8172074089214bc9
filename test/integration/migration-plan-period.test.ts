import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/db/migrate.ts';
import type { DB } from '../../api/db/schema.ts';
import { followingRound, roundName } from '../../api/db/seed/demo-rounds.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { monthIndex, roundsBreakingPeriod } from '../../shared/plan-period.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { insertCharge, insertShopper, insertSubscription } from './dashboard-fixtures.ts';

/**
 * Migration 0016 (issue 30) on a copy of today's demo shop as the seed made it before the fix:
 * the 3-month plan had a round every month. The demo is seeded with its customers, the monthly
 * rounds the old seed had between the 3-month plan's rounds are put back (with goods, a skip, a
 * declined checkout), then the migration runs again. The migration reads the database's own
 * clock, so the shop is seeded at the real time.
 */
let database: TestDatabase;
let db: Kysely<DB>;
const now = new Date();

interface QuarterPlan { planId: number; open: number; plusOne: number; plusTwo: number }
const quarters: QuarterPlan[] = [];

const DAY = 86_400_000;

/**
 * A 3-month plan as the old seed left it: its shipped round a month before the open one (opened
 * 90 days ago, closed 60, shipped 30), and rounds one and two months after the open round.
 */
async function putBackMonthlyRounds(planId: number): Promise<QuarterPlan> {
  const rounds = await db.selectFrom('plan_orders').selectAll().where('plan_id', '=', planId).orderBy('end_date').execute();
  const [past, open] = rounds;
  await db.updateTable('plan_orders').where('id', '=', past!.id)
    .set({ start_date: new Date(now.getTime() - 90 * DAY), end_date: new Date(now.getTime() - 60 * DAY), ship_date: new Date(now.getTime() - 30 * DAY) }).execute();
  let last = { end: open!.end_date, ship: open!.ship_date };
  const added: number[] = [];
  for (let i = 0; i < 2; i += 1) {
    const round = followingRound(last, 1);
    const { id } = await db.insertInto('plan_orders').values({
      plan_id: planId, name: roundName(round.ship), price: open!.price, pre_tax_price: open!.pre_tax_price, start_date: round.start, end_date: round.end, ship_date: round.ship,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('order_goods').values({ plan_order_id: id, name: '缶バッジ', description: '', image: '', sort: 1 }).execute();
    added.push(id);
    last = round;
  }
  return { planId, open: open!.id, plusOne: added[0]!, plusTwo: added[1]! };
}

const roundsOf = (planId: number) => db.selectFrom('plan_orders').select(['id', 'name', 'end_date as endDate', 'ship_date as shipDate'])
  .where('plan_id', '=', planId).orderBy('ship_date').execute();

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await seedDemo(db, now, { customers: true });
  const plans = await db.selectFrom('plans').innerJoin('artists', 'artists.id', 'plans.artist_id').select('plans.id')
    .where('plans.period', '=', 3).where('artists.is_close', '=', false).orderBy('plans.id').execute();
  for (const plan of plans) quarters.push(await putBackMonthlyRounds(plan.id));
}, 120_000);

afterAll(async () => {
  await database?.destroy();
});

describe('migration 0016: the rounds of a period-N plan stand N months apart (issue 30)', () => {
  it('removes the monthly rounds nothing was charged for, keeps every charge record, and leaves monthly plans alone', async () => {
    expect(quarters.length).toBeGreaterThanOrEqual(3);
    const [skipped, declined] = quarters;
    // A fan of the first plan skipped the round a month after the open one; a fan of the second was declined at a checkout for it.
    const fan = await insertShopper(db);
    const sub = await insertSubscription(db, { userId: fan, planId: skipped!.planId, created: now.toISOString() });
    await db.insertInto('user_plan_skips').values({ user_plan_id: sub, plan_order_id: skipped!.plusOne, created_at: now }).execute();
    const declinedFan = await insertShopper(db);
    const declinedSub = await insertSubscription(db, { userId: declinedFan, planId: declined!.planId, created: now.toISOString() });
    await insertCharge(db, { id: declinedSub, userId: declinedFan, planId: declined!.planId, price: 16500, preTax: 15000 }, declined!.plusOne, { payment_status: 'ERROR' });
    const histories = await db.selectFrom('plan_order_histories').select('id').orderBy('id').execute();
    const monthlyRounds = await db.selectFrom('plan_orders').innerJoin('plans', 'plans.id', 'plan_orders.plan_id').select('plan_orders.id')
      .where('plans.period', '=', 1).orderBy('plan_orders.id').execute();
    // Old spacing: the two rounds put back, and the round three months after the open one, stand a
    // month from the one before (the open round, too, may stand two months from the shipped one).
    for (const q of quarters) expect(roundsBreakingPeriod(3, await roundsOf(q.planId)).length).toBeGreaterThanOrEqual(3);

    await sql`delete from schema_migrations where version = 16`.execute(db);
    expect(await migrate(db)).toEqual([16]);

    // Not one charge record lost, not one monthly plan's round touched.
    expect(await db.selectFrom('plan_order_histories').select('id').orderBy('id').execute()).toEqual(histories);
    expect(await db.selectFrom('plan_orders').innerJoin('plans', 'plans.id', 'plan_orders.plan_id').select('plan_orders.id')
      .where('plans.period', '=', 1).orderBy('plan_orders.id').execute()).toEqual(monthlyRounds);
    for (const q of quarters.filter((p) => p !== declined)) {
      const rounds = await roundsOf(q.planId);
      // From the round open now on, three months apart (the shipped round before it stays as it shipped).
      expect(roundsBreakingPeriod(3, rounds.filter((r) => r.id !== rounds[0]!.id))).toEqual([]);
      expect(rounds.map((r) => r.id)).not.toContain(q.plusOne);
      expect(rounds.map((r) => r.id)).not.toContain(q.plusTwo);
      expect(rounds.map((r) => r.id)).toContain(q.open);
      // Past the open round, the next box ships three months on.
      const open = rounds.findIndex((r) => r.id === q.open);
      expect(monthIndex(rounds[open + 1]!.shipDate) - monthIndex(rounds[open]!.shipDate)).toBe(3);
    }
    expect(await db.selectFrom('user_plan_skips').selectAll().where('user_plan_id', '=', sub).execute()).toEqual([]);
    expect(await db.selectFrom('order_goods').select('id').where('plan_order_id', 'in', [skipped!.plusOne, skipped!.plusTwo]).execute()).toEqual([]);
    // The round with a declined checkout stays with its record; the walk goes on from it.
    const kept = (await roundsOf(declined!.planId)).map((r) => r.id);
    expect(kept).toContain(declined!.plusOne);
    expect(kept).not.toContain(declined!.plusTwo);
  });

  it('changes nothing when it runs again on rounds it already spaced', async () => {
    const before = await db.selectFrom('plan_orders').select('id').orderBy('id').execute();
    await sql`delete from schema_migrations where version = 16`.execute(db);
    expect(await migrate(db)).toEqual([16]);
    expect(await db.selectFrom('plan_orders').select('id').orderBy('id').execute()).toEqual(before);
  });
});
