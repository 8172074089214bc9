import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePorts } from './ports.ts';

const run = promisify(execFile);
const DATABASE = 'oshibox_soak';
const PG_ROOT = '/usr/lib/postgresql';

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/oshibox_soak (trust, loopback only). */
  url: string;
  /** `pg_ctl restart -m fast`: how long the server was not accepting connections, in ms. */
  restart(): Promise<number>;
  /** Stops the server and removes its directory (safe to call twice). */
  stop(): Promise<void>;
}

/** The highest installed version's bin directory, or a one-line error saying what to install. */
function binDir(): string {
  const versions = existsSync(PG_ROOT) ? readdirSync(PG_ROOT).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(PG_ROOT, v, 'bin')).find((dir) => existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error(`no PostgreSQL server binaries under ${PG_ROOT}/<version>/bin (apt-get install -y postgresql)`);
  return found;
}

/**
 * A PostgreSQL cluster of the soak's own, on a free loopback port, so restarting it never touches
 * the shared server on 5432. As root the binaries run as `postgres` (initdb refuses root).
 */
export async function startPrivatePostgres(log: (line: string) => void): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-soak-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const data = path.join(dir, 'data');
  const [port = 0] = await freePorts(1);
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args]) : run(path.join(bin, name), args);
  // fsync off: this is a soak of the shop's behaviour under faults, not a durability test of
  // PostgreSQL (a fast restart flushes anyway), and fsync on a shared 2-core box only adds noise.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=200 -c fsync=off`;
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await tool('pg_ctl', ['stop', '-m', 'fast', '-w', '-t', '30', '-D', data]).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await tool('initdb', ['-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C', '-D', data]);
    await tool('pg_ctl', ['start', '-w', '-t', '30', '-D', data, '-l', path.join(dir, 'log'), '-o', options]);
    await createDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } catch (error) {
    await stop();
    throw error;
  }
  log(`PostgreSQL (private, ${path.basename(path.dirname(bin))}) on 127.0.0.1:${port}, data in ${data}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`,
    async restart() {
      const started = Date.now();
      await tool('pg_ctl', ['restart', '-m', 'fast', '-w', '-t', '30', '-D', data, '-l', path.join(dir, 'log'), '-o', options]);
      return Date.now() - started;
    },
    stop,
  };
}

async function createDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}
