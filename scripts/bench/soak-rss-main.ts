/**
 * `npm run bench:soak-rss [-- --quick] [-- --postgres-only | --pglite-only]`: figure 7 alone (issue
 * 35's memory rows). On a fresh PostgreSQL setup (roles web + api): each process's RSS after the
 * soak and over its last third against its figure after the 10k warm-up. On a fresh PGlite setup
 * (role all): the peak RSS under bursts of 50–100 new connections against its ceiling.
 */
import { burstPlan, soakBursts, type BurstSoakResult } from './burst-soak.ts';
import { printFigures } from './figures.ts';
import { memoryFigures } from './memory-figures.ts';
import { soakRss, type SoakResult } from './rss-soak.ts';
import { readSettings, type Settings } from './settings.ts';
import { soakMix } from './soak-mix.ts';
import { startPgliteSetup, startPostgresSetup } from './shop-setup.ts';

async function soakPostgres(s: Settings): Promise<SoakResult> {
  const setup = await startPostgresSetup();
  try {
    return await soakRss([setup.web, ...(setup.api ? [setup.api] : [])], soakMix(setup), s.soakRequests, s.soakConnections, s.soakAbortShare);
  } finally {
    await setup.stop();
  }
}

async function soakPglite(s: Settings): Promise<BurstSoakResult> {
  const setup = await startPgliteSetup();
  try {
    return await soakBursts(setup.web, soakMix(setup), burstPlan(s.quick, s.soakAbortShare));
  } finally {
    await setup.stop();
  }
}

async function main(): Promise<void> {
  const s = readSettings();
  const soak = process.argv.includes('--pglite-only') ? undefined : await soakPostgres(s);
  const bursts = process.argv.includes('--postgres-only') ? undefined : await soakPglite(s);
  console.log(`\n${printFigures(memoryFigures(soak, bursts))}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench:soak-rss FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
