import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingOptionsOf } from '../../api/billing/billing-options.ts';
import { runBilling } from '../../api/billing/run-billing.ts';
import type { ApiContext } from '../../api/context.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { createLogger } from '../../server/logger.server.ts';
import type { StaffDashboard } from '../../shared/api/dashboard.ts';
import { enrolledStaff, signedIn, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';

/**
 * The demo shop's customers (api/db/seed/demo-customers.ts): the console's dashboard shows real,
 * non-zero figures from them; their past rounds are charged as the billing run leaves them, so a
 * run started on the demo shop charges nothing already past; the sandbox's rows match.
 */
let api: StaffApi;
let seeded: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  api = await startStaffApi();
  // The billing run's leases are on the database's own clock (charge-rounds.ts), so this shop's clock is the real one.
  api.clock.now = new Date();
  seeded = await seedDemo(api.db, api.clock.now, { customers: true });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('the demo customers', () => {
  it('are clearly fake: reserved example.com addresses, 推野 names, no password that signs in', async () => {
    expect(seeded).toMatchObject({ seeded: true, customers: 24 });
    const users = await api.db.selectFrom('users').select(['email', 'name', 'password_hash']).execute();
    expect(users).toHaveLength(24);
    for (const u of users) {
      expect(u.email).toMatch(/^demo-customer-\d{2}@example\.com$/);
      expect(u.name).toMatch(/^推野 /);
      expect(u.password_hash.startsWith('scrypt$')).toBe(false);
    }
    const login = await request(api.app).post('/api/login/emailLogin').set('origin', 'http://localhost:3000').send({ email: 'demo-customer-01@example.com', password: 'password-123' });
    expect(login.status).toBe(401);
  });

  it('are not part of the catalogue-only seed the tests use', async () => {
    const other = await startStaffApi();
    try {
      expect(await seedDemo(other.db, other.clock.now)).toMatchObject({ seeded: true, customers: 0 });
      expect(await other.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('give the dashboard non-zero figures', async () => {
    const owner = await enrolledStaff(api, 'owner@oshibox.example', 'owner');
    const session = await signedIn(api, 'owner@oshibox.example', owner.secret);
    const res = await request(api.app).get('/api/staff/dashboard').set('cookie', withStaff(session));
    expect(res.status).toBe(200);
    const figures = res.body as StaffDashboard;
    expect(figures.active.subscriptions).toBeGreaterThanOrEqual(15);
    expect(figures.active.subscribers).toBe(figures.active.subscriptions);
    expect(figures.revenue.some((r) => r.charges > 0)).toBe(true);
    expect(figures.months.reduce((n, m) => n + m.started, 0)).toBe(24);
    expect(figures.months.reduce((n, m) => n + m.cancelled, 0)).toBe(5);
    // Why they left, as support recorded it; one cancelled on their own and gave no reason.
    const reasons = figures.months.reduce((sum, m) => {
      for (const [key, n] of Object.entries(m.cancelledByReason)) sum[key] = (sum[key] ?? 0) + n;
      return sum;
    }, {} as Record<string, number>);
    expect(reasons).toMatchObject({ oshi_change: 1, price: 1, temporary: 1, contents: 1, none: 1 });
    expect(figures.byArtist.length).toBeGreaterThan(3);
    expect(figures.byPlan.reduce((n, p) => n + p.boxes, 0)).toBeGreaterThan(figures.active.subscriptions);
    expect(figures.currentRound?.counts).toMatchObject({ charged: expect.any(Number), declined: 2, inDoubt: 1 });
    expect(figures.currentRound!.counts.charged).toBeGreaterThan(5);
  });

  it('match the sandbox: every charge has its provider row with the same amount and outcome', async () => {
    const rows = await api.db.selectFrom('plan_order_histories')
      .leftJoin('sandbox_charges', 'sandbox_charges.order_key', 'plan_order_histories.charge_key')
      .select(['plan_order_histories.payment_status', 'plan_order_histories.total', 'plan_order_histories.charge_id', 'sandbox_charges.amount', 'sandbox_charges.status', 'sandbox_charges.charge_id as sandboxChargeId'])
      .execute();
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows.filter((r) => r.payment_status !== 'BEFORE')) {
      expect(row.amount).toBe(row.total);
      expect(row.status).toBe(row.payment_status === 'ERROR' ? 'declined' : 'succeeded');
      expect(row.charge_id).toBe(row.sandboxChargeId);
    }
    // The charge in doubt never reached the provider.
    expect(rows.filter((r) => r.payment_status === 'BEFORE')).toEqual([expect.objectContaining({ status: null, charge_id: null })]);
    const statuses = new Set(rows.map((r) => r.payment_status));
    expect([...statuses].sort()).toEqual(['BEFORE', 'DELIVERED', 'ERROR', 'SHIPSTART', 'SUCCESS']);
    const cards = await api.db.selectFrom('user_cards').innerJoin('sandbox_cards', 'sandbox_cards.token', 'user_cards.token').select('user_cards.user_id').execute();
    expect(cards).toHaveLength(24);
    expect(await api.db.selectFrom('user_plan_skips').select('user_plan_id').execute()).toHaveLength(2);
  });

  it('leave nothing past for the billing run; the charge in doubt is settled once its lease lapses', async () => {
    const ctx: ApiContext = { db: api.db, logger: createLogger('silent', 'api'), now: () => api.clock.now, publicOrigin: 'http://localhost:3000', mailer: api.mailer };
    const before = await api.db.selectFrom('sandbox_charges').select('order_key').execute();
    expect(await runBilling(ctx, billingOptionsOf(ctx))).toMatchObject({ rounds: 0, reserved: 0, charged: 0, declined: 0, inDoubt: 0 });
    expect(await api.db.selectFrom('sandbox_charges').select('order_key').execute()).toHaveLength(before.length);
    await sql`update plan_order_histories set claimed_until = now() - interval '1 minute' where payment_status = 'BEFORE'`.execute(api.db);
    expect(await runBilling(ctx, billingOptionsOf(ctx))).toMatchObject({ reserved: 0, charged: 1, declined: 0, inDoubt: 0 });
    expect(await api.db.selectFrom('sandbox_charges').select('order_key').execute()).toHaveLength(before.length + 1);
  });
});
