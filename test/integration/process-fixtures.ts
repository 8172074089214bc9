import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Spawns the built shop (`node dist/main.js <role>`) as an operator would, on free loopback
 * ports and a temporary DATA_DIR, and keeps what it prints. Every child is killed by `killAll`.
 */
export interface ShopProcess {
  child: ChildProcess;
  webUrl: string;
  apiUrl: string;
  metricsUrl: string;
  /** The operator console (role all and admin). */
  adminUrl: string;
  ports: { web: number; api: number; metrics: number; admin: number };
  output(): { stdout: string; stderr: string };
  /** Resolves with the exit status and the time of exit (Date.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** The built entry; PROCESS_TEST_MAIN points the tests at another build (e.g. an older commit's,
 *  to see a test fail before its fix). */
export const SHOP_MAIN = process.env.PROCESS_TEST_MAIN ?? 'dist/main.js';

const children = new Set<ChildProcess>();
const PROCESS_STAFF_SECRET_KEY = Buffer.alloc(32, 0x3c).toString('base64');
const dataDirs: string[] = [];

/** Ports that are free now: opened together (so they differ), then closed. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<net.Server>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-process-'));
  dataDirs.push(dir);
  return dir;
}

/** The environment of a spawned shop: nothing from vitest (NODE_ENV=test) or a DATABASE_URL. */
export function shopEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
  return { ...env, ...overrides };
}

export function spawnTracked(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function describeExit(child: ChildProcess): ShopProcess['exited'] {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode, at: Date.now() });
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
  });
}

export function collectOutput(child: ChildProcess): () => { stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return () => ({ stdout, stderr });
}

/**
 * Starts `node dist/main.js <role>` and resolves once `readyPath` answers 200 on the role's main
 * port (the web port, or the API port for role api); rejects with its output if it exits first.
 */
