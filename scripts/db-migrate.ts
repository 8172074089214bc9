// Applies pending migrations to DATABASE_URL (or the embedded database in DATA_DIR) and, with
// --seed, seeds the demo catalogue and its demo customers into an empty shop. `npm run db:migrate [-- --seed]`.
import { openDatabase } from '../api/db/connect.ts';
import { migrate } from '../api/db/migrate.ts';
import { seedDemo } from '../api/db/seed/seed-demo.ts';
import { loadConfig } from '../server/env.server.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
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
