import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { staffSecretBoxOf } from '../../api/staff/secret-box.ts';
import { parseConfig, type Config } from '../../shared/config.ts';
import { StartupError } from '../../shared/startup-error.ts';

/** Where the key that seals staff TOTP secrets comes from (api/staff/secret-box.ts). */
const dir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-staff-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logger = pino({ level: 'silent' });

function config(env: Record<string, string>): Config {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.config;
}

describe('the staff secret key', () => {
  it('is required in production with DATABASE_URL, naming the setting', async () => {
    const failure = await staffSecretBoxOf(config({ NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db/shop', DATA_DIR: dir }), logger).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StartupError);
    expect((failure as Error).message).toMatch(/^STAFF_SECRET_KEY: required in production with DATABASE_URL/);
  });

  it('comes from STAFF_SECRET_KEY when set, so two processes with it open each other’s secrets', async () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://shop@db/shop', STAFF_SECRET_KEY: key };
    const sealed = (await staffSecretBoxOf(config(env), logger)).seal(4, 'JBSWY3DPEHPK3PXP');
    expect((await staffSecretBoxOf(config(env), logger)).open(4, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('is otherwise made once and kept in DATA_DIR, readable by the shop’s user alone', async () => {
    const env = { NODE_ENV: 'production', DATA_DIR: dir };
    const sealed = (await staffSecretBoxOf(config(env), logger)).seal(1, 'JBSWY3DPEHPK3PXP');
    expect((statSync(path.join(dir, 'staff-secret-key')).mode & 0o777).toString(8)).toBe('600');
    expect((await staffSecretBoxOf(config(env), logger)).open(1, sealed)).toBe('JBSWY3DPEHPK3PXP');
  });
});