export async function startShop(role: 'all' | 'web' | 'api' | 'admin', env: Record<string, string> = {}, limitMs = 45_000): Promise<ShopProcess> {
  // A port found free can be taken by another process before the shop binds it (a busy CI
  // machine): with ports of its own choosing the start is tried again on fresh ones.
  const ownPorts = !['PORT', 'API_PORT', 'METRICS_PORT', 'ADMIN_PORT'].some((key) => key in env);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startShopOnce(role, env, limitMs);
    } catch (error) {
      if (!ownPorts || attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startShopOnce(role: 'all' | 'web' | 'api' | 'admin', env: Record<string, string>, limitMs: number): Promise<ShopProcess> {
  // ADMIN_PORT too: role all opens the console, and its default (3002) is shared by every run.
  const [web = 0, api = 0, metrics = 0, admin = 0] = await freePorts(4);
  const fullEnv = shopEnv({
    NODE_ENV: 'production',
    PORT: String(web),
    API_PORT: String(api),
    METRICS_PORT: String(metrics),
    ADMIN_PORT: String(admin),
    DATA_DIR: tempDataDir(),
    // Required in production with DATABASE_URL (api/staff/secret-box.ts); one key for every process of a run.
    STAFF_SECRET_KEY: PROCESS_STAFF_SECRET_KEY,
    ...env,
  });
  const child = spawnTracked(process.execPath, [SHOP_MAIN, role], fullEnv);
  const output = collectOutput(child);
  const exited = describeExit(child);
  const shop: ShopProcess = {
    child,
    webUrl: `http://127.0.0.1:${fullEnv.PORT}`,
    apiUrl: `http://127.0.0.1:${fullEnv.API_PORT}`,
    metricsUrl: `http://127.0.0.1:${fullEnv.METRICS_PORT}`,
    adminUrl: `http://127.0.0.1:${fullEnv.ADMIN_PORT}`,
    ports: { web: Number(fullEnv.PORT), api: Number(fullEnv.API_PORT), metrics: Number(fullEnv.METRICS_PORT), admin: Number(fullEnv.ADMIN_PORT) },
    output,
    exited,
  };
  const probe = `${{ api: shop.apiUrl, admin: shop.adminUrl, web: shop.webUrl, all: shop.webUrl }[role]}/healthz`;
  const started = Date.now();
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() - started < limitMs) {
    if (gone) throw new Error(`shop exited during start-up:\n${output().stderr}${output().stdout}`);
    // `Connection: close`: no probe socket is left open to count against a test's MAX_CONNECTIONS.
    const ok = await fetch(probe, { headers: { connection: 'close' }, signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
    if (ok) return shop;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`shop not up within ${limitMs} ms:\n${output().stderr}`);
}

/** afterAll: no child outlives its test file, whatever state it is in. */
export function killAll(): void {
  for (const child of children) {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  children.clear();
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface LoadRecord {
  path: string;
  startedAt: number;
  finishedAt: number;
  status?: number;
  error?: string;
}

/**
 * Keep-alive clients in a loop over `paths` (each response read to the end) until `stop()`, a
 * loop's first failure after `stopOnFailureAfter()` (the server went away), or `limitMs`.
 */
export function startLoad(baseUrl: string, paths: string[], concurrency: number, limitMs: number) {
  const records: LoadRecord[] = [];
  let stopped = false;
  let failuresEndAfter = Number.POSITIVE_INFINITY;
  const hardStop = Date.now() + limitMs;
  const loop = async (offset: number): Promise<void> => {
    for (let i = offset; !stopped && Date.now() < hardStop; i += 1) {
      const path = paths[i % paths.length] ?? '/';
      const startedAt = Date.now();
      try {
        const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        records.push({ path, startedAt, finishedAt: Date.now(), status: response.status });
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        const code = cause instanceof Error && 'code' in cause && typeof cause.code === 'string' ? cause.code : String(cause);
        records.push({ path, startedAt, finishedAt: Date.now(), error: code });
        if (startedAt >= failuresEndAfter) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i)));
  return {
    records,
    done,
    /** From now on a failing loop ends (requests after a shutdown signal may be refused). */
    endLoopsOnFailure(): void {
      failuresEndAfter = Date.now();
    },
    stop(): void {
      stopped = true;
    },
  };
}

export const BROWSING = ['/', '/lineup', '/faq', '/api/artist', '/api/banner', '/news', '/api/news', '/lineupClose'];

/**
 * Waits until the load is under way (as many answers as two rounds of its `loops`), so a signal
 * comes under load however slow the machine, rather than after a fixed time.
 */
export async function underWay(load: { records: LoadRecord[] }, loops: number, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (load.records.filter((r) => r.status !== undefined).length < 2 * loops) {
    if (Date.now() > deadline) throw new Error(`the load had fewer than ${2 * loops} answers within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Requests that were on their way when the signal came (the ones a drain must finish). */
export function inFlightAt(records: LoadRecord[], signalAt: number): number {
  return records.filter((r) => r.startedAt < signalAt && r.finishedAt > signalAt).length;
}

export function failuresBefore(records: LoadRecord[], signalAt: number): LoadRecord[] {
  return records.filter((r) => r.startedAt < signalAt && (r.error !== undefined || (r.status ?? 0) >= 500));
}

export async function readyzDuringDrain(url: string): Promise<{ status: number; connection: string | null }> {
  for (let i = 0; i < 20; i += 1) {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (response === null) return { status: 0, connection: null }; // refused: no readiness phase at all
    await response.arrayBuffer();
    if (response.status === 503) return { status: 503, connection: response.headers.get('connection') };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { status: 200, connection: null };
}

/** Sends SIGTERM under load and checks what the shoppers saw. */
export async function drainUnderLoad(shop: ShopProcess, readyUrls: string[], timeoutMs: number) {
  const loops = 16;
  const load = startLoad(shop.webUrl, BROWSING, loops, timeoutMs + 20_000);
  await underWay(load, loops);
  load.endLoopsOnFailure();
  const signalAt = Date.now();
  shop.child.kill('SIGTERM');
  const readiness = await Promise.all(readyUrls.map(readyzDuringDrain));
  const closing = await connectionHeaders(shop.webUrl, ['/', '/api/banner']);
  const exit = await shop.exited;
  load.stop();
  await load.done;
  return { records: load.records, signalAt, readiness, closing, exit };
}

/** The Connection header of a page and of a proxied API answer (asked during the drain). */
async function connectionHeaders(baseUrl: string, paths: string[]): Promise<(string | null)[]> {
  return Promise.all(
    paths.map(async (path) => {
      const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
      await response?.arrayBuffer();
      return response?.headers.get('connection') ?? null;
    }),
  );
}
