import express, { type Express, type RequestHandler } from 'express';
import type { Insertable, Kysely } from 'kysely';
import { dashboardRouter } from '../../api/dashboard/dashboard.router.ts';
import type { DB, PlanOrderHistoriesTable } from '../../api/db/schema.ts';
import { DomainError, errorHandler, notFoundHandler } from '../../api/http/errors.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { silentLogger } from '../support/stack.ts';
import { buildArtist, buildPlan, buildRound, insertArtist, insertPlan, insertRound } from './api-fixtures.ts';

/**
 * The dashboard's router mounted as the staff API will mount it, behind a stand-in for the staff
 * guard (the real one is the staff session's, issue 19): a request without `x-test-staff` is
 * refused before anything is read. The shop: artist A (light, premium), artist B (one plan), each
 * plan with rounds shipping in November, December and January (deadlines at 00:00 JST on the 1st).
 */
export const TEST_GUARD: RequestHandler = (req, _res, next) => {
  if (req.get('x-test-staff') === 'yes') return next();
  next(new DomainError(401, 'UNAUTHORIZED', { ja: 'ログインしてください。', en: 'Please sign in.' }));
};

export function dashboardApp(db: Kysely<DB>, clock: { now: Date }): Express {
  const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
  const ctx = { db, logger: silentLogger, now: () => clock.now, publicOrigin: 'http://localhost:3000', mailer };
  const app = express();
  app.use('/api/staff/dashboard', dashboardRouter(ctx, TEST_GUARD));
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

export interface DashboardShop {
  plans: { light: number; premium: number; b: number };
  artists: { a: number; b: number };
  /** Per plan: the round shipping in that month. */
  rounds: Record<'light' | 'premium' | 'b', { nov: number; dec: number; jan: number }>;
}

const ROUND_DATES = {
  nov: ['2026-10-31T15:00:00Z', '2026-11-25T01:00:00Z'],
  dec: ['2026-11-30T15:00:00Z', '2026-12-25T01:00:00Z'],
  jan: ['2026-12-31T15:00:00Z', '2027-01-25T01:00:00Z'],
} as const;

async function roundsOf(db: Kysely<DB>, planId: number, price: number, preTax: number) {
  const insert = (key: keyof typeof ROUND_DATES) => {
    const [end, ship] = ROUND_DATES[key];
    return insertRound(db, { ...buildRound(planId, new Date('2026-09-01T00:00:00Z'), new Date(end), new Date(ship)), price, pre_tax_price: preTax });
  };
  return { nov: await insert('nov'), dec: await insert('dec'), jan: await insert('jan') };
}

export async function seedDashboardShop(db: Kysely<DB>): Promise<DashboardShop> {
  const a = await insertArtist(db, buildArtist({ slug: 'dash-a', name: 'ダッシュA' }));
  const b = await insertArtist(db, buildArtist({ slug: 'dash-b', name: 'ダッシュB' }));
  const light = await insertPlan(db, buildPlan(a, { name: 'ライトプラン', price: 3300, pre_tax_price: 3000 }));
  const premium = await insertPlan(db, buildPlan(a, { name: 'プレミアムプラン', price: 5500, pre_tax_price: 5000, sort: 2 }));
  const bPlan = await insertPlan(db, buildPlan(b, { name: 'Bプラン', price: 3300, pre_tax_price: 3000 }));
  return {
    plans: { light, premium, b: bPlan }, artists: { a, b },
    rounds: { light: await roundsOf(db, light, 3300, 3000), premium: await roundsOf(db, premium, 5500, 5000), b: await roundsOf(db, bPlan, 3300, 3000) },
  };
}

let serial = 0;

export async function insertShopper(db: Kysely<DB>): Promise<number> {
  serial += 1;
  const user = { email: `dash-${serial}@example.com`, password_hash: 'scrypt$salt$hash', name: `ダッシュ ${serial}`, payment_method: 'CARD' };
  return (await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()).id;
}

export interface SubscriptionRow {
  userId: number; planId: number; created: string; status?: string; count?: number; cancelled?: string; pausedFrom?: string; cancelReason?: string;
}

export async function insertSubscription(db: Kysely<DB>, s: SubscriptionRow): Promise<number> {
  const created = new Date(s.created);
  return (await db.insertInto('user_plans').values({
    user_id: s.userId, plan_id: s.planId, count: s.count ?? 1, status: s.status ?? 'ACTIVE', created_at: created, updated_at: created,
    cancelled_at: s.cancelled ? new Date(s.cancelled) : null, paused_from: s.pausedFrom ? new Date(s.pausedFrom) : null,
    cancel_reason: s.cancelReason ?? null,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** One round's charge: a card charge of goods × count + shipping, paid at checkout, unless overridden. */
export async function insertCharge(
  db: Kysely<DB>, sub: { id: number; userId: number; planId: number; count?: number; price: number; preTax: number }, roundId: number,
  overrides: Partial<Insertable<PlanOrderHistoriesTable>> = {},
): Promise<number> {
  serial += 1;
  const count = sub.count ?? 1;
  const at = new Date('2026-11-01T01:00:00Z');
  return (await db.insertInto('plan_order_histories').values({
    user_id: sub.userId, user_plan_id: sub.id, plan_id: sub.planId, plan_order_id: roundId, payment_method: 'CARD', payment_status: 'SUCCESS', count,
    price: sub.price * count, pre_tax_price: sub.preTax * count, ship_fee: 660, pre_tax_ship_fee: 600, total: sub.price * count + 660,
    ship_src_name: 'OshiBox', ship_zip: '1500002', ship_address: '東京都渋谷区渋谷', ship_address2: '', ship_dest_name: 'ダッシュ', ship_tel: '0312345678',
    charge_key: `dash-${serial}`, paid_at: at, created_at: at, updated_at: at, ...overrides,
  }).returning('id').executeTakeFirstOrThrow()).id;
}
