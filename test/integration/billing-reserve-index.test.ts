import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findDueRounds, eligibleQuery, type BillingRound } from '../../api/billing/eligibility.ts';
import { insertDueRound } from '../../scripts/bench/billing-setup.ts';
import { seedBulkSubscriptions } from '../../scripts/bench/bulk-subscriptions.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

/**
 * Issue 35: reserving a round of 100,000 subscriptions took 267 s, and under load one page of
 * the reservation passed the shop's 10 s statement timeout, because each page of 500 read every
 * row of the round reserved so far. A page must read the order rows of its own subscriptions
 * only, however much of the round is reserved: checked on the plan PostgreSQL runs.
 */
const N = 2_000;
const PAGE = 500;
let database: TestDatabase;
let round: BillingRound;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.handle.db;
  const { planId, roundId, deadline } = await insertDueRound(db, new Date());
  await seedBulkSubscriptions(db, { planId, n: N, createdAt: new Date(deadline.getTime() - 10 * 86_400_000), tag: 'reserve-index' });
  [round] = await findDueRounds(db, new Date(), { roundId }) as [BillingRound];
  // The first three quarters of the round reserved, as the pass leaves it on its way.
  await sql`insert into plan_order_histories (user_id, user_plan_id, plan_order_id, plan_id, payment_method, payment_status, count, origin, attempts,
      charge_key, price, pre_tax_price, ship_fee, pre_tax_ship_fee, fee, pre_tax_fee, total, ship_src_name, ship_zip, ship_address, ship_address2,
      ship_dest_name, ship_tel, created_at, updated_at)
    select up.user_id, up.id, ${roundId}, ${planId}, 'CARD', 'BEFORE', 1, 'billing', 1, 'bill-' || up.id || '-' || ${roundId} || '-1',
      3300, 3000, 0, 0, 0, 0, 3300, 'OshiBox', '1500002', '東京都渋谷区渋谷', '', '推野 花子', '0312345678', now(), now()
    from user_plans up where up.plan_id = ${planId} order by up.id limit ${(N * 3) / 4}`.execute(db);
  await sql`analyze`.execute(db);
}, 120_000);

afterAll(() => database?.destroy());

interface PlanNode {
  'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows': number; 'Actual Loops': number;
  'Rows Removed by Filter'?: number; 'Rows Removed by Index Recheck'?: number; Plans?: PlanNode[];
}

/** Rows the statement read from plan_order_histories (kept or filtered out; a node's figures are per loop), over its whole plan. */
function orderRowsRead(node: PlanNode): number {
  const perLoop = node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
  const own = node['Relation Name'] === 'plan_order_histories' || node['Index Name']?.startsWith('plan_order_histories') ? perLoop * node['Actual Loops'] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + orderRowsRead(child), 0);
}

it('reads only its own subscriptions’ order rows for a page of the reservation, however much of the round is reserved', async () => {
  const db = database.handle.db;
  const reserved = await db.selectFrom('user_plans').select('id').where('plan_id', '=', round.plan_id).orderBy('id').offset((N * 3) / 4 - 1).limit(1).executeTakeFirstOrThrow();
  const compiled = eligibleQuery(round, reserved.id, PAGE).compile(db);
  const explained = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]));
  const raw = explained.rows[0]!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  // The page returns the next subscriptions, none of them reserved…
  expect((await eligibleQuery(round, reserved.id, PAGE).execute(db)).rows).toHaveLength(N / 4);
  // …and reads no order row for them: the 1,500 rows already reserved stay unread.
  expect(orderRowsRead(plan[0].Plan)).toBeLessThan(PAGE);
});
