import { sql, type Kysely } from 'kysely';
import { MIGRATIONS } from './migrations/index.ts';
import type { DB } from './schema.ts';

/** Applies the pending numbered migrations in order, each in its own transaction. */
export async function migrate(db: Kysely<DB>): Promise<number[]> {
  await sql`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`.execute(db);
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    const ran = await db.transaction().execute(async (trx) => {
      // Several API copies may start at once: one applies, the others wait and then skip.
      await sql`select pg_advisory_xact_lock(7310001)`.execute(trx);
      const done = await sql<{ version: number }>`select version from schema_migrations where version = ${migration.version}`.execute(trx);
      if (done.rows.length > 0) return false;
      for (const statement of splitStatements(migration.up)) await sql.raw(statement).execute(trx);
      await sql`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`.execute(trx);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}

/**
 * Prepared statements take one command each (PGlite and node-postgres alike), so a migration is
 * split at semicolons that end a line; our migrations keep to that form.
 */
export function splitStatements(text: string): string[] {
  return text.split(/;\s*\n/).map((s) => s.trim()).filter((s) => s.length > 0);
}
