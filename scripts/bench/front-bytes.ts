/**
 * `npm run bench:front-bytes`: issue 35's two byte goals, deterministic and in seconds (no load, no
 * browser): each catalogue page's hydration data as a share of its HTML (goal for /lineup ≤ 20 %),
 * and the entry's JavaScript as sent against React + React Router alone (figure 5, ≤ 1.05×). The
 * built shop (`node dist/main.js`, roles web + api) over a fresh PostgreSQL database seeded as
 * `npm run db:seed` does. Bytes depend on the build and the seed only, so any machine gives the
 * same figures.
 */
import path from 'node:path';
import { measureBundles } from './bundle.ts';
import { HYDRATION_SHARE_GOAL, measureHydrationShare, shareOf } from './hydration-share.ts';
import { PATHS } from './scenarios.ts';
import { startPostgresSetup } from './shop-setup.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

async function main(): Promise<void> {
  const setup = await startPostgresSetup();
  try {
    console.log('hydration data (the page data block) vs the HTML, uncompressed:');
    for (const page of [PATHS.top, PATHS.lineup, PATHS.artist]) {
      const s = await measureHydrationShare(setup.webUrl, page);
      const goal = page === PATHS.lineup ? `  [goal ≤ ${percent(HYDRATION_SHARE_GOAL)}: ${shareOf(s) <= HYDRATION_SHARE_GOAL ? 'met' : 'missed'}]` : '';
      console.log(`  ${page.padEnd(24)} ${percent(shareOf(s)).padStart(7)}  (${kb(s.dataBytes)} of ${kb(s.htmlBytes)}; router data ${kb(s.routerDataBytes)})${goal}`);
    }
    const b = await measureBundles(setup.webUrl, path.resolve('dist/client'));
    const ratio = b.shopWire / b.frameworkWire;
    console.log(`entry JS as sent (${b.encoding}): ${b.shopFiles} files, ${kb(b.shopWire)} (raw ${kb(b.shopRaw)}) vs the framework's ${kb(b.frameworkWire)} (raw ${kb(b.frameworkRaw)}): ${ratio.toFixed(3)}×  [goal ≤ 1.05×: ${ratio <= 1.05 ? 'met' : 'missed'}]`);
  } finally {
    await setup.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench:front-bytes FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
