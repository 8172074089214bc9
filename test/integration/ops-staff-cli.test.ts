import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../support/stack.ts';
import { TEST_OPS_TOKEN } from './api-fixtures.ts';
import { ADMIN_ORIGIN, TEST_STAFF_SECRET_KEY, codeNow, enrolledStaff, staffLogin, startStaffApi, type StaffApi } from './api-staff-fixtures.ts';

/**
 * `npm run ops -- staff add` as an operator types it, against the running API (the embedded
 * database's path): the command prints the one-time setup link on the console's origin. What
 * `npm run ops` runs, the built dist/ops.js (the run's global setup builds it): through tsx each
 * call paid 1–2 s of start-up (issue 29).
 */
const run = promisify(execFile);
let api: StaffApi;
let server: Server;
let url: string;

beforeAll(async () => {
  api = await startStaffApi();
  ({ server, url } = await listenOnLoopback(api.app));
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

const ops = (...args: string[]) =>
  run(process.execPath, ['dist/ops.js', ...args], {
    env: { ...process.env, DATABASE_URL: '', API_ORIGIN: url, OPS_TOKEN: TEST_OPS_TOKEN, NODE_ENV: 'test' },
    timeout: 60_000,
  });

/** On PostgreSQL the command works on the database directly, with its own ADMIN_ORIGIN. */
const opsDirect = (databaseUrl: string, ...args: string[]) =>
  run(process.execPath, ['dist/ops.js', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_ORIGIN: 'https://console.oshibox.example', STAFF_SECRET_KEY: TEST_STAFF_SECRET_KEY, NODE_ENV: 'test' },
    timeout: 60_000,
  });

describe('npm run ops -- staff add', () => {
  it('prints a setup link that opens the setup of that member', async () => {
    const { stdout, stderr } = await ops('staff', 'add', 'first.owner@oshibox.example', '--role', 'owner');
    // The running API makes the link, on its own console origin (ADMIN_ORIGIN).
    const link = new RegExp(`${ADMIN_ORIGIN}/setup/([A-Za-z0-9_-]{43})`).exec(stderr);
    expect(link, stderr).not.toBeNull();
    expect(stderr).toContain('first.owner@oshibox.example (owner)');
    expect(JSON.parse(stdout)).toMatchObject({ member: { email: 'first.owner@oshibox.example', role: 'owner', enrolled: false } });
    const setup = await request(api.app).get(`/api/staff/setup/${link![1]}`);
    expect(setup.body).toMatchObject({ email: 'first.owner@oshibox.example', role: 'owner' });
    const [row] = await api.db.selectFrom('audit_log').selectAll().where('action', '=', 'staff.add').execute();
    expect(row).toMatchObject({ staff_email: '(operator)', outcome: 'success', after: { email: 'first.owner@oshibox.example', role: 'owner' } });
  }, 90_000);

  it('refuses an unknown role with the usage, and a bad address with the field named', async () => {
    await expect(ops('staff', 'add', 'x@oshibox.example', '--role', 'boss')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('unknown role boss') });
    await expect(ops('staff', 'add', 'not-an-address', '--role', 'support')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('email') });
  }, 90_000);

  it.skipIf(!process.env.DATABASE_URL)('works on PostgreSQL directly, with the link on ADMIN_ORIGIN', async () => {
    const { stderr } = await opsDirect(api.databaseUrl ?? '', 'staff', 'add', 'direct@oshibox.example', '--role', 'fulfilment');
    const link = /https:\/\/console\.oshibox\.example\/setup\/([A-Za-z0-9_-]{43})/.exec(stderr);
    expect(link, stderr).not.toBeNull();
    expect((await request(api.app).get(`/api/staff/setup/${link![1]}`)).body).toMatchObject({ email: 'direct@oshibox.example', role: 'fulfilment' });
  }, 90_000);
});

describe('npm run ops -- staff reset', () => {
  it('gives the only owner who lost their second factor a new setup link; the old code stops working', async () => {
    const owner = 'only.owner@oshibox.example';
    const { secret } = await enrolledStaff(api, owner, 'owner');
    expect((await staffLogin(api, owner, codeNow(api, secret))).status).toBe(200);
    const { stdout, stderr } = await ops('staff', 'reset', owner);
    const link = new RegExp(`${ADMIN_ORIGIN}/setup/([A-Za-z0-9_-]{43})`).exec(stderr);
    expect(link, stderr).not.toBeNull();
    expect(JSON.parse(stdout)).toMatchObject({ member: { email: owner, role: 'owner', enrolled: false } });
    api.clock.advance(60_000);
    // The lost authenticator's codes no longer sign in; the link sets up a new one.
    expect((await staffLogin(api, owner, codeNow(api, secret))).status).toBe(401);
    expect((await request(api.app).get(`/api/staff/setup/${link![1]}`)).body).toMatchObject({ email: owner, role: 'owner' });
    const rows = await api.db.selectFrom('audit_log').selectAll().where('action', '=', 'staff.reset-second-factor').execute();
    expect(rows).toEqual([expect.objectContaining({ staff_email: '(operator)', outcome: 'success', after: { enrolled: false } })]);
  }, 90_000);

  it('names an unknown member, and takes exactly one address', async () => {
    await expect(ops('staff', 'reset', 'nobody@oshibox.example')).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/staff|スタッフ/i) });
    await expect(ops('staff', 'reset')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command') });
  }, 90_000);
});
