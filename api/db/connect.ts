import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Logger } from 'pino';
import { openEmbedded } from './open-embedded.ts';
import type { DB } from './schema.ts';

/**
 * One SQL dialect, one code path: Kysely over node-postgres when DATABASE_URL is set, over the
 * embedded PGlite otherwise (docs/decisions/0001-one-data-path.md).
 */
export interface DatabaseHandle {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** node-postgres pool use, for the metrics port (PGlite has no pool). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** Where pool trouble (a connection dropped while idle) is reported; never with credentials. */
  logger?: Pick<Logger, 'warn'>;
  /** PGlite: a new database starts migrated, from the template (api/db/database-template.ts). */
  template?: boolean;
  /** PGlite: one line for whoever waits on the first start's database creation. */
  announce?: (line: string) => void;
}

/**
 * Deadlines of the PostgreSQL path, so an outage answers 503 fast instead of hanging a request:
 * connecting (pool and socket), one statement on the server, and one query as the client waits
 * for it (the last covers a server that stopped answering at all).
 */
export const DATABASE_TIMEOUTS = { connectMs: 3_000, statementMs: 10_000, queryMs: 15_000, idleMs: 30_000 } as const;

// Return int8 and numeric as numbers: our counts and sums stay far below 2^53. (Calendar days
// are read as text with to_char in SQL, so no driver turns them into a time-zone-shifted Date.)
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
const PGLITE_PARSERS = { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };

function createPool(databaseUrl: string, options: DatabaseOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    query_timeout: DATABASE_TIMEOUTS.queryMs,
    idleTimeoutMillis: DATABASE_TIMEOUTS.idleMs,
    keepAlive: true,
  });
  guardClients(pool, options.logger);
  return pool;
}

/**
 * A connection can die at any time: pg_terminate_backend, a server stop or restart, a network
 * cut. node-postgres then emits 'error' on its client, and an 'error' event without a listener
 * ends the process. pg-pool listens only while a client is idle (and re-emits on the pool), not
 * while it is checked out, which is when an outage under load finds most of them. So every client
 * gets a listener the moment it connects, as node-postgres documents
 * (https://node-postgres.com/apis/pool#error). The request using it fails with 503
 * (http/database-errors.ts); the client is no longer queryable, so the pool discards it on
 * release (or at once if idle) and the next request opens a fresh connection.
 */
function guardClients(pool: pg.Pool, logger: DatabaseOptions['logger']): void {
  const inUse = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_error, client) => inUse.delete(client));
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error: Error & { code?: string }) => {
      // One line per connection: a killed one reports the server's FATAL, then its socket's end.
      if (reported) return;
      reported = true;
      logger?.warn({ code: error.code, message: error.message, inUse: inUse.has(client) }, 'PostgreSQL connection lost');
    });
  });
  // The same error of an idle client, re-emitted by the pool: already reported above.
  pool.on('error', () => undefined);
}

/**
 * `pool.end()` resolves once its clients are let go, before their sockets have closed (pg-pool
 * `_remove` does not wait for `client.end`). A caller that then drops the database or stops the
 * server would cut connections still saying goodbye; this waits for each client's 'end' event
 * (its socket has closed, cleanly or not), with a deadline.
 */
function trackClosedSockets(pool: pg.Pool): () => Promise<void> {
  const open = new Set<pg.PoolClient>();
  let allClosed: (() => void) | undefined;
  pool.on('connect', (client) => {
    open.add(client);
    client.once('end', () => {
      open.delete(client);
      if (open.size === 0) allClosed?.();
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      if (open.size === 0) return resolve();
      const timer = setTimeout(resolve, DATABASE_TIMEOUTS.connectMs);
      allClosed = () => {
        clearTimeout(timer);
        resolve();
      };
    });
}

/**
 * One statement on a connection of its own (admin work: create or drop a database, end sessions),
 * then the connection closes. A connection lost meanwhile rejects the call; it is never an
 * unhandled 'error' event that ends the process.
 */
export async function queryOnce<T extends pg.QueryResultRow = pg.QueryResultRow>(
  connectionString: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs });
  let lost: Error | undefined;
  client.on('error', (error) => {
    lost = error;
  });
  await client.connect();
  try {
    const { rows } = await client.query<T>(text, values);
    if (lost) throw lost;
    return rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, options);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const closed = trackClosedSockets(pool);
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await db.destroy();
        await closed();
      },
    };
  }
  const embedded = await openEmbedded({
    dataDir: options.dataDir,
    parsers: PGLITE_PARSERS,
    template: options.template,
    announce: options.announce,
    onForeign: (file) => options.logger?.warn({ file }, 'DATA_DIR: a file of another user, left as it is'),
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(embedded.pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await embedded.close();
    },
  };
}

