import { randomBytes } from 'node:crypto';
import { openDatabase, queryOnce, type DatabaseHandle } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The connection string of the throwaway PostgreSQL database, when that path runs. */
  url: string | null;
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set,
 * a new PostgreSQL database created beside it and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    // Unpacked from the migrated template (api/db/database-template.ts): initdb and migrations once per machine, not per file.
    const handle = await openDatabase({ dataDir: 'memory://', template: true });
    await migrate(handle.db);
    return { handle, url: null, destroy: () => handle.close() };
  }
  const name = `oshibox_test_${randomBytes(6).toString('hex')}`;
  await queryOnce(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 5 });
  await migrate(handle.db);
  return {
    handle,
    url: url.toString(),
    async destroy() {
      // The pool closes fully (every socket ended) before the drop, so `with (force)` only ever
      // ends sessions a test left behind, never a pool connection still closing.
      await handle.close();
      await queryOnce(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
