import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryOnce } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';
import { MIGRATIONS } from '../../api/db/migrations/index.ts';

/**
 * Several API copies start at once on a fresh database: every one must come up, and every
 * migration must run exactly once. (Before the whole run was under the lock, 6 copies failed 32
 * of 60 starts on `create table if not exists schema_migrations`.)
 */
const adminUrl = process.env.DATABASE_URL;
const COPIES = 6;
const ROUNDS = 4;

function fail(): never {
  throw new Error('no database handle');
}

function admin(statement: string): Promise<unknown> {
  return queryOnce(adminUrl ?? '', statement);
}

describe.skipIf(!adminUrl)('migrations on PostgreSQL, 6 copies at once', () => {
  it(`${COPIES} concurrent migrate() calls, each with its own pool, all succeed ${ROUNDS} times in a row`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `oshibox_race_${randomBytes(5).toString('hex')}`;
      await admin(`create database ${name}`);
      const url = new URL(adminUrl ?? '');
      url.pathname = `/${name}`;
      const handles = await Promise.all(Array.from({ length: COPIES }, () => openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 2 })));
      try {
        const results = await Promise.allSettled(handles.map((h) => migrate(h.db)));
        const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
        expect(failures).toEqual([]);
        const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
        expect(applied.sort((a, b) => a - b)).toEqual(MIGRATIONS.map((m) => m.version));
        const { rows } = await sql<{ version: number }>`select version from schema_migrations order by version`.execute(handles[0]?.db ?? fail());
        expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      } finally {
        await Promise.all(handles.map((h) => h.close()));
        await admin(`drop database if exists ${name} with (force)`);
      }
    }
  });
});

describe('migrations on the embedded PGlite', () => {
  it('apply once, then find nothing to do', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await migrate(handle.db)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrate(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
