import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../../api/db/schema.ts';
import request from 'supertest';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { buildArtist, buildPlan, buildRound, insertArtist, insertPlan, insertRound } from './api-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { insertCharge, insertShopper, insertSubscription } from './dashboard-fixtures.ts';

/**
 * The console's catalogue tests (issue 19): a signed-in member of each role, and a plan whose
 * rounds stand in every state a price change must respect. The clock stands at 2026-11-22 12:00
 * JST (api-staff-fixtures.ts START).
 */
export async function signInAs(api: StaffApi, role: StaffRole): Promise<string> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@oshibox.example`;
  const { secret } = await enrolledStaff(api, email, role);
  return signedIn(api, email, secret);
}

export const staffGet = (api: StaffApi, token: string, path: string) => request(api.app).get(path).set('cookie', withStaff(token));
export const staffSend = (api: StaffApi, token: string, method: 'post' | 'put', path: string, body: object) =>
  request(api.app)[method](path).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(token)).send(body);

export interface PricedPlan {
  planId: number;
  /** October (deadline passed, charged by the run), November (open, paid at checkout), December and January (open, nothing charged). */
  rounds: { oct: number; nov: number; dec: number; jan: number };
  /** Active subscribers (one paid November at checkout) and one cancelled. */
  subscribers: { userPlanId: number; userId: number }[];
}

const JST_MIDNIGHT_1ST = (month: string) => new Date(`${month}-01T00:00:00+09:00`);

export async function seedPricedPlan(api: { db: Kysely<DB> }): Promise<PricedPlan> {
  const db = api.db;
  const artist = await insertArtist(db, buildArtist({ slug: `price-${Math.random().toString(36).slice(2, 8)}`, name: '価格テスト' }));
  const planId = await insertPlan(db, buildPlan(artist, { name: 'ライトプラン', price: 3300, pre_tax_price: 3000 }));
  const round = (end: string, ship: string, name: string) => insertRound(db, buildRound(planId, new Date('2026-09-01T00:00:00Z'), JST_MIDNIGHT_1ST(end), new Date(`${ship}-25T01:00:00Z`), name));
  const rounds = {
    oct: await round('2026-11', '2026-11', '11月号'),
    nov: await round('2026-12', '2026-12', '12月号'),
    dec: await round('2027-01', '2027-01', '1月号'),
    jan: await round('2027-02', '2027-02', '2月号'),
  };
  const subscribers = [];
  for (let i = 0; i < 2; i += 1) {
    const userId = await insertShopper(db);
    const userPlanId = await insertSubscription(db, { userId, planId, created: '2026-10-01T00:00:00Z' });
    await insertCharge(db, { id: userPlanId, userId, planId, price: 3300, preTax: 3000 }, rounds.oct, { origin: 'billing' });
    subscribers.push({ userPlanId, userId });
  }
  const first = subscribers[0]!;
  await insertCharge(db, { id: first.userPlanId, userId: first.userId, planId, price: 3300, preTax: 3000 }, rounds.nov);
  const gone = await insertShopper(db);
  await insertSubscription(db, { userId: gone, planId, created: '2026-10-01T00:00:00Z', status: 'CANCELLED', cancelled: '2026-10-20T00:00:00Z' });
  return { planId, rounds, subscribers };
}

/** A real picture, as a person's camera or drawing app would make it. */
export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } }).png().toBuffer();
}

export const upload = (api: StaffApi, token: string, kind: string, bytes: Buffer, contentType = 'application/octet-stream') =>
  request(api.app).post(`/api/staff/catalogue/images?kind=${kind}`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(token))
    .set('content-type', contentType).send(bytes);
