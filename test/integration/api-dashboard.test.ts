import type { Express } from 'express';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { staffDashboard } from '../../api/dashboard/dashboard.service.ts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffDashboard } from '../../shared/api/dashboard.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { expectApiError } from './api-fixtures.ts';
import { dashboardApp, insertCharge, insertShopper, insertSubscription, seedDashboardShop, type DashboardShop } from './dashboard-fixtures.ts';

/**
 * GET /api/staff/dashboard over seeded rows whose figures are worked out by hand below. The clock
 * stands at 2026-12-10 12:00 JST: the December round's deadline (12/01 00:00 JST) has passed, so
 * December is the current round; January is still open.
 */
const NOW = new Date('2026-12-10T03:00:00Z');
let database: TestDatabase;
let app: Express;
const clock = { now: NOW };
let shop: DashboardShop;

async function seedShoppers(): Promise<void> {
  const db = database.handle.db;
  const light = (id: number, userId: number) => ({ id, userId, planId: shop.plans.light, price: 3300, preTax: 3000 });
  const b = (id: number, userId: number) => ({ id, userId, planId: shop.plans.b, price: 3300, preTax: 3000 });
  const [u1, u2, u3, u4, u5, u6, u7, u8] = await Promise.all(Array.from({ length: 8 }, () => insertShopper(db)));
  const sub = (s: Parameters<typeof insertSubscription>[1]) => insertSubscription(db, s);
  // u1 subscribes to both artists: one shopper, two subscriptions.
  const u1Light = await sub({ userId: u1!, planId: shop.plans.light, created: '2026-09-15T00:00:00Z' });
  const u1B = await sub({ userId: u1!, planId: shop.plans.b, created: '2026-11-10T00:00:00Z' });
  const u2Premium = await sub({ userId: u2!, planId: shop.plans.premium, created: '2026-10-05T00:00:00Z', count: 2 });
  const u3Light = await sub({ userId: u3!, planId: shop.plans.light, created: '2026-10-20T00:00:00Z', status: 'CANCELLED', cancelled: '2026-11-15T00:00:00Z' });
  await sub({ userId: u4!, planId: shop.plans.b, created: '2026-11-03T00:00:00Z', pausedFrom: '2026-11-30T15:00:00Z' });
  const u5Light = await sub({ userId: u5!, planId: shop.plans.light, created: '2026-11-20T00:00:00Z', status: 'CANCELLED', cancelled: '2026-12-05T00:00:00Z', cancelReason: 'price' });
  const u6Light = await sub({ userId: u6!, planId: shop.plans.light, created: '2026-11-21T00:00:00Z', status: 'FAILED' });
  // 2026-11-01 00:00 JST exactly: a November start in Tokyo, though still October in UTC.
  const u7Premium = await sub({ userId: u7!, planId: shop.plans.premium, created: '2026-10-31T15:00:00Z' });
  const u8B = await sub({ userId: u8!, planId: shop.plans.b, created: '2026-11-25T00:00:00Z' });

  const premium = (id: number, userId: number) => ({ id, userId, planId: shop.plans.premium, price: 5500, preTax: 5000, count: id === u2Premium ? 2 : 1 });
  const r = shop.rounds;
  // November round: three charges, u3's refunded when it was voided.
  // u1's November refund failed at the gateway, u2's partial one is still pending: two refunds not done.
  await insertCharge(db, light(u1Light, u1!), r.light.nov, { refund_status: 'failed' });
  const u2Nov = await insertCharge(db, premium(u2Premium, u2!), r.premium.nov);
  await db.insertInto('order_refunds').values({ history_id: u2Nov, amount: 1000, reason: 'テスト', refund_key: 'dash-partial', status: 'pending', created_at: NOW }).execute();
  await insertCharge(db, light(u3Light, u3!), r.light.nov, { payment_status: 'CANCEL', refund_status: 'refunded', refunded_at: new Date('2026-11-15T00:00:00Z') });
  // December round (current): every billing state once or twice.
  const billing = { origin: 'billing' };
  // Its card charge is disputed and waits for the shop's answer.
  await insertCharge(db, light(u1Light, u1!), r.light.dec, { ...billing, dispute_id: 'dp_dash', dispute_status: 'needs_response' });
  await insertCharge(db, { ...light(u5Light, u5!) }, r.light.dec, { payment_method: 'GMOAB', fee: 330, pre_tax_fee: 300, total: 4290 });
  await insertCharge(db, premium(u2Premium, u2!), r.premium.dec, { ...billing, payment_status: 'ERROR', paid_at: null, next_attempt_at: new Date('2026-12-11T00:00:00Z') });
  await insertCharge(db, premium(u7Premium, u7!), r.premium.dec, { ...billing, payment_status: 'ERROR', paid_at: null, attempts: 3 });
  await insertCharge(db, b(u1B, u1!), r.b.dec, { ...billing, payment_status: 'BEFORE', paid_at: null, claims: 1 });
  await insertCharge(db, b(u8B, u8!), r.b.dec, { ...billing, payment_status: 'BEFORE', paid_at: null });
  // A checkout that was declined never became a subscription: not in the billing status.
  await insertCharge(db, light(u6Light, u6!), r.light.dec, { payment_status: 'ERROR', paid_at: null });
  // January is open: its checkout charge is not in the revenue up to the current round.
  await insertCharge(db, light(u1Light, u1!), r.light.jan);
  // u8 skips the January box of plan B.
  await db.insertInto('user_plan_skips').values({ user_plan_id: u8B, plan_order_id: r.b.jan, created_at: NOW }).execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  shop = await seedDashboardShop(database.handle.db);
  await seedShoppers();
  app = dashboardApp(database.handle.db, clock);
});
afterAll(async () => database?.destroy());

