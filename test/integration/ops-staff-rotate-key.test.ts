import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../api/staff/secret-box.ts';
import { listenOnLoopback } from '../support/stack.ts';
import { TEST_OPS_TOKEN } from './api-fixtures.ts';
import { codeNow, enrolledStaff, nextStep, opsStaffAdd, staffLogin, startStaffApi, tokenOf, type StaffApi } from './api-staff-fixtures.ts';

/**
 * Issue 32: STAFF_SECRET_KEY rotated online, as the README says. Every process already has the
 * new key with the old one as STAFF_SECRET_KEY_PREVIOUS; members whose secrets the old key sealed
 * still sign in; `npm run ops -- staff rotate-key` (the built dist/ops.js) seals them under the
 * new key, so the old one can go. Through the running API (the embedded database's path) and,
 * with DATABASE_URL, on PostgreSQL directly.
 */
const run = promisify(execFile);
const OLD_KEY = Buffer.alloc(32, 0x11).toString('base64');
const NEW_KEY = Buffer.alloc(32, 0x22).toString('base64');
const oldBox = createSecretBox(Buffer.from(OLD_KEY, 'base64'));
const newBoxAlone = createSecretBox(Buffer.from(NEW_KEY, 'base64'));
let api: StaffApi;
let server: Server;
let url: string;

