import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, queryOnce } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { hashToken, SESSION_COOKIE } from '../../api/session/session.service.ts';

/** The artist whose page, plan and API answer the benchmark reads (demo catalogue). */
export const KNOWN_ARTIST = 'hoshino_mirai';

export interface ShopDatabase {
  /** DATABASE_URL for roles web/api, or DATA_DIR for role all on PGlite. */
  env: Record<string, string>;
  label: string;
  /** `cookie` header value of a signed-in shopper (session inserted directly, as the tests do). */
  cookie: string;
  /** A plan of KNOWN_ARTIST, for the checkout page. */
  planId: number;
  drop(): Promise<void>;
}

/** What `npm run db:seed` does (scripts/db-migrate.ts), plus one signed-in shopper. */
async function prepare(options: { databaseUrl?: string; dataDir: string }): Promise<{ cookie: string; planId: number }> {
  const database = await openDatabase(options);
  try {
    await migrate(database.db);
    await seedDemo(database.db);
    const user = await database.db
      .insertInto('users')
      .values({ email: 'bench.user@example.com', password_hash: 'scrypt$bench$not-a-real-hash', name: '推野 花子', payment_method: 'CARD' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString('base64url');
    const day = 24 * 3600_000;
    await database.db
      .insertInto('sessions')
      .values({ token_hash: hashToken(token), user_id: user.id, expires_at: new Date(Date.now() + day), secure_until: new Date(Date.now() + day) })
      .execute();
    const plan = await database.db
      .selectFrom('plans')
      .innerJoin('artists', 'artists.id', 'plans.artist_id')
      .where('artists.slug', '=', KNOWN_ARTIST)
      .select('plans.id')
      .orderBy('plans.sort')
      .executeTakeFirstOrThrow();
    return { cookie: `${SESSION_COOKIE}=${token}`, planId: plan.id };
  } finally {
    await database.close();
  }
}

/** A fresh database beside `adminUrl` (the role may CREATE DATABASE), dropped by `drop()`. */
export async function createPostgresShop(adminUrl: string): Promise<ShopDatabase> {
  const name = `oshibox_bench_${randomBytes(5).toString('hex')}`;
  await queryOnce(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async (): Promise<void> => void (await queryOnce(adminUrl, `drop database if exists ${name} with (force)`));
  try {
    const user = await prepare({ databaseUrl: url.toString(), dataDir: 'memory://' });
    return { env: { DATABASE_URL: url.toString(), SEED_DEMO: 'true' }, label: `PostgreSQL ${url.host}/${name}`, ...user, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** PGlite in a temporary DATA_DIR, prepared here and then opened by `node dist/main.js all`. */
export async function createPgliteShop(): Promise<ShopDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'oshibox-bench-'));
  const drop = (): Promise<void> => rm(dataDir, { recursive: true, force: true });
  try {
    const user = await prepare({ dataDir });
    return { env: { DATA_DIR: dataDir, SEED_DEMO: 'true' }, label: `PGlite ${dataDir}`, ...user, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}
