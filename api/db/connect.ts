import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DB } from './schema.ts';

/**
 * One SQL dialect, one code path: Kysely over node-postgres when DATABASE_URL is set, over the
 * embedded PGlite otherwise (docs/decisions/0001-one-data-path.md).
 */
export interface DatabaseHandle {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
}

// Return int8 and numeric as numbers: our counts and sums stay far below 2^53. (Calendar days
// are read as text with to_char in SQL, so no driver turns them into a time-zone-shifted Date.)
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
const PGLITE_PARSERS = { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const pglite = await PGlite.create(options.dataDir === 'memory://' ? undefined : options.dataDir, {
    parsers: PGLITE_PARSERS,
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
