/**
 * `npm run bench:lighthouse`: figure 8 alone (it is the slow one), on the PostgreSQL setup
 * (roles web + api in separate processes). Prints each page against its goal; exits 1 only when
 * the measurement broke.
 */
import { figuresOf, printFigures } from './figures.ts';
import { auditPages } from './lighthouse-audit.ts';
import { lighthousePages } from './lighthouse-pages.ts';
import { readSettings } from './settings.ts';
import { startPostgresSetup } from './shop-setup.ts';

async function main(): Promise<void> {
  const setup = await startPostgresSetup();
  try {
    const lighthouse = await auditPages(setup.webUrl, lighthousePages(setup), readSettings().lighthouseRuns);
    const figures = figuresOf({ comparisons: [], lighthouse, queriesTest: '' }).filter((f) => f.no === 8);
    console.log(`\n${printFigures(figures)}`);
  } finally {
    await setup.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench:lighthouse FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
