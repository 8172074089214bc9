import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffInvite } from '../../shared/staff-roles.ts';
import { expectApiError } from './api-fixtures.ts';
import {
  ADMIN_ORIGIN,
  codeNow,
  enrolledStaff,
  me,
  nextStep,
  setupSecret,
  signedIn,
  staffLogin,
  startStaffApi,
  tokenOf,
  withStaff,
  type StaffApi,
} from './api-staff-fixtures.ts';

/** The owner's endpoints (issue 19): resetting a lost second factor, the last owner, the audit search and its CSV. */
let api: StaffApi;
const OWNER = 'owner@oshibox.example';
let owner: { secret: string };
let ownerSession: string;

beforeAll(async () => {
  api = await startStaffApi();
  owner = await enrolledStaff(api, OWNER, 'owner');
  ownerSession = await signedIn(api, OWNER, owner.secret);
});

afterAll(async () => {
  await api?.close();
});

const asOwner = {
  post: (path: string) => request(api.app).post(path).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(ownerSession)),
  patch: (path: string) => request(api.app).patch(path).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(ownerSession)),
  get: (path: string) => request(api.app).get(path).set('cookie', withStaff(ownerSession)),
};

const idOf = async (email: string) => (await api.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('a lost second factor', () => {
  it('drops the old secret, codes, password and sessions; the member enrols again from the new link', async () => {
    const email = 'lost@oshibox.example';
    const lost = await enrolledStaff(api, email, 'support');
    const session = await signedIn(api, email, lost.secret);
    const id = await idOf(email);

    const res = await asOwner.post(`/api/staff/members/${id}/reset-second-factor`).send({});
    expect(res.status).toBe(200);
    const invite = res.body as StaffInvite;
    expect(invite.member).toMatchObject({ id, email, enrolled: false, disabled: false });
    expect(invite.setupUrl).toMatch(/^http:\/\/localhost:3002\/setup\/[A-Za-z0-9_-]{43}$/);

    expectApiError(await me(api, session), 401, 'UNAUTHORIZED');
    expectApiError(await staffLogin(api, email, codeNow(api, lost.secret)), 401, 'UNAUTHORIZED');
    expectApiError(await staffLogin(api, email, lost.recoveryCodes[0]!), 401, 'UNAUTHORIZED');
    const row = await api.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, totp_secret: null, enrolled_at: null });
    expect(await api.db.selectFrom('staff_recovery_codes').select('code_hash').where('staff_id', '=', id).execute()).toEqual([]);

    const token = tokenOf(invite);
    const secret = await setupSecret(api, token);
    expect(secret).not.toBe(lost.secret);
    const done = await request(api.app).post(`/api/staff/setup/${token}`).set('origin', ADMIN_ORIGIN)
      .send({ password: 'a-new-pass-2', passwordConfirm: 'a-new-pass-2', otp: codeNow(api, secret) });
    expect(done.status).toBe(200);
    nextStep(api);
    expectApiError(await staffLogin(api, email, codeNow(api, lost.secret)), 401, 'UNAUTHORIZED');
    expect((await staffLogin(api, email, codeNow(api, secret), 'a-new-pass-2')).status).toBe(200);

    const audit = await api.db.selectFrom('audit_log').selectAll().where('action', '=', 'staff.reset-second-factor').execute();
    expect(audit).toEqual([expect.objectContaining({ staff_email: OWNER, outcome: 'success', target_id: String(id), before: { enrolled: true }, after: { enrolled: false } })]);
    expect(JSON.stringify(audit)).not.toContain(tokenOf(invite));
  });

  it('refuses one’s own reset, a disabled member and an unknown id', async () => {
    expectApiError(await asOwner.post(`/api/staff/members/${await idOf(OWNER)}/reset-second-factor`).send({}), 409, 'CONFLICT');
    await enrolledStaff(api, 'gone@oshibox.example', 'catalogue');
    const id = await idOf('gone@oshibox.example');
    expect((await asOwner.patch(`/api/staff/members/${id}`).send({ disabled: true })).status).toBe(200);
    expectApiError(await asOwner.post(`/api/staff/members/${id}/reset-second-factor`).send({}), 409, 'CONFLICT');
    expectApiError(await asOwner.post('/api/staff/members/999999/reset-second-factor').send({}), 404, 'NOT_FOUND');
    expectApiError(await asOwner.post(`/api/staff/members/${id}/reset-second-factor`).send({ extra: 1 }), 400, 'BAD_REQUEST');
  });

  it('is the owner’s alone: other roles get 403 and the refusal is audited', async () => {
    const sup = await enrolledStaff(api, 'sup@oshibox.example', 'support');
    const supSession = await signedIn(api, 'sup@oshibox.example', sup.secret);
    const ownerId = await idOf(OWNER);
    for (const call of [
      request(api.app).post(`/api/staff/members/${ownerId}/reset-second-factor`).set('origin', ADMIN_ORIGIN).send({}),
      request(api.app).get('/api/staff/audit.csv'),
    ]) expectApiError(await call.set('cookie', withStaff(supSession)), 403, 'FORBIDDEN');
    const refused = await api.db.selectFrom('audit_log').select('target_id').where('action', '=', 'access.refused').where('staff_email', '=', 'sup@oshibox.example').execute();
    expect(refused.map((r) => r.target_id)).toEqual([`POST /api/staff/members/${ownerId}/reset-second-factor`, 'GET /api/staff/audit.csv']);
    expect((await api.db.selectFrom('staff').select('totp_secret').where('id', '=', ownerId).executeTakeFirstOrThrow()).totp_secret).not.toBeNull();
  });
});

