import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** `node dist/main.js <role>` as a new user starts it (npm run start:web / start:api), on free ports. */
export interface ShopProcess {
  role: 'all' | 'web' | 'api' | 'admin';
  pid: number;
  /** The web URL for roles web and all, the API URL for role api, the console's (ADMIN_PORT) for role admin. */
  url: string;
  apiUrl: string;
  /** Resident set size now, from /proc (Linux). */
  rssBytes(): Promise<number>;
  stop(): Promise<void>;
}

/** Every shop process gets its ports and the API's address explicitly. */
export type ShopEnv = Record<string, string> & { HOST: string; PORT: string; API_PORT: string; API_ORIGIN: string };

const STARTUP_LIMIT_MS = 60_000;
const STOP_LIMIT_MS = 10_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}):\n${stderr()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url}: not ready after ${STARTUP_LIMIT_MS} ms:\n${stderr()}`);
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_LIMIT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts one role of the built shop. Logs stay on (LOG_LEVEL info, to /dev/null): the request
 * log is part of what a request costs. Readiness is `/readyz` for the web (it asks the API).
 */
/** Required in production with DATABASE_URL (api/staff/secret-box.ts): one key for every process of a run. */
const BENCH_STAFF_SECRET_KEY = randomBytes(32).toString('base64');

export async function startShopProcess(role: ShopProcess['role'], env: ShopEnv, nodeFlags: string[] = []): Promise<ShopProcess> {
  const apiUrl = env.API_ORIGIN;
  const child = spawn(process.execPath, [...nodeFlags, path.resolve('dist/main.js'), role], {
    // The metrics port is off: several shop processes run at once here.
    env: { ...process.env, NODE_ENV: 'production', METRICS_PORT: '0', SHUTDOWN_DELAY_MS: '0', STAFF_SECRET_KEY: BENCH_STAFF_SECRET_KEY, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const url = role === 'api' ? apiUrl : `http://${env.HOST}:${role === 'admin' ? env.ADMIN_PORT : env.PORT}`;
  try {
    await waitUntilAnswering(`${url}/${role === 'api' ? 'healthz' : 'readyz'}`, child, () => errors);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  const pid = child.pid ?? 0;
  return { role, pid, url, apiUrl, rssBytes: () => rssOf(pid), stop: () => stopChild(child) };
}
