import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { staffSecretBoxOf } from '../../api/staff/secret-box.ts';
import { parseConfig, type Config } from '../../shared/config.ts';
import { StartupError } from '../../shared/startup-error.ts';
import { staffSecretKeyProblem } from '../../shared/startup-config.ts';

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

  it('during a rotation opens what the previous key sealed, seals only under the new one, and says which need sealing again', async () => {
    const oldKey = Buffer.alloc(32, 1).toString('base64');
    const newKey = Buffer.alloc(32, 2).toString('base64');
    const before = await staffSecretBoxOf(config({ STAFF_SECRET_KEY: oldKey }), logger);
    const during = await staffSecretBoxOf(config({ STAFF_SECRET_KEY: newKey, STAFF_SECRET_KEY_PREVIOUS: oldKey }), logger);
    const after = await staffSecretBoxOf(config({ STAFF_SECRET_KEY: newKey }), logger);
    const old = before.seal(3, 'JBSWY3DPEHPK3PXP');
    expect(during.open(3, old)).toBe('JBSWY3DPEHPK3PXP');
    expect(during.sealedWithPrevious(3, old)).toBe(true);
    expect(() => after.open(3, old)).toThrow(/STAFF_SECRET_KEY does not open/);
    const sealedAgain = during.seal(3, during.open(3, old));
    expect(during.sealedWithPrevious(3, sealedAgain)).toBe(false);
    expect(after.open(3, sealedAgain)).toBe('JBSWY3DPEHPK3PXP');
    // Bound to the member all the same: the previous key does not open another member's row.
    expect(() => during.open(4, old)).toThrow(/STAFF_SECRET_KEY \(or STAFF_SECRET_KEY_PREVIOUS\) does not open/);
  });

  it('refuses a previous key equal to the current one, naming the setting', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(staffSecretKeyProblem(config({ STAFF_SECRET_KEY: key, STAFF_SECRET_KEY_PREVIOUS: key }))).toMatch(/^STAFF_SECRET_KEY_PREVIOUS: the same as STAFF_SECRET_KEY/);
    expect(parseConfig({ STAFF_SECRET_KEY_PREVIOUS: 'short' })).toMatchObject({ ok: false, problems: [expect.stringContaining('STAFF_SECRET_KEY_PREVIOUS')] });
  });
});
