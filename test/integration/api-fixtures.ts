import type { Express } from 'express';
import type { Insertable, Kysely } from 'kysely';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import type { ArtistsTable, DB, PlansTable, PlanOrdersTable, UsersTable } from '../../api/db/schema.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { hashToken } from '../../api/session/session.service.ts';
import type { ApiErrorBody } from '../../shared/api/errors.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { silentLogger, testConfig } from '../support/stack.ts';

/**
 * Shared set-up of the API integration tests (test/integration/api-*.test.ts): the API app over a
 * fresh database seeded with the demo catalogue at a fixed clock, and factories for the rows a test
 * needs exactly (plain data with stable names, inserted with Kysely).
 */
export const NOW = new Date('2026-11-22T03:00:00.000Z');

export function minutesFromNow(minutes: number): Date {
  return new Date(NOW.getTime() + minutes * 60_000);
}

export function daysFromNow(days: number): Date {
  return minutesFromNow(days * 24 * 60);
}

export interface ApiTest {
  app: Express;
  db: Kysely<DB>;
  database: TestDatabase;
}

/** The operator token of `startApi`'s app (the endpoint answers no one without one). */
export const TEST_OPS_TOKEN = 'test-ops-token-0123456789abcdef0123';

export async function startApi(): Promise<ApiTest> {
  const database = await createTestDatabase();
  const db = database.handle.db;
  await seedDemo(db, NOW);
  const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
  const ops = { token: TEST_OPS_TOKEN, hosts: [] };
  return { app: createApiApp({ db, logger: silentLogger, now: () => NOW, publicOrigin: testConfig().PUBLIC_ORIGIN, mailer, ops }), db, database };
}

/** supertest gives the body untyped; the tests say what they expect it to be. */
export function bodyOf<T>(res: Response): T {
  return res.body as T;
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** The one error shape of the API, with the code, both messages and (optionally) bad fields. */
export function expectApiError(res: Response, status: number, code: string, fields: string[] = []): ApiErrorBody {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = bodyOf<ApiErrorBody>(res);
  expect(body.code).toBe(code);
  expect(body.message).toMatch(JAPANESE);
  expect(typeof body.messageEn).toBe('string');
  expect(body.messageEn.length).toBeGreaterThan(0);
  for (const field of fields) expect(Object.keys(body.fields ?? {})).toContain(field);
  return body;
}

// ---------------------------------------------------------------------------------------------
// Factories

type NewArtist = Insertable<ArtistsTable>;

export function buildArtist(overrides: Partial<NewArtist> & { slug: string }): NewArtist {
  return {
    name: `テスト・${overrides.slug}`,
    sub_name: 'Test Artist',
    description: 'テスト用のアーティストです。',
    icon: `/api/media/test/${overrides.slug}.svg`,
    cover_image: `/api/media/test/${overrides.slug}-cover.svg`,
    type: 'OTHER',
    attribute: JSON.stringify({ links: [{ type: 'TWITTER', url: `https://twitter.com/${overrides.slug}` }] }),
    copyright: '©Test',
    background_color: '#123abc',
    sort: 5000,
    ...overrides,
  };
}

export async function insertArtist(db: Kysely<DB>, artist: NewArtist, tags: string[] = []): Promise<number> {
  const { id } = await db.insertInto('artists').values(artist).returning('id').executeTakeFirstOrThrow();
  if (tags.length > 0) await db.insertInto('artist_tags').values(tags.map((tag) => ({ artist_id: id, tag }))).execute();
  return id;
}

export function buildPlan(artistId: number, overrides: Partial<Insertable<PlansTable>> = {}): Insertable<PlansTable> {
  return { artist_id: artistId, name: 'テストプラン', attention: '注意事項', period: 1, price: 3300, pre_tax_price: 3000, sort: 1, ...overrides };
}

export async function insertPlan(db: Kysely<DB>, plan: Insertable<PlansTable>): Promise<number> {
  return (await db.insertInto('plans').values(plan).returning('id').executeTakeFirstOrThrow()).id;
}

/** A round as a test gives it: without a price of its own, it takes its plan's (insertRound). */
export type RoundSeed = Omit<Insertable<PlanOrdersTable>, 'price' | 'pre_tax_price'> & Partial<Pick<Insertable<PlanOrdersTable>, 'price' | 'pre_tax_price'>>;

/** A round open from `start` until `end` (the deadline), shipping at `ship`. */
export function buildRound(planId: number, start: Date, end: Date, ship: Date, name = 'テスト回'): RoundSeed {
  return { plan_id: planId, name, start_date: start, end_date: end, ship_date: ship };
}

/** Inserts a round; one given no price takes its plan's, as the import and the console make rounds. */
export async function insertRound(db: Kysely<DB>, round: RoundSeed): Promise<number> {
  const plan = await db.selectFrom('plans').select(['price', 'pre_tax_price']).where('id', '=', round.plan_id).executeTakeFirstOrThrow();
  const priced = { ...round, price: round.price ?? plan.price, pre_tax_price: round.pre_tax_price ?? plan.pre_tax_price };
  return (await db.insertInto('plan_orders').values(priced).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertGoods(db: Kysely<DB>, orderId: number, names: string[]): Promise<void> {
  await db
    .insertInto('order_goods')
    .values(names.map((name, i) => ({ plan_order_id: orderId, name, description: `${name}の説明`, image: `/api/media/goods/${i}.svg`, sort: i + 1 })))
    .execute();
}

export const KNOWN_USER = {
  email: 'known.user@example.com',
  password_hash: 'scrypt$known-salt$known-hash-value',
  name: '推野 花子',
  zip: '1500002',
  address: '東京都渋谷区渋谷',
  address2: '2-24-12',
  birthday: '1995-04-01',
  gender: 'FEMALE',
  tel: '0312345678',
  payment_method: 'CARD',
} as const satisfies Insertable<UsersTable>;

export async function insertUser(db: Kysely<DB>, user: Insertable<UsersTable>): Promise<number> {
  return (await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertSession(
  db: Kysely<DB>,
  session: { token: string; userId: number; expiresAt: Date; secureUntil?: Date | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(session.token),
      user_id: session.userId,
      expires_at: session.expiresAt,
      secure_until: session.secureUntil ?? null,
    })
    .execute();
}