async function dashboard(query = ''): Promise<StaffDashboard> {
  const res = await request(app).get(`/api/staff/dashboard${query}`).set('x-test-staff', 'yes');
  expect(res.status, res.text).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.body as StaffDashboard;
}

/** Counts the SQL statements run, to show the dashboard costs the same whatever the number of rows it sums. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe('GET /api/staff/dashboard', () => {
  it('counts the subscriptions active now, paused ones among them, and the shoppers behind them', async () => {
    const figures = await dashboard();
    expect(figures.asOf).toBe(NOW.toISOString());
    // u1 ×2, u2, u4 (paused), u7, u8; not the cancelled u3 and u5 nor the failed u6.
    expect(figures.active).toEqual({ subscriptions: 6, paused: 1, subscribers: 5 });
  });

  it('gives each round its charges, refunds and net, tax-included and pre-tax, up to the current round', async () => {
    const figures = await dashboard('?rounds=3');
    expect(figures.revenue.map((r) => [r.key, r.label.ja])).toEqual([['2026-10', '2026年10月'], ['2026-11', '2026年11月'], ['2026-12', '2026年12月']]);
    expect(figures.revenue[0]).toMatchObject({ charges: 0, net: { taxIncluded: 0, preTax: 0 } });
    // 3,960 + 11,660 (premium × 2 + shipping once) + 3,960 refunded.
    expect(figures.revenue[1]).toMatchObject({
      charges: 3, charged: { taxIncluded: 19_580, preTax: 17_800 }, refunded: { taxIncluded: 3960, preTax: 3600 }, net: { taxIncluded: 15_620, preTax: 14_200 },
    });
    // The billing charge of u1 and u5's GMO後払い checkout (its fee included); the declined ones took no money.
    expect(figures.revenue[2]).toMatchObject({ charges: 2, charged: { taxIncluded: 8250, preTax: 7500 }, refunded: { taxIncluded: 0, preTax: 0 } });
    expect((await dashboard()).revenue).toHaveLength(6);
  });

  it('counts new and cancelled subscriptions per Tokyo month, and churn over those active on the 1st', async () => {
    const { months } = await dashboard();
    expect(months).toHaveLength(12);
    expect(months[0]!.key).toBe('2026-01');
    const byKey = new Map(months.map((m) => [m.key, m]));
    expect(byKey.get('2026-09')).toMatchObject({ started: 1, cancelled: 0, activeAtStart: 0, churnPercent: null });
    expect(byKey.get('2026-10')).toMatchObject({ started: 2, cancelled: 0, activeAtStart: 1, churnPercent: 0 });
    // u7 started at 00:00 JST on November 1st: November's, and not active at its start.
    expect(byKey.get('2026-11')).toMatchObject({ started: 5, cancelled: 1, activeAtStart: 3, churnPercent: 33.3, label: { ja: '2026年11月', en: 'Nov 2026' } });
    expect(byKey.get('2026-12')).toMatchObject({ started: 0, cancelled: 1, activeAtStart: 7, churnPercent: 14.3 });
    // u3 cancelled by themselves (no reason); u5 through support with one (shared/cancel-reasons.ts).
    const none = { price: 0, contents: 0, oshi_change: 0, temporary: 0, other: 0, none: 0 };
    expect(byKey.get('2026-11')!.cancelledByReason).toEqual({ ...none, none: 1 });
    expect(byKey.get('2026-12')!.cancelledByReason).toEqual({ ...none, price: 1 });
    expect(byKey.get('2026-10')!.cancelledByReason).toEqual(none);
  });

  it('counts subscribers per artist (each shopper once) and per plan with its boxes', async () => {
    const figures = await dashboard();
    expect(figures.byArtist).toEqual([
      { artistId: shop.artists.a, artistName: 'ダッシュA', subscribers: 3 },
      { artistId: shop.artists.b, artistName: 'ダッシュB', subscribers: 3 },
    ]);
    expect(figures.byPlan.map((p) => [p.planName, p.artistName, p.subscribers, p.boxes])).toEqual([
      ['Bプラン', 'ダッシュB', 3, 3], ['プレミアムプラン', 'ダッシュA', 2, 3], ['ライトプラン', 'ダッシュA', 1, 1],
    ]);
  });

  it("tells the current round's charges by billing state", async () => {
    const { currentRound } = await dashboard();
    expect(currentRound).toEqual({
      key: '2026-12', label: { ja: '2026年12月', en: 'Dec 2026' }, issue: { ja: '12月号', en: 'Dec 2026 box' },
      counts: { charged: 2, retrying: 1, declined: 1, inDoubt: 1, queued: 1 },
    });
  });

  it('before any deadline has passed there is no current round and no revenue, and nothing fails', async () => {
    clock.now = new Date('2026-10-15T00:00:00Z');
    try {
      const figures = await dashboard();
      expect(figures.currentRound).toBeNull();
      expect(figures.revenue).toEqual([]);
      expect(figures.months.at(-1)!.key).toBe('2026-10');
    } finally {
      clock.now = NOW;
    }
  });

  it("opens on today's to-dos: each count links to the page where the work is done", async () => {
    const { toDos } = await dashboard();
    expect(toDos.map((t) => [t.kind, t.count, t.href])).toEqual([
      // u7's December charge: declined, no retry left, the ship date not reached; u2's is still retrying.
      ['declined', 1, `/billing/${shop.rounds.premium.dec}?state=declined`],
      // November's two paid boxes and December's two; January is still taking orders.
      ['toShip', 4, '/rounds?state=ship'],
      ['refunds', 2, '/orders?refund=open'],
      ['disputes', 1, '/billing'],
    ]);
  });

  it('gives MRR over the subscriptions billed from now on: goods × count + shipping, per month of the period', async () => {
    // u1 light, u1 B, u8 B: 3,960 each; u2 premium × 2: 11,660; u7 premium: 6,160. u4 is paused.
    expect((await dashboard()).mrr).toEqual({ taxIncluded: 29_700, preTax: 27_000 });
    await database.handle.db.updateTable('plans').set({ period: 3 }).where('id', '=', shop.plans.premium).execute();
    try {
      // Premium every 3 months: (11,660 + 6,160) / 3 = 5,940 instead of 17,820.
      expect((await dashboard()).mrr).toEqual({ taxIncluded: 11_880 + 5940, preTax: 10_800 + 5400 });
    } finally {
      await database.handle.db.updateTable('plans').set({ period: 1 }).where('id', '=', shop.plans.premium).execute();
    }
  });

  it('forecasts the boxes of each round taking orders: likely (paid + pending) and the upper bound', async () => {
    const { forecast } = await dashboard();
    const r = shop.rounds;
    expect(forecast.map((f) => [f.roundId, f.boxes, f.likely, f.upperBound])).toEqual([
      // u1 paid January at checkout; the cancelled and the failed checkout are not counted.
      [r.light.jan, { paid: 1, pending: 0, skipped: 0, paused: 0, failed: 0 }, 1, 1],
      // u2 (2 boxes, retrying) and u7 (declined) were declined in December.
      [r.premium.jan, { paid: 0, pending: 0, skipped: 0, paused: 0, failed: 3 }, 0, 3],
      [r.b.jan, { paid: 0, pending: 1, skipped: 1, paused: 1, failed: 0 }, 1, 3],
    ]);
    expect(forecast[0]).toMatchObject({ planName: 'ライトプラン', artistName: 'ダッシュA', deadline: '2026-12-31T15:00:00.000Z' });
  });

  it('runs twenty-one queries (the kept offers, to-dos, MRR, forecast, the month’s shipments, unlocked 特典 and konbini/PayPay rounds among them) for six rounds, twelve months, several artists and plans: none per row', async () => {
    const counter = new QueryCounter();
    const figures = await staffDashboard(database.handle.db.withPlugin(counter), NOW);
    expect(figures.revenue).toHaveLength(6);
    expect(figures.byPlan.length + figures.byArtist.length).toBeGreaterThan(4);
    expect(counter.count).toBe(21);
  });

  it('answers 400 naming the query parameter for a bad or unknown one, and 401 without the guard', async () => {
    for (const query of ['?rounds=0', '?rounds=25', '?rounds=1e1', '?rounds=abc']) {
      expectApiError(await request(app).get(`/api/staff/dashboard${query}`).set('x-test-staff', 'yes'), 400, 'BAD_REQUEST', ['rounds']);
    }
    expectApiError(await request(app).get('/api/staff/dashboard?from=2026').set('x-test-staff', 'yes'), 400, 'BAD_REQUEST', ['from']);
    const refused = await request(app).get('/api/staff/dashboard');
    expectApiError(refused, 401, 'UNAUTHORIZED');
    expect(refused.text).not.toContain('subscriptions');
  });
});
