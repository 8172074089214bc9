// Applies pending migrations to DATABASE_URL (or the embedded database in DATA_DIR) and, with
// --seed, seeds the demo catalogue and its demo customers into an empty shop. `npm run db:migrate [-- --seed]`.
// It says first which database it works on; on the embedded one it refuses while a shop has it open.
import path from 'node:path';
import { describeServer } from '../api/db/describe-server.ts';
import { openDatabase } from '../api/db/connect.ts';
import { migrate } from '../api/db/migrate.ts';
import { seedDemo } from '../api/db/seed/seed-demo.ts';
import { loadConfig } from '../server/env.server.ts';
import { StartupError } from '../shared/startup-error.ts';

const config = loadConfig();
const target = config.DATABASE_URL
  ? `PostgreSQL at ${describeServer(config.DATABASE_URL)}`
  : config.DATA_DIR === 'memory://' ? 'an in-memory database (DATA_DIR=memory://: gone when this ends)' : `the embedded database in ${path.resolve(config.DATA_DIR)}`;
console.log(`${process.argv.includes('--seed') ? 'migrating and seeding' : 'migrating'} ${target}`);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, template: true, announce: (line) => console.log(line) })
  .catch((error: unknown) => {
    if (!(error instanceof StartupError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
try {
  const applied = await migrate(database.db);
  console.log(applied.length ? `applied migrations ${applied.join(', ')}` : 'database is up to date');
  if (process.argv.includes('--seed')) {
    const { seeded, roundsAdded, customers } = await seedDemo(database.db, new Date(), { customers: config.SEED_DEMO_CUSTOMERS === 'true' });
    console.log(seeded ? `demo catalogue seeded with ${customers} demo customers` : 'catalogue not empty: demo not seeded');
    if (roundsAdded > 0) console.log(`${roundsAdded} demo rounds added for the coming months`);
  }
} finally {
  await database.close();
}
