import type { PrivatePostgres } from './postgres.ts';
import type { Drain, ShopCopy } from './processes.ts';
import { sleep } from './ports.ts';

/** A stretch of time in which requests may fail (the same shape as verify.ts's Window). */
export interface Window { start: number; end: number; what: string }

export type FaultKind = 'kill9' | 'term' | 'pg-restart';
export interface FaultStep { atMs: number; kind: FaultKind; target: string }

export interface FaultRecord {
  step: FaultStep;
  what: string;
  start: number;
  /** When the copy (or PostgreSQL and every API copy) answered /readyz again. */
  readyAt: number;
  /** The failure window: `readyAt` + grace. A rolling deploy is recorded but is no failure window. */
  window: Window;
  failureWindow: boolean;
  drain?: Drain;
  note: string;
}

const RESTART_AFTER_MS = 3000;
export const GRACE_MS = 3000;

/** mulberry32: a small seeded generator, so SOAK_SEED replays the same timeline. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The timeline, relative to the start of the load. kill -9 web-1 at 20–30 %; kill -9 api-1 4–6 s
 * after the round falls due (`dueMs`), so it dies while billing charges; SIGTERM web-2 (a rolling
 * deploy) at 55–65 %; restart PostgreSQL at 72–78 %. With one copy of each tier (`copies` 1, to
 * measure two copies against one) only the PostgreSQL restart runs: killing the only copy of a
 * tier fails every request for its window (thousands of fast 503s, which measure the outage and
 * not the copy), and there is no web-2 to deploy.
 */
export function planFaults(seed: number, seconds: number, copies: 1 | 2, dueMs: number): FaultStep[] {
  const random = seededRandom(seed);
  const between = (from: number, to: number): number => Math.round((from + (to - from) * random()) * seconds * 1000);
  const steps: FaultStep[] = [
    { atMs: between(0.2, 0.3), kind: 'kill9', target: 'web-1' },
    { atMs: dueMs + 4000 + Math.round(2000 * random()), kind: 'kill9', target: 'api-1' },
    { atMs: between(0.55, 0.65), kind: 'term', target: 'web-2' },
    { atMs: between(0.72, 0.78), kind: 'pg-restart', target: 'postgres' },
  ];
  return steps.filter((s) => copies === 2 || s.kind === 'pg-restart').sort((a, b) => a.atMs - b.atMs);
}

export interface FaultTargets {
  copies: Map<string, ShopCopy>;
  postgres: PrivatePostgres;
  /** Something worth knowing at the moment of a fault (e.g. billing rows still due when api-1 dies). */
  noteAt(step: FaultStep): Promise<string>;
  log(line: string): void;
}

/** Runs the steps in order at their times after `t0` (a step that starts late says so). */
export async function runFaults(steps: FaultStep[], t0: number, targets: FaultTargets, until: number): Promise<FaultRecord[]> {
  const records: FaultRecord[] = [];
  for (const step of steps) {
    const wait = t0 + step.atMs - Date.now();
    if (wait > 0) await sleep(wait);
    if (Date.now() > until) break;
    const record = await runStep(step, targets);
    targets.log(`fault at ${((record.start - t0) / 1000).toFixed(1)} s: ${record.what}; ready after ${((record.readyAt - record.start) / 1000).toFixed(1)} s${record.note ? ` (${record.note})` : ''}`);
    records.push(record);
  }
  return records;
}

function copyOf(targets: FaultTargets, name: string): ShopCopy {
  const copy = targets.copies.get(name);
  if (!copy) throw new Error(`fault target ${name}: no such copy`);
  return copy;
}

async function runStep(step: FaultStep, targets: FaultTargets): Promise<FaultRecord> {
  const start = Date.now();
  const note = await targets.noteAt(step).catch(() => '');
  if (step.kind === 'pg-restart') {
    const downMs = await targets.postgres.restart();
    const apis = [...targets.copies.values()].filter((c) => c.role === 'api' && c.running);
    const readyAt = Math.max(Date.now(), ...(await Promise.all(apis.map((c) => c.ready()))));
    return record(step, start, readyAt, `PostgreSQL restart (pg_ctl restart -m fast, ${downMs} ms)`, true, note);
  }
  const copy = copyOf(targets, step.target);
  if (step.kind === 'kill9') {
    await copy.kill9();
    await sleep(RESTART_AFTER_MS);
    const readyAt = await copy.startReady();
    return record(step, start, readyAt, `kill -9 ${copy.name}, restarted after ${RESTART_AFTER_MS / 1000} s`, true, note);
  }
  const drain = await copy.term();
  const readyAt = await copy.startReady();
  const what = `SIGTERM ${copy.name} (rolling deploy): exit ${drain.code ?? drain.signal} after ${drain.ms} ms, started again`;
  return { ...record(step, start, readyAt, what, false, note), drain };
}

function record(step: FaultStep, start: number, readyAt: number, what: string, failureWindow: boolean, note: string): FaultRecord {
  return { step, what, start, readyAt, window: { start, end: readyAt + GRACE_MS, what }, failureWindow, note };
}
