/**
 * `npm run bench:soak-rss [-- --quick]`: figure 7 alone, on a fresh PostgreSQL setup (roles
 * web + api): the web process's RSS after the soak vs after its warm-up.
 */
import { figuresOf, printFigures } from './figures.ts';
import { soakRss } from './rss-soak.ts';
import { readSettings } from './settings.ts';
import { soakMix } from './soak-mix.ts';
import { startPostgresSetup } from './shop-setup.ts';

async function main(): Promise<void> {
  const s = readSettings();
  const total = s.soakRequests;
  const setup = await startPostgresSetup();
  try {
    const soak = await soakRss(setup.web, soakMix(setup), total, s.soakConnections, s.soakAbortShare);
    console.log(`\n${printFigures(figuresOf({ comparisons: [], soak, queriesTest: '' }).filter((f) => f.no === 7))}`);
  } finally {
    await setup.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench:soak-rss FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
