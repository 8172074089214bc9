/**
 * `npm run bench:script-cost`: what each script costs the catalogue pages on Lighthouse's mobile
 * profile (simulated 4× CPU slowdown). For each page, the median of `LIGHTHOUSE_RUNS` runs: its
 * score and TBT, then per script the main-thread time Lighthouse attributes to it (evaluation and
 * parse/compile, `bootup-time`) and the long tasks (`long-tasks`, over 50 ms). For reading, not a
 * goal: it tells which chunk to move or defer (issue 21, "Less script").
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { href } from '../../shared/routes.ts';
import { auditPages, type LighthousePage } from './lighthouse-audit.ts';
import { readSettings } from './settings.ts';
import { KNOWN_ARTIST } from './shop-database.ts';
import { startPostgresSetup } from './shop-setup.ts';

const PAGES: LighthousePage[] = [
  { name: 'top', path: href('home') },
  { name: 'lineup', path: href('lineup') },
  { name: 'artist page', path: href('artist', { slug: KNOWN_ARTIST }) },
  { name: 'news', path: href('news') },
];

interface AuditItems {
  audits: Record<string, { details?: { items?: Record<string, unknown>[] } }>;
}

function itemsOf(lhr: AuditItems, id: string): Record<string, unknown>[] {
  return lhr.audits[id]?.details?.items ?? [];
}

/** `chunk-AB12.js` from an asset's URL; the document stays its path, and "Unattributable" as it is. */
function shortName(url: unknown): string {
  if (!URL.canParse(String(url))) return String(url);
  const { pathname } = new URL(String(url));
  return pathname.startsWith('/assets/') ? pathname.slice('/assets/'.length) : pathname;
}

const ms = (value: unknown) => `${Math.round(Number(value))} ms`.padStart(7);

function printReport(name: string, lhr: AuditItems): void {
  console.log(`\n${name}`);
  for (const item of itemsOf(lhr, 'bootup-time')) {
    console.log(`  script ${shortName(item.url).padEnd(34)} total ${ms(item.total)}  evaluation ${ms(item.scripting)}  parse/compile ${ms(item.scriptParseCompile)}`);
  }
  for (const item of itemsOf(lhr, 'long-tasks')) {
    console.log(`  long task at ${ms(item.startTime)}: ${ms(item.duration)}  ${shortName(item.url)}`);
  }
}

async function main(): Promise<void> {
  const reports = await mkdtemp(path.join(os.tmpdir(), 'oshibox-script-cost-'));
  // lighthouse-audit.ts writes each page's median run here.
  process.env.LIGHTHOUSE_REPORT_DIR = reports;
  const setup = await startPostgresSetup();
  try {
    await auditPages(setup.webUrl, PAGES, readSettings().lighthouseRuns);
    for (const page of PAGES) {
      const lhr = JSON.parse(await readFile(path.join(reports, `${page.name.replace(/\W+/g, '-')}.json`), 'utf8')) as AuditItems;
      printReport(`${page.name} (${page.path})`, lhr);
    }
  } finally {
    await setup.stop();
    if (process.env.KEEP_REPORTS) console.log(`\nreports kept in ${reports}`);
    else await rm(reports, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench:script-cost FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
