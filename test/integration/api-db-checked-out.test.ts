import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryOnce, type DatabaseHandle } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';
import { isDatabaseUnavailable } from '../../api/http/database-errors.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { catchUncaught, memoryLogger, waitFor } from './db-fault-fixtures.ts';

/**
 * A connection ended while the pool has lent it out, between two statements: inside a transaction,
 * and the migration run's lock connection waiting for the lock. node-postgres then emits 'error'
 * on the client while pg-pool has no listener on it (it listens only while a client is idle), so
 * before every client had its own listener this was an uncaught exception: the end of the process.
 * Wanted: reported once, the work fails as "database unavailable" (503), the pool discards the
 * connection, and the next query runs on a fresh one.
 */
const adminUrl = process.env.DATABASE_URL ?? '';

function terminate(pid: number): Promise<unknown> {
  return queryOnce(adminUrl, 'select pg_terminate_backend($1)', [pid]);
}

describe.skipIf(!adminUrl)('connections lost while checked out (PostgreSQL)', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle | null = null;
  let uncaught: ReturnType<typeof catchUncaught>;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    uncaught.stop();
    await handle?.close();
    handle = null;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  async function open(url: string) {
    const { logger, parsed } = memoryLogger();
    uncaught = catchUncaught();
    handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 2, logger });
    return { db: handle.db, lost: () => parsed('PostgreSQL connection lost'), total: () => handle?.poolStats?.().total };
  }

  it('inside a transaction: the transaction fails as unavailable, nothing uncaught, the next query answers', async () => {
    const { db, lost, total } = await open(database.url ?? '');
    const failure = await db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await terminate(rows[0]?.pid ?? 0);
        await waitFor(() => lost().length > 0, 5000);
        await sql`select 1`.execute(trx);
      })
      .then(() => null, (error: unknown) => error);
    expect(uncaught.errors).toEqual([]);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(lost()).toMatchObject([{ code: '57P01', inUse: true }]);
    await waitFor(() => total() === 0, 5000);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('the migration lock connection, waiting for the lock: migrate() rejects as unavailable, nothing uncaught', async () => {
    const name = `oshibox_lock_${randomBytes(5).toString('hex')}`;
    await queryOnce(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Another copy holds the migration lock, so this one polls for it on its lent connection.
    const holder = new pg.Client({ connectionString: url.toString() });
    holder.on('error', () => undefined);
    await holder.connect();
    try {
      const { rows } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid, pg_advisory_lock(7310001)');
      const holderPid = rows[0]?.pid;
      const { db, lost, total } = await open(url.toString());
      const run = migrate(db, { lockWaitMs: 20_000 }).then(() => null, (error: unknown) => error);
      let waiting: { pid: number }[] = [];
      await waitFor(async () => {
        waiting = await queryOnce<{ pid: number }>(adminUrl, 'select pid from pg_stat_activity where datname = $1 and pid <> $2', [name, holderPid]);
        return waiting.length > 0;
      }, 5000);
      for (const { pid } of waiting) await terminate(pid);
      const failure = await run;
      expect(uncaught.errors).toEqual([]);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(lost()).toMatchObject([{ code: '57P01', inUse: true }]);
      await waitFor(() => total() === 0, 5000);
    } finally {
      await holder.end();
      await handle?.close();
      handle = null;
      await queryOnce(adminUrl, `drop database if exists ${name} with (force)`);
    }
  });
});
