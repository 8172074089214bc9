import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../api/db/data-dir-lock.ts';
import { SHOP_MAIN, killAll, shopEnv, startShop, tempDataDir } from './process-fixtures.ts';

/**
 * The shop's data folder as an operator meets it (issue 29): a first start leaves nothing any
 * other local user can read, and `npm run db:migrate` says what it migrates and refuses while the
 * shop has the embedded database open, until the shop is gone (even killed, leaving its lock).
 */
const run = promisify(execFile);
/** What the lock names as its holder: the shop's command line after node. */
const SHOP_COMMAND = `${path.relative(process.cwd(), path.resolve(SHOP_MAIN))} all`;
afterAll(killAll);

function notPrivate(dir: string): string[] {
  const stat = lstatSync(dir);
  const own = (stat.mode & 0o777) === (stat.isDirectory() ? 0o700 : 0o600) ? [] : [`${dir} ${(stat.mode & 0o777).toString(8)}`];
  if (!stat.isDirectory()) return own;
  return [...own, ...readdirSync(dir).flatMap((name) => notPrivate(path.join(dir, name)))];
}

/** `npm run db:migrate` as the script it runs, on this DATA_DIR: its status and what it printed. */
async function dbMigrate(dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = shopEnv({ DATA_DIR: dataDir });
  return run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], { env, timeout: 60_000 })
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (e: { code: number; stdout: string; stderr: string }) => e);
}

describe('the embedded data folder', () => {
  it('a first start makes it private; db:migrate refuses while the shop runs and takes over once it is killed', async () => {
    // A folder the shop makes itself, as ./data on a first `npm start`.
    const dataDir = path.join(tempDataDir(), 'data');
    const shop = await startShop('all', { DATA_DIR: dataDir, SEED_DEMO_CUSTOMERS: 'false' });
    expect((await fetch(`${shop.webUrl}/api/mail/sendMail?langType=ja`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'data-dir@example.com', type: 'signup' }),
    })).status).toBe(200);
    // The mail is written after the reply: the outbox, the operator token and the database are all there.
    await expect.poll(() => existsSync(path.join(dataDir, 'outbox')) && readdirSync(path.join(dataDir, 'outbox')).length).toBe(1);
    for (const file of ['PG_VERSION', 'ops-token', LOCK_FILE]) expect(existsSync(path.join(dataDir, file)), file).toBe(true);
    expect(notPrivate(dataDir)).toEqual([]);

    const refused = await dbMigrate(dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stdout.trim()).toBe(`migrating the embedded database in ${dataDir}`);
    expect(refused.stderr.trim()).toBe(
      `DATA_DIR: the embedded database in ${dataDir} is open in process ${shop.child.pid} (${SHOP_COMMAND}); ` +
        `stop it first (one process at a time), or remove ${path.join(dataDir, LOCK_FILE)} if no such process is the shop`,
    );

    shop.child.kill('SIGKILL');
    await shop.exited;
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(shop.child.pid));
    const migrated = await dbMigrate(dataDir);
    expect(migrated.stderr).toBe('');
    expect(migrated.stdout.trim().split('\n')).toEqual([`migrating the embedded database in ${dataDir}`, 'database is up to date']);
    expect(migrated.code).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);
});