describe('the last owner', () => {
  it('cannot disable or demote themselves into a shop without an owner; with a second owner they can', async () => {
    const ownerId = await idOf(OWNER);
    expectApiError(await asOwner.patch(`/api/staff/members/${ownerId}`).send({ disabled: true }), 409, 'CONFLICT');
    expectApiError(await asOwner.patch(`/api/staff/members/${ownerId}`).send({ role: 'support' }), 409, 'CONFLICT');
    expect((await me(api, ownerSession)).body.staff).toMatchObject({ role: 'owner' });
    await enrolledStaff(api, 'second-owner@oshibox.example', 'owner');
    const second = await idOf('second-owner@oshibox.example');
    const demote = await asOwner.patch(`/api/staff/members/${second}`).send({ role: 'fulfilment' });
    expect(demote.body.member).toMatchObject({ role: 'fulfilment' });
  });
});

describe('the audit search and its CSV', () => {
  type Page = { entries: { id: number; action: string; staffEmail: string; outcome: string; targetId: string | null }[]; next: number | null };
  const page = async (query: string) => {
    const res = await asOwner.get(`/api/staff/audit?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body as Page;
  };

  it('filters by e-mail (any part, any case), action, target, outcome and day', async () => {
    const byEmail = await page('staffEmail=SUP%40OSHIBOX&limit=200');
    expect(byEmail.entries.length).toBeGreaterThan(0);
    expect(byEmail.entries.every((e) => e.staffEmail === 'sup@oshibox.example')).toBe(true);
    expect((await page('staffEmail=%25&limit=200')).entries).toEqual([]);
    const refused = await page('outcome=refused&limit=200');
    expect(refused.entries.map((e) => e.action)).toEqual(['access.refused', 'access.refused']);
    const failures = await page('outcome=failure&action=staff.login&limit=200');
    expect(failures.entries.length).toBeGreaterThan(0);
    expect(failures.entries.every((e) => e.outcome === 'failure' && e.action === 'staff.login')).toBe(true);
    const lostId = String(await idOf('lost@oshibox.example'));
    const target = await page(`targetType=staff&targetId=${lostId}&limit=200`);
    expect(new Set(target.entries.map((e) => e.targetId))).toEqual(new Set([lostId]));
    expect(target.entries.map((e) => e.action)).toContain('staff.reset-second-factor');
    expect((await page('from=2026-11-22&to=2026-11-22&limit=1')).entries).toHaveLength(1);
    expect((await page('to=2026-11-21')).entries).toEqual([]);
    expectApiError(await asOwner.get('/api/staff/audit?outcome=maybe'), 400, 'BAD_REQUEST', ['outcome']);
    expectApiError(await asOwner.get(`/api/staff/audit?staffEmail=${'a'.repeat(201)}`), 400, 'BAD_REQUEST', ['staffEmail']);
  });

  it('exports the filtered trail as UTF-8 CSV with a BOM, and the export is in the trail', async () => {
    const res = await asOwner.get('/api/staff/audit.csv?action=staff.login&outcome=success').buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const body = res.body as Buffer;
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,staff_id,staff_email,action,target_type,target_id,outcome,client_address,request_id,before,after');
    const rows = lines.slice(1);
    const logins = await api.db.selectFrom('audit_log').select('id').where('action', '=', 'staff.login').where('outcome', '=', 'success').execute();
    expect(rows).toHaveLength(logins.length);
    expect(rows.every((r) => r.includes(',staff.login,staff,') && r.includes(',success,'))).toBe(true);
    expect(rows[0]).toContain('"{""via"":""totp""}"');
    const exports = await api.db.selectFrom('audit_log').selectAll().where('action', '=', 'audit.export').execute();
    expect(exports).toEqual([expect.objectContaining({ staff_email: OWNER, outcome: 'success', after: { filter: { action: 'staff.login', outcome: 'success' }, max: 10_000 } })]);
  });
});
