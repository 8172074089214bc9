import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { queryOnce } from '../../api/db/connect.ts';
import { SHOP_MAIN, collectOutput, describeExit, freePorts, killAll, shopEnv, spawnTracked, tempDataDir } from './process-fixtures.ts';

/**
 * Start-up tells the truth in one line: a port in use or an unreachable database ends the
 * process with status 1 and one clear line on stderr, never "listening" and never a stack trace.
 * A failure the configuration or a port explains comes before the data folder or the database is
 * touched (issue 29).
 */
afterAll(killAll);

async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** `merged`: stderr into stdout, in the order written, as a terminal shows them. */
async function runUntilExit(role: string, env: Record<string, string>, merged = false) {
  // A free ADMIN_PORT unless the test names one: role all opens the console too.
  const [admin = 0] = await freePorts(1);
  // Not there yet, as on a first start: the shop creates it.
  const dataDir = path.join(tempDataDir(), 'data');
  const fullEnv = shopEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_PORT: String(admin), ...env });
  const child = merged
    ? spawnTracked('/bin/sh', ['-c', 'exec "$0" "$@" 2>&1', process.execPath, SHOP_MAIN, role], fullEnv)
    : spawnTracked(process.execPath, [SHOP_MAIN, role], fullEnv);
  const output = collectOutput(child);
  const started = Date.now();
  const exit = await Promise.race([
    describeExit(child),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 45_000)),
  ]);
  return { exit, elapsedMs: Date.now() - started, dataDir, ...output() };
}

function meaningfulLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

describe('start-up failures', () => {
  it.each([
    ['PORT', 'all'],
    ['API_PORT', 'all'],
    ['METRICS_PORT', 'web'],
    ['ADMIN_PORT', 'all'],
    ['ADMIN_PORT', 'admin'],
  ])('a %s already in use ends role %s with status 1 and one line naming it', async (setting, role) => {
    const taken = await holdPort();
    try {
      const [web = 0, api = 0, metrics = 0, admin = 0] = await freePorts(4);
      const ports: Record<string, string> = { PORT: String(web), API_PORT: String(api), METRICS_PORT: String(metrics), ADMIN_PORT: String(admin), [setting]: String(taken.port) };
      const run = await runUntilExit(role, ports);
      expect(run.exit, `still running after 45 s; stdout: ${run.stdout}`).not.toBeNull();
      expect(run.exit?.code).toBe(1);
      // The metrics port has a second way out (issue 17: a second shop on one machine met it).
      const orOff = setting === 'METRICS_PORT' ? ', or to 0 to turn metrics off' : '';
      expect(meaningfulLines(run.stderr)).toEqual([`${setting} ${taken.port} is already in use (EADDRINUSE): set ${setting} to a free port${orOff}`]);
      expect(run.stdout).not.toMatch(/is open at/);
      // Issue 29: said only after a new data folder was created, migrated and seeded.
      expect(existsSync(run.dataDir)).toBe(false);
    } finally {
      await taken.release();
    }
  }, 60_000);

  it('an unreachable DATABASE_URL ends role api with status 1 and one line, without the password', async () => {
    const [dead = 0, api = 0, metrics = 0] = await freePorts(3);
    const run = await runUntilExit('api', {
      DATABASE_URL: `postgres://shop:s3cret-pass@127.0.0.1:${dead}/shop`,
      // Required in production with DATABASE_URL, and checked before the database is asked.
      STAFF_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      API_PORT: String(api),
      METRICS_PORT: String(metrics),
    });
    expect(run.exit?.code).toBe(1);
    const lines = meaningfulLines(run.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATABASE_URL: cannot connect to PostgreSQL at 127\.0\.0\.1:\d+/);
    expect(run.stderr).not.toContain('s3cret-pass');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  // Regression (issue 17): pino's lines, written asynchronously, landed after the error. Since issue
  // 29 a taken port is found before anything listens; the production warnings come first.
  // LOG_FORMAT=pretty: the short lines a terminal gets (the pipe here would get JSON).
  it('after a failed start the error is the last line on screen, after every log line', async () => {
    const taken = await holdPort();
    try {
      const [web = 0, api = 0] = await freePorts(2);
      const run = await runUntilExit('all', { PORT: String(web), API_PORT: String(api), METRICS_PORT: String(taken.port), LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, true);
      expect(run.exit?.code).toBe(1);
      const lines = meaningfulLines(run.stdout);
      expect(lines.filter((line) => /^\d\d:\d\d:\d\d WARN  process: PUBLIC_ORIGIN is http:\/\/localhost:\d+, this machine/.test(line))).toHaveLength(1);
      expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
      expect(lines.at(-1)).toBe(`METRICS_PORT ${taken.port} is already in use (EADDRINUSE): set METRICS_PORT to a free port, or to 0 to turn metrics off`);
    } finally {
      await taken.release();
    }
  }, 60_000);

  it('ADMIN_PORT equal to PORT names both settings, before the data folder is made', async () => {
    const [web = 0, api = 0, metrics = 0] = await freePorts(3);
    const run = await runUntilExit('all', { PORT: String(web), ADMIN_PORT: String(web), API_PORT: String(api), METRICS_PORT: String(metrics) });
    expect(run.exit?.code).toBe(1);
    expect(meaningfulLines(run.stderr)).toEqual(['Invalid configuration:', `  - ADMIN_PORT and PORT are both ${web}: give each its own port`]);
    expect(existsSync(run.dataDir)).toBe(false);
  });

  // Issue 29: the migrations were applied, then the start refused.
  it.skipIf(!process.env.DATABASE_URL)('production with DATABASE_URL and no STAFF_SECRET_KEY refuses before any migration', async () => {
    const adminUrl = process.env.DATABASE_URL ?? '';
    const name = `oshibox_startup_${randomBytes(5).toString('hex')}`;
    await queryOnce(adminUrl, `create database ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const [api = 0, metrics = 0] = await freePorts(2);
      const run = await runUntilExit('api', { DATABASE_URL: url.toString(), API_PORT: String(api), METRICS_PORT: String(metrics) });
      expect(run.exit?.code).toBe(1);
      expect(meaningfulLines(run.stderr)).toEqual(['Invalid configuration:', '  - STAFF_SECRET_KEY: required in production with DATABASE_URL (32 bytes in base64: openssl rand -base64 32)']);
      const tables = await queryOnce(url.toString(), "select table_name from information_schema.tables where table_schema = 'public'");
      expect(tables).toEqual([]);
    } finally {
      await queryOnce(adminUrl, `drop database if exists ${name} with (force)`);
    }
  });

  // Regression (issue 17): `PORT=abc` said "received NaN".
  it('a PORT that is not a number is named with the value given', async () => {
    const run = await runUntilExit('web', { PORT: 'abc' });
    expect(run.exit?.code).toBe(1);
    expect(meaningfulLines(run.stderr)).toEqual(['Invalid configuration:', '  - PORT: "abc" is not a whole number from 0 to 65535']);
  });

  it('an unknown role ends with status 2 and one line', async () => {
    const run = await runUntilExit('everything', {});
    expect(run.exit?.code).toBe(2);
    expect(meaningfulLines(run.stderr)).toEqual(['Unknown role "everything": use all, web, api or admin.']);
  });
});
