import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { createSecretBox, sealStaffSecrets } from '../../api/staff/secret-box.ts';
import { createLogger } from '../../server/logger.server.ts';
import { StartupError } from '../../shared/startup-error.ts';
import { TEST_OPS_TOKEN, expectApiError } from './api-fixtures.ts';
import { ADMIN_ORIGIN, STAFF_PASSWORD, TEST_STAFF_SECRET_KEY, codeNow, enrolledStaff, nextStep, opsStaffAdd, setupSecret, staffLogin, startStaffApi, tokenOf, type StaffApi } from './api-staff-fixtures.ts';

/**
 * Staff TOTP secrets at rest (docs/decisions/0035-totp-secrets-at-rest.md): the tables hold them
 * sealed with AES-256-GCM; a wrong key fails closed, at boot with a line naming the setting and at
 * sign-in with a 503 that says so (never a 500, never a wrong code); plain rows of before are sealed at boot.
 */
let api: StaffApi;
const OWNER = 'owner@oshibox.example';
let owner: { secret: string };

beforeAll(async () => {
  api = await startStaffApi();
  owner = await enrolledStaff(api, OWNER, 'owner');
});

afterAll(async () => {
  await api?.close();
});

const testBox = () => createSecretBox(Buffer.from(TEST_STAFF_SECRET_KEY, 'base64'));
const BASE32_SECRET = /^[A-Z2-7]{32}$/;

describe('at rest', () => {
  it('never keeps the base32 secret in the staff or setup-link rows, and the secret still signs in', async () => {
    const invite = await opsStaffAdd(api, 'pending@oshibox.example', 'support');
    const pendingSecret = await setupSecret(api, tokenOf(invite));
    const staff = await api.db.selectFrom('staff').select(['email', 'totp_secret']).execute();
    const links = await api.db.selectFrom('staff_setup_tokens').select('totp_secret').execute();
    const stored = [...staff.map((r) => r.totp_secret), ...links.map((r) => r.totp_secret)].filter((s): s is string => s !== null);
    expect(stored.length).toBeGreaterThanOrEqual(3);
    for (const value of stored) {
      expect(value).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
      expect(value).not.toMatch(BASE32_SECRET);
    }
    const dump = JSON.stringify({ staff, links });
    expect(dump).not.toContain(owner.secret);
    expect(dump).not.toContain(pendingSecret);
    expect((await staffLogin(api, OWNER, codeNow(api, owner.secret))).status).toBe(200);
    nextStep(api);
  });

  it('binds a sealed secret to its member: copied onto another row it does not open', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal(1, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(box.open(1, sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(() => box.open(2, sealed)).toThrow(/STAFF_SECRET_KEY does not open/);
    expect(() => createSecretBox(randomBytes(32)).open(1, sealed)).toThrow(/STAFF_SECRET_KEY does not open/);
  });
});

describe('a wrong key', () => {
  it('stops the boot with a line naming STAFF_SECRET_KEY', async () => {
    const wrong = createSecretBox(randomBytes(32));
    const failure = await sealStaffSecrets(api.db, wrong).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StartupError);
    expect(String((failure as Error).message)).toMatch(/^STAFF_SECRET_KEY: .*set the key these secrets were sealed with$/);
  });

  it('refuses sign-in and setup with a 503 that says so, every time, and logs it without the secret', async () => {
    const logs: string[] = [];
    const sink = new Writable({ write(chunk: Buffer, _encoding, done) { logs.push(chunk.toString('utf8')); done(); } });
    const app = createApiApp({
      db: api.db,
      logger: createLogger('info', 'api', sink),
      now: () => api.clock.now,
      publicOrigin: 'http://localhost:3000',
      adminOrigin: ADMIN_ORIGIN,
      mailer: api.mailer,
      ops: { token: TEST_OPS_TOKEN, hosts: [] },
      staffSecrets: createSecretBox(randomBytes(32)),
    });
    for (let i = 0; i < 2; i += 1) {
      const res = await request(app).post('/api/staff/login').set('origin', ADMIN_ORIGIN).send({ email: OWNER, password: STAFF_PASSWORD, otp: codeNow(api, owner.secret) });
      expectApiError(res, 503, 'INTERNAL');
      expect(res.body.messageEn).toBe('The second factor cannot be read. Contact the system administrator.');
    }
    const link = tokenOf(await opsStaffAdd(api, 'wrong-key@oshibox.example', 'support'));
    expectApiError(await request(app).get(`/api/staff/setup/${link}`), 503, 'INTERNAL');
    expect(logs.join('')).toContain('STAFF_SECRET_KEY does not open this staff member');
    expect(logs.join('')).not.toContain(owner.secret);
  });
});

describe('rows from before the key', () => {
  it('are sealed at boot and keep working', async () => {
    const email = 'legacy@oshibox.example';
    const legacy = await enrolledStaff(api, email, 'catalogue');
    const row = await api.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await api.db.updateTable('staff').set({ totp_secret: legacy.secret }).where('id', '=', row.id).execute();
    expect((await staffLogin(api, email, codeNow(api, legacy.secret))).status).toBe(200);
    nextStep(api);
    expect(await sealStaffSecrets(api.db, testBox())).toBe(1);
    const after = await api.db.selectFrom('staff').select('totp_secret').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(after.totp_secret).toMatch(/^v1\./);
    expect((await staffLogin(api, email, codeNow(api, legacy.secret))).status).toBe(200);
    expect(await sealStaffSecrets(api.db, testBox())).toBe(0);
  });
});
