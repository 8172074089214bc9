import type { Kysely } from 'kysely';
import request from 'supertest';
import type { DB } from '../../api/db/schema.ts';
import { signUp, startAccountApi, withSession, type AccountApi, type AccountApiOptions } from './api-account-fixtures.ts';
import { buildArtist, buildPlan, buildRound, insertArtist, insertPlan, insertRound } from './api-fixtures.ts';
import { registerTestCard } from './api-user-plan-card.ts';

/**
 * Set-up of the subscription API tests: the account API (real SMTP mailbox, a clock the test
 * moves, the sandbox payment provider on the same database) and a catalogue whose rounds have
 * Tokyo-midnight deadlines:
 * - the open round closes 2026-12-01 00:00 JST (2026-11-30T15:00Z) and ships 12/25 (「12月号」);
 * - the next one closes 2027-01-01 00:00 JST and ships 2027-01-25 (「1月号」).
 */
export const OPEN_DEADLINE = new Date('2026-11-30T15:00:00.000Z');
export const NEXT_DEADLINE = new Date('2026-12-31T15:00:00.000Z');

export interface Catalogue {
  slug: string;
  light: number;
  premium: number;
  otherArtistPlan: number;
  closedPlan: number;
  noRoundPlan: number;
  openRound: { light: number; premium: number };
  nextRound: { light: number; premium: number };
}

async function roundsFor(db: Kysely<DB>, planId: number, price: number, preTax: number) {
  const open = await insertRound(db, { ...buildRound(planId, new Date('2026-11-01T00:00:00Z'), OPEN_DEADLINE, new Date('2026-12-25T01:00:00Z'), '2026年12月お届け分'), price, pre_tax_price: preTax });
  const next = await insertRound(db, { ...buildRound(planId, OPEN_DEADLINE, NEXT_DEADLINE, new Date('2027-01-25T01:00:00Z'), '2027年1月お届け分'), price, pre_tax_price: preTax });
  return { open, next };
}

export async function seedCatalogue(db: Kysely<DB>): Promise<Catalogue> {
  const artist = await insertArtist(db, buildArtist({ slug: 'sub-artist', name: 'サブスク・アーティスト' }));
  const light = await insertPlan(db, buildPlan(artist, { name: 'ライトプラン', price: 3300, pre_tax_price: 3000, sort: 1 }));
  const premium = await insertPlan(db, buildPlan(artist, { name: 'プレミアムプラン', price: 5500, pre_tax_price: 5000, sort: 2 }));
  const l = await roundsFor(db, light, 3300, 3000);
  const p = await roundsFor(db, premium, 5500, 5000);
  const other = await insertArtist(db, buildArtist({ slug: 'other-artist' }));
  const otherArtistPlan = await insertPlan(db, buildPlan(other));
  await roundsFor(db, otherArtistPlan, 3300, 3000);
  const closed = await insertArtist(db, buildArtist({ slug: 'closed-artist', is_close: true }));
  const closedPlan = await insertPlan(db, buildPlan(closed));
  await roundsFor(db, closedPlan, 3300, 3000);
  const noRoundPlan = await insertPlan(db, buildPlan(other, { name: '準備中プラン', sort: 2 }));
  await insertRound(db, buildRound(noRoundPlan, OPEN_DEADLINE, NEXT_DEADLINE, new Date('2027-01-25T01:00:00Z')));
  return {
    slug: 'sub-artist', light, premium, otherArtistPlan, closedPlan, noRoundPlan,
    openRound: { light: l.open, premium: p.open }, nextRound: { light: l.next, premium: p.next },
  };
}

export interface Shopper {
  email: string;
  userId: number;
  cookie: string;
}

let serial = 0;

/** A user signed up through the API; with a card registered through the sandbox unless `card` is null. */
export async function newShopper(api: AccountApi, card: string | null = '4242424242424242'): Promise<Shopper> {
  serial += 1;
  const email = `sub-${serial}@example.com`;
  const cookie = withSession(await signUp(api, email));
  const status = await request(api.app).get('/api/login/loginStatus').set('cookie', cookie);
  const userId = (status.body as { userId: number }).userId;
  if (card) await registerTestCard(api, cookie, userId, card);
  // The sign-up mail is read; later mails are the subscription's own.
  return { email, userId, cookie };
}

export function subscribe(api: AccountApi, shopper: Shopper, body: object, key?: string) {
  const req = request(api.app).post('/api/userPlan').set('cookie', shopper.cookie);
  if (key) req.set('idempotency-key', key);
  return req.send(body);
}

export function changePlan(api: AccountApi, shopper: Shopper, body: object) {
  return request(api.app).put('/api/userPlan').set('cookie', shopper.cookie).send(body);
}

export async function historiesOf(api: AccountApi, userId: number) {
  return api.db.selectFrom('plan_order_histories').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function userPlansOf(api: AccountApi, userId: number) {
  return api.db.selectFrom('user_plans').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/** Charges the provider (the sandbox) actually made for the user's subscriptions. */
export async function providerChargesOf(api: AccountApi, userId: number) {
  const keys = (await historiesOf(api, userId)).map((h) => h.charge_key);
  if (keys.length === 0) return [];
  return api.db.selectFrom('sandbox_charges').select(['order_key', 'status', 'amount', 'refunded_amount']).where('order_key', 'in', keys).execute();
}

/** The account API with room for the many sign-ups of one test file from one client address. */
export function startSubscriptionApi(options: Pick<AccountApiOptions, 'paymentProvider' | 'deferredPayment' | 'staff' | 'consolidationWindowDays'> = {}): Promise<AccountApi> {
  return startAccountApi({ throttle: { mailClient: { limit: 1000, windowMs: 30 * 60_000 } }, ...options });
}

export { type AccountApi };