beforeAll(async () => {
  api = await startStaffApi({ staffSecrets: createSecretBox(Buffer.from(NEW_KEY, 'base64'), Buffer.from(OLD_KEY, 'base64')) });
  ({ server, url } = await listenOnLoopback(api.app));
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

const opsRemote = (...args: string[]) =>
  run(process.execPath, ['dist/ops.js', ...args], { env: { ...process.env, DATABASE_URL: '', API_ORIGIN: url, OPS_TOKEN: TEST_OPS_TOKEN, NODE_ENV: 'test' }, timeout: 60_000 });

const opsDirect = (...args: string[]) =>
  run(process.execPath, ['dist/ops.js', ...args], {
    env: { ...process.env, DATABASE_URL: api.databaseUrl ?? '', STAFF_SECRET_KEY: NEW_KEY, STAFF_SECRET_KEY_PREVIOUS: OLD_KEY, NODE_ENV: 'test' },
    timeout: 60_000,
  });

/** The member's row as it was before the rotation began: sealed under the old key. */
async function sealUnderOldKey(email: string): Promise<number> {
  const row = await api.db.selectFrom('staff').select(['id', 'totp_secret']).where('email', '=', email).executeTakeFirstOrThrow();
  const plain = newBoxAlone.open(row.id, row.totp_secret!);
  await api.db.updateTable('staff').set({ totp_secret: oldBox.seal(row.id, plain) }).where('id', '=', row.id).execute();
  return row.id;
}

async function pendingLinkUnderOldKey(email: string): Promise<number> {
  const invite = await opsStaffAdd(api, email, 'support');
  const link = await api.db.selectFrom('staff_setup_tokens').select(['token_hash', 'staff_id', 'totp_secret']).where('staff_id', '=', invite.member.id).executeTakeFirstOrThrow();
  await api.db.updateTable('staff_setup_tokens').set({ totp_secret: oldBox.seal(link.staff_id, newBoxAlone.open(link.staff_id, link.totp_secret)) })
    .where('token_hash', '=', link.token_hash).execute();
  expect(tokenOf(invite)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return link.staff_id;
}

async function secretOf(id: number): Promise<string> {
  return (await api.db.selectFrom('staff').select('totp_secret').where('id', '=', id).executeTakeFirstOrThrow()).totp_secret!;
}

describe.each([
  { path: 'through the running API', ops: opsRemote, skip: false, tag: 'remote' },
  { path: 'on PostgreSQL directly', ops: opsDirect, skip: !process.env.DATABASE_URL, tag: 'direct' },
])('npm run ops -- staff rotate-key, $path', ({ ops, skip, tag }) => {
  it.skipIf(skip)('seals every secret under the new key; members sign in before, during and after; a second run finds nothing to do', async () => {
    const owner = `rotate.owner.${tag}@oshibox.example`;
    const { secret } = await enrolledStaff(api, owner, 'owner');
    const ownerId = await sealUnderOldKey(owner);
    const invitedId = await pendingLinkUnderOldKey(`rotate.invited.${tag}@oshibox.example`);
    // Both keys on every process: the old key's secret still signs in.
    expect((await staffLogin(api, owner, codeNow(api, secret))).status).toBe(200);
    nextStep(api);
    // Every staff secret of the shared database the new key alone cannot open yet (the other
    // describe's rows are under the new key already).
    const before = await api.db.selectFrom('staff').select(['id', 'totp_secret']).where('totp_secret', 'is not', null).execute();
    const links = await api.db.selectFrom('staff_setup_tokens').select(['staff_id', 'totp_secret']).execute();
    const underOld = [...before.map((r) => ({ id: r.id, s: r.totp_secret! })), ...links.map((l) => ({ id: l.staff_id, s: l.totp_secret }))]
      .filter((r) => { try { newBoxAlone.open(r.id, r.s); return false; } catch { return true; } });
    expect(underOld.length).toBeGreaterThanOrEqual(2);

    const { stdout } = await ops('staff', 'rotate-key');
    expect(JSON.parse(stdout)).toEqual({ resealed: underOld.length, current: before.length + links.length - underOld.length, unreadable: [] });
    // The old key can go: the new key alone opens the member's secret and the unused link's.
    expect(newBoxAlone.open(ownerId, await secretOf(ownerId))).toBe(secret);
    const link = await api.db.selectFrom('staff_setup_tokens').select('totp_secret').where('staff_id', '=', invitedId).executeTakeFirstOrThrow();
    expect(() => newBoxAlone.open(invitedId, link.totp_secret)).not.toThrow();
    const resealed = await secretOf(ownerId);
    expect(() => oldBox.open(ownerId, resealed)).toThrow();
    expect((await staffLogin(api, owner, codeNow(api, secret))).status).toBe(200);
    nextStep(api);

    const again = JSON.parse((await ops('staff', 'rotate-key')).stdout) as { resealed: number; current: number };
    expect(again).toEqual({ resealed: 0, current: before.length + links.length, unreadable: [] });
    const audit = await api.db.selectFrom('audit_log').select(['staff_email', 'outcome', 'after']).where('action', '=', 'staff.rotate-secret-key')
      .orderBy('id', 'desc').limit(2).execute();
    expect(audit.reverse()).toEqual([
      { staff_email: '(operator)', outcome: 'success', after: { resealed: underOld.length, current: before.length + links.length - underOld.length, unreadable: [] } },
      { staff_email: '(operator)', outcome: 'success', after: { resealed: 0, current: before.length + links.length, unreadable: [] } },
    ]);
  }, 120_000);
});

describe('npm run ops -- staff rotate-key, a secret neither key opens', () => {
  it('names the member, leaves the row as it was and exits 1 pointing at staff reset', async () => {
    const email = 'rotate.lost@oshibox.example';
    await enrolledStaff(api, email, 'support');
    const row = await api.db.selectFrom('staff').select(['id', 'totp_secret']).where('email', '=', email).executeTakeFirstOrThrow();
    const third = createSecretBox(Buffer.alloc(32, 0x33));
    const foreign = third.seal(row.id, 'JBSWY3DPEHPK3PXP');
    await api.db.updateTable('staff').set({ totp_secret: foreign }).where('id', '=', row.id).execute();
    const failure = await opsRemote('staff', 'rotate-key').then(() => null, (error: unknown) => error as { code: number; stdout: string; stderr: string });
    expect(failure).toMatchObject({ code: 1 });
    expect(JSON.parse(failure!.stdout)).toMatchObject({ unreadable: [row.id] });
    expect(failure!.stderr).toContain(`staff ${row.id}`);
    expect(failure!.stderr).toContain('staff reset');
    expect(await secretOf(row.id)).toBe(foreign);
  }, 120_000);
});
