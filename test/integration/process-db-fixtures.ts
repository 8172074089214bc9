import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { chown } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { queryOnce } from '../../api/db/connect.ts';
import { BROWSING, freePorts, startLoad, startShop, type LoadRecord, type ShopProcess } from './process-fixtures.ts';

/**
 * What the database-fault process tests share: the shop in either layout on a given database, a
 * private PostgreSQL cluster to stop and start (the shared server on 5432 is never touched), and
 * the verdict on what shoppers saw during the fault.
 */
const run = promisify(execFile);

export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

export interface ShopLayout {
  name: 'all' | 'split';
  /** Where shoppers browse (the web port). */
  webUrl: string;
  /** The API's own port (its /readyz asks the database). */
  apiUrl: string;
  /** The processes that must outlive the fault. */
  processes: ShopProcess[];
}

/**
 * Role `all` (one process), or `api` and `web` as two processes. The page cache is off: these
 * tests watch every page answer 503 while the database is away and recover after, which a kept
 * page (answered from memory, rightly, through the outage) would hide.
 */
export async function startLayout(name: ShopLayout['name'], databaseUrl: string): Promise<ShopLayout> {
  const database = { DATABASE_URL: databaseUrl, SEED_DEMO: 'true', PAGE_CACHE: 'off' };
  if (name === 'all') {
    const shop = await startShop('all', database);
    return { name, webUrl: shop.webUrl, apiUrl: shop.apiUrl, processes: [shop] };
  }
  const api = await startShop('api', database);
  const web = await startShop('web', { API_ORIGIN: api.apiUrl, PAGE_CACHE: 'off' });
  return { name, webUrl: web.webUrl, apiUrl: api.apiUrl, processes: [api, web] };
}

/** API calls a shopper's page makes, asked of the API's own port (many queries at once). */
const API_CALLS = ['/api/artist', '/api/artist/hoshino_mirai', '/api/banner', '/api/news', '/api/artist/categoryArtist'];

/** Shoppers browsing pages (and /api through the web) and, beside them, clients of the API itself. */
export function browse(layout: ShopLayout, limitMs: number) {
  const loads = [startLoad(layout.webUrl, BROWSING, 8, limitMs), startLoad(layout.apiUrl, API_CALLS, 6, limitMs)];
  return {
    records: (): LoadRecord[] => loads.flatMap((load) => load.records),
    stop: async (): Promise<void> => {
      for (const load of loads) load.stop();
      await Promise.all(loads.map((load) => load.done));
    },
  };
}

/** The processes that have exited, each with its error as printed, stack lines left out. */
export function exitedProcesses(layout: ShopLayout): string[] {
  return layout.processes
    .filter((p) => p.child.exitCode !== null || p.child.signalCode !== null)
    .map((p) => {
      const printed = p.output().stderr.split('\n').filter((line) => line.trim() !== '' && !/^\s+at /.test(line));
      return `exit ${p.child.exitCode ?? p.child.signalCode}: ${printed.join('\n').slice(0, 800)}`;
    });
}

/**
 * Answers a shopper must not see during a database fault: a network error (the process died or
 * hung past the client's deadline), or a 5xx other than 503 (502: the web lost its API; 500: the
 * fault was taken for a bug).
 */
export function unexpectedAnswers(records: LoadRecord[]): LoadRecord[] {
  return records.filter((r) => r.error !== undefined || ((r.status ?? 0) >= 500 && r.status !== 503));
}

export function countStatus(records: LoadRecord[], status: number, after = 0): number {
  return records.filter((r) => r.status === status && r.startedAt >= after).length;
}

/**
 * Waits until more than `count` requests started after `since` answered `wanted`; fails at once,
 * naming the error, when a process of the layout exits meanwhile.
 */
export async function waitForAnswers(layout: ShopLayout, records: () => LoadRecord[], wanted: number, since: number, count: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const exited = exitedProcesses(layout);
    if (exited.length > 0) throw new Error(`a shop process exited:\n${exited.join('\n')}`);
    if (countStatus(records(), wanted, since) > count) return;
    if (Date.now() > deadline) throw new Error(`not ${count} answers ${wanted} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Ends every session of one database (the shop's pool connections), never another's. */
export async function terminateConnections(adminUrl: string, databaseName: string): Promise<number> {
  const rows = await queryOnce(
    adminUrl,
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [databaseName],
  );
  return rows.length;
}

/**
 * The status of one request to the layout; when it fails outright, the error names the processes
 * that exited and why (a fetch failure alone says only ECONNRESET).
 */
export async function status(layout: ShopLayout, url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    await Promise.race([Promise.any(layout.processes.map((p) => p.exited)), new Promise((resolve) => setTimeout(resolve, 2000))]);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`${url}: ${cause}; exited: ${JSON.stringify(exitedProcesses(layout), null, 1)}`, { cause: error });
  }
}

export interface PrivateCluster {
  /** postgres://root@127.0.0.1:<port>/<database> */
  url(database: string): string;
  stop(): Promise<void>;
  /** Starts it unless it runs (a failed test may have left it stopped). */
  start(): Promise<void>;
  /** Stops it (immediate) and removes its files; safe to call in any state. */
  destroy(): Promise<void>;
}

/** Why the private cluster cannot run here, or null when it can. */
export function privateClusterUnavailable(): string | null {
  if (!existsSync(path.join(POSTGRES_BIN, 'initdb')) || !existsSync(path.join(POSTGRES_BIN, 'pg_ctl'))) {
    return `PostgreSQL server binaries not found in ${POSTGRES_BIN} (initdb, pg_ctl)`;
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root, and there is no postgres user to run the server as';
  }
  return null;
}

/**
 * A throwaway PostgreSQL cluster in a temporary directory on a free port, trust auth for `root`.
 * As root, the server binaries run as the `postgres` user (PostgreSQL refuses to run as root).
 */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-pg-'));
  const dataDir = path.join(dir, 'data');
  const [port = 0] = await freePorts(1);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgBin = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, tool), ...args], { timeout: 60_000 })
      : run(path.join(POSTGRES_BIN, tool), args, { timeout: 60_000 });
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (action: string, extra: string[] = []) =>
    pgBin('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), action, '-w', '-t', '30', ...extra]);
  const destroy = async (): Promise<void> => {
    await ctl('stop', ['-m', 'immediate']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pgBin('initdb', ['-D', dataDir, '--auth=trust', '-U', 'root', '--no-sync']);
    await ctl('start');
  } catch (error) {
    await destroy();
    throw error;
  }
  return {
    url: (database) => `postgres://root@127.0.0.1:${port}/${database}`,
    stop: async () => void (await ctl('stop', ['-m', 'fast'])),
    start: async () => {
      const running = await ctl('status').then(() => true, () => false);
      if (!running) await ctl('start');
    },
    destroy,
  };
}
