import type { Logger } from 'pino';
import type { Config } from '../shared/config.ts';
import { createApiApp } from './app.ts';
import { openDatabase, type DatabaseHandle } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed/seed-demo.ts';

/**
 * Opens the database, applies migrations and, on the embedded default (or when asked), seeds
 * the demo catalogue into an empty shop.
 */
export async function bootApi(config: Config, logger: Logger) {
  const database: DatabaseHandle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const applied = await migrate(database.db);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const wantSeed = config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && database.kind === 'pglite');
  if (wantSeed && (await seedDemo(database.db)).seeded) logger.info('demo catalogue seeded');
  const app = createApiApp({ db: database.db, logger, now: () => new Date() });
  return { app, database };
}
