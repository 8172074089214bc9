/**
 * `npm run bench:hydration-trace`: the main-thread work of the catalogue pages from navigation to
 * hydrated, from a Chromium performance trace. Each task's *thread* time (CPU, `tdur`) is
 * multiplied by 4, as Lighthouse's simulated mobile does with observed task times; thread time
 * rather than wall time, so a busy machine (other processes on the cores) does not inflate it.
 * Per page, the median over `TRACE_RUNS` runs (default 5): the CPU total ×4, the blocking time
 * (each task's ×4 time beyond 50 ms, as TBT counts it, but from navigation on) and the longest
 * tasks with what they ran. For reading (issue 21, "Less script"), not a goal.
 */
import { chromium, type Browser } from 'playwright-core';
import { href } from '../../shared/routes.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts';
import { KNOWN_ARTIST } from './shop-database.ts';
import { startPostgresSetup } from './shop-setup.ts';

const SLOWDOWN = 4;
const PAGES = [href('home'), href('lineup'), href('artist', { slug: KNOWN_ARTIST }), href('news'), href('faq')];
const RUNS = Number(process.env.TRACE_RUNS ?? 5);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'].join(',');

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string } };
}

interface Task {
  cpuMs: number;
  what: string;
}

async function traceOnce(browser: Browser, url: string): Promise<TraceEvent[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (payload) => events.push(...(payload.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 });
  await page.waitForTimeout(500); // the later parts' hydration and anything else queued
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  return events;
}

/** The page's main thread: the `CrRendererMain` that ran the shop's scripts (not Chromium's own pages). */
function mainThreadTasks(events: TraceEvent[], origin: string): TraceEvent[] {
  const renderers = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const mains = new Set(events.filter((e) => e.args?.data?.url?.startsWith(origin)).map((e) => `${e.pid}:${e.tid}`).filter((key) => renderers.has(key)));
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(key)) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  return [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

/** What a task ran: its script (file name) or else its largest kind of work. */
function describe(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inside = events.filter((e) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < end && e !== task && e.ph === 'X');
  const script = inside.find((e) => e.args?.data?.url && /EvaluateScript|FunctionCall|v8\.(compile|evaluate)/.test(e.name));
  const largest = inside.sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))[0];
  const url = script?.args?.data?.url;
  const file = url ? (url.split('/').pop() ?? url) : '';
  return [file, largest?.name].filter(Boolean).join(' / ') || 'other';
}

function measure(events: TraceEvent[], origin: string): { cpuMs: number; blockingMs: number; longest: Task[] } {
  const tasks = mainThreadTasks(events, origin).map((t) => ({ event: t, cpuMs: ((t.tdur ?? t.dur ?? 0) / 1000) * SLOWDOWN }));
  const cpuMs = tasks.reduce((n, t) => n + t.cpuMs, 0);
  const blockingMs = tasks.reduce((n, t) => n + Math.max(0, t.cpuMs - 50), 0);
  const longest = tasks.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 4).map((t) => ({ cpuMs: t.cpuMs, what: describe(t.event, events) }));
  return { cpuMs, blockingMs, longest };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const setup = await startPostgresSetup();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    for (const path of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(measure(await traceOnce(browser, new URL(path, setup.webUrl).toString()), new URL(setup.webUrl).origin));
      const mid = runs.sort((a, b) => a.blockingMs - b.blockingMs)[Math.floor(runs.length / 2)];
      if (!mid) continue;
      console.log(`${path}: main-thread CPU ×${SLOWDOWN} ${Math.round(median(runs.map((r) => r.cpuMs)))} ms, blocking ${Math.round(mid.blockingMs)} ms (runs ${runs.map((r) => Math.round(r.blockingMs)).join(' / ')})`);
      for (const t of mid.longest) console.log(`    ${String(Math.round(t.cpuMs)).padStart(5)} ms  ${t.what}`);
    }
  } finally {
    await browser.close();
    await setup.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench:hydration-trace FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
