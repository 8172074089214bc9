/**
 * `npm run bench:order-list`: the console's order list (issue 32) over 100k orders on a throwaway
 * PostgreSQL database (or `--pglite`): the first page and a deep keyset page, with and without
 * filters, p50/p95 in ms over `--runs` reads each. Figures go to docs/decisions/0079-order-list.md by hand.
 *   npm run bench:order-list -- [--n 100000] [--runs 40] [--pglite]
 */
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';
import { listOrders } from '../../api/orders/orders.service.ts';
import type { OrderListFilters } from '../../shared/order-list-rules.ts';
import { createScratchDatabase } from './billing-setup.ts';
import { seedBulkSubscriptions } from './bulk-subscriptions.ts';

const DEFAULT_DATABASE_URL = 'postgres://root@127.0.0.1:5432/test';
const PLANS = 4;
const ROUNDS_PER_PLAN = 10;
const DAY = 86_400_000;

/** Two artists of two plans each, ten monthly rounds a plan; n / 40 subscribers a plan, so n orders in all. */
async function seedOrders(db: Kysely<DB>, n: number, now: Date): Promise<{ artistId: number }> {
  const perPlan = Math.ceil(n / (PLANS * ROUNDS_PER_PLAN));
  let firstArtist = 0;
  for (let p = 0; p < PLANS; p += 1) {
    if (p % 2 === 0) {
      const artist = await db.insertInto('artists').values({ slug: `bench-orders-${p}`, name: `ベンチ${p}`, type: 'OTHER', attribute: JSON.stringify({ links: [] }) })
        .returning('id').executeTakeFirstOrThrow();
      firstArtist ||= artist.id;
    }
    const artistId = firstArtist + Math.floor(p / 2);
    const plan = await db.insertInto('plans').values({ artist_id: artistId, name: `プラン${p}`, price: 3300, pre_tax_price: 3000 }).returning('id').executeTakeFirstOrThrow();
    await seedBulkSubscriptions(db, { planId: plan.id, n: perPlan, createdAt: new Date(now.getTime() - 400 * DAY), tag: `orders${p}` });
    for (let r = 0; r < ROUNDS_PER_PLAN; r += 1) {
      const end = new Date(now.getTime() - (ROUNDS_PER_PLAN - r) * 30 * DAY);
      await db.insertInto('plan_orders').values({
        plan_id: plan.id, name: `${r + 1}月号`, price: 3300, pre_tax_price: 3000, start_date: new Date(end.getTime() - 30 * DAY), end_date: end, ship_date: new Date(end.getTime() + 10 * DAY),
      }).execute();
    }
  }
  // Every subscriber charged for every round, at the round's deadline plus a few seconds each; a mix of statuses and methods.
  await sql`insert into plan_order_histories (user_id, user_plan_id, plan_id, plan_order_id, payment_method, payment_status, count, price,
      pre_tax_price, ship_fee, pre_tax_ship_fee, total, ship_src_name, ship_zip, ship_address, ship_address2, ship_dest_name, ship_tel,
      charge_key, created_at, updated_at)
    select up.user_id, up.id, up.plan_id, o.id, case when up.id % 7 = 0 then 'GMOAB' else 'CARD' end,
      case when (up.id + o.id) % 20 = 0 then 'ERROR' when o.end_date > ${new Date(now.getTime() - 60 * DAY)} then 'SUCCESS' else 'DELIVERED' end,
      1, 3300, 3000, 660, 600, 3960, 'OshiBox', '1500002', '東京都', '', '推野 花子', '0312345678', 'bench-' || up.id || '-' || o.id,
      o.end_date + (up.id % 3600) * interval '1 second', o.end_date
    from user_plans up join plan_orders o on o.plan_id = up.plan_id`.execute(db);
  await sql`analyze`.execute(db);
  return { artistId: firstArtist };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function measure(db: Kysely<DB>, runs: number, filters: OrderListFilters, after: number | undefined) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    rows = (await listOrders(db, filters, after)).orders.length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows };
}

/** The order number `depth` rows down the filtered list: where a deep page starts. */
async function idAtDepth(db: Kysely<DB>, depth: number, where: ReturnType<typeof sql>) {
  const row = await sql<{ id: number }>`select id from plan_order_histories h where superseded_by is null and ${where}
    order by created_at desc, id desc offset ${depth} limit 1`.execute(db);
  return row.rows[0]?.id;
}

async function main() {
  const { values } = parseArgs({ options: { n: { type: 'string', default: '100000' }, runs: { type: 'string', default: '40' }, pglite: { type: 'boolean', default: false } } });
  const n = Number(values.n);
  const runs = Number(values.runs);
  const scratch = await createScratchDatabase(values.pglite ? null : (process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL), 4);
  try {
    const db = scratch.handle.db;
    const seedStarted = performance.now();
    const { artistId } = await seedOrders(db, n, new Date());
    const total = (await db.selectFrom('plan_order_histories').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    console.log(`${scratch.label}: ${total} orders seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${runs} reads each`);
    const filtered: OrderListFilters = { artist: String(artistId), status: 'DELIVERED', method: 'CARD' };
    const filteredWhere = sql`h.plan_id in (select id from plans where artist_id = ${artistId}) and payment_status = 'DELIVERED' and payment_method = 'CARD'`;
    const filteredCount = Number((await sql<{ n: number }>`select count(*)::int as n from plan_order_histories h where superseded_by is null and ${filteredWhere}`.execute(db)).rows[0]?.n);
    const cases: { label: string; filters: OrderListFilters; after: number | undefined }[] = [
      { label: 'first page, no filter', filters: {}, after: undefined },
      { label: `deep page (row ${Math.floor(total * 0.9)}), no filter`, filters: {}, after: await idAtDepth(db, Math.floor(total * 0.9), sql`true`) },
      { label: 'first page, artist+status+method', filters: filtered, after: undefined },
      { label: `deep page (row ${Math.floor(filteredCount * 0.9)} of ${filteredCount}), artist+status+method`, filters: filtered, after: await idAtDepth(db, Math.floor(filteredCount * 0.9), filteredWhere) },
      { label: 'first page, status=ERROR', filters: { status: 'ERROR' }, after: undefined },
    ];
    console.log(`| case | rows | p50 ms | p95 ms |\n|---|---:|---:|---:|`);
    for (const c of cases) {
      const r = await measure(db, runs, c.filters, c.after);
      console.log(`| ${c.label} | ${r.rows} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
    }
  } finally {
    await scratch.drop();
  }
}

await main();
