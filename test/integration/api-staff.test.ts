import { sql } from 'kysely';
import { createApiApp } from '../../api/app.ts';
import { silentLogger } from '../support/stack.ts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffInvite } from '../../shared/staff-roles.ts';
import { expectApiError } from './api-fixtures.ts';
import {
  ADMIN_ORIGIN,
  MINUTE,
  STAFF_PASSWORD,
  codeNow,
  enrolledStaff,
  me,
  nextStep,
  opsStaffAdd,
  setupSecret,
  signedIn,
  staffCookieFrom,
  staffLogin,
  startStaffApi,
  tokenOf,
  withStaff,
  type StaffApi,
} from './api-staff-fixtures.ts';

let api: StaffApi;
const OWNER = 'owner@oshibox.example';
let owner: { secret: string; recoveryCodes: string[] };
/** Every secret a test handled: none may appear in any log line. */
const secrets: string[] = [STAFF_PASSWORD];

beforeAll(async () => {
  api = await startStaffApi();
  owner = await enrolledStaff(api, OWNER, 'owner');
  secrets.push(owner.secret, ...owner.recoveryCodes);
});

afterAll(async () => {
  await api?.close();
});

const auditRows = (action: string) => api.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('the whole life: ops staff add → setup → login → me → logout', () => {
  it('walks a new member through setup and two-factor sign-in', async () => {
    const invite = await opsStaffAdd(api, 'Life@Oshibox.example', 'catalogue');
    expect(invite.setupUrl).toMatch(/^http:\/\/localhost:3002\/setup\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(invite.expiresAt) - api.clock.now.getTime()).toBe(24 * 60 * MINUTE);
    const token = tokenOf(invite);
    secrets.push(token);

    const view = await request(api.app).get(`/api/staff/setup/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ email: 'Life@Oshibox.example', role: 'catalogue' });
    expect(view.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/OshiBox:.*\?.*secret=[A-Z2-7]+/);
    expect(view.body.otpauthUri).toContain('digits=6');
    expect(view.body.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const secret = await setupSecret(api, token);
    secrets.push(secret);

    const wrong = await request(api.app).post(`/api/staff/setup/${token}`).set('origin', ADMIN_ORIGIN)
      .send({ password: STAFF_PASSWORD, passwordConfirm: STAFF_PASSWORD, otp: codeNow(api, secret) === '000000' ? '111111' : '000000' });
    expectApiError(wrong, 400, 'BAD_REQUEST', ['otp']);
    const weak = await request(api.app).post(`/api/staff/setup/${token}`).set('origin', ADMIN_ORIGIN)
      .send({ password: 'short', passwordConfirm: 'other', otp: codeNow(api, secret) });
    expectApiError(weak, 400, 'BAD_REQUEST', ['password', 'passwordConfirm']);

    const done = await request(api.app).post(`/api/staff/setup/${token}`).set('origin', ADMIN_ORIGIN)
      .send({ password: STAFF_PASSWORD, passwordConfirm: STAFF_PASSWORD, otp: codeNow(api, secret) });
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    secrets.push(...(done.body.recoveryCodes as string[]));
    nextStep(api);

    const login = await staffLogin(api, 'life@oshibox.example', codeNow(api, secret));
    expect(login.status).toBe(200);
    expect(login.body.staff).toMatchObject({ email: 'Life@Oshibox.example', role: 'catalogue' });
    const cookie = (login.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(cookie).toMatch(/oshibox_staff=[A-Za-z0-9_-]{40,}; Max-Age=43200; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict/);
    expect(cookie).not.toContain('Secure');
    const session = staffCookieFrom(login);
    secrets.push(session ?? '');
    const stored = await api.db.selectFrom('staff_sessions').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(session);

    expect((await me(api, session)).body.staff).toMatchObject({ email: 'Life@Oshibox.example', role: 'catalogue' });
    const out = await request(api.app).post('/api/staff/logout').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(session));
    expect(out.status).toBe(204);
    expectApiError(await me(api, session), 401, 'UNAUTHORIZED');
    expect((await auditRows('staff.setup')).map((r) => r.staff_email)).toContain('Life@Oshibox.example');
    expect((await auditRows('staff.logout')).length).toBe(1);
  });

  it('refuses a setup link used once, or past its 24 hours', async () => {
    const used = await opsStaffAdd(api, 'reuse@oshibox.example', 'support');
    const secret = await setupSecret(api, tokenOf(used));
    const body = { password: STAFF_PASSWORD, passwordConfirm: STAFF_PASSWORD, otp: codeNow(api, secret) };
    expect((await request(api.app).post(`/api/staff/setup/${tokenOf(used)}`).set('origin', ADMIN_ORIGIN).send(body)).status).toBe(200);
    expectApiError(await request(api.app).post(`/api/staff/setup/${tokenOf(used)}`).set('origin', ADMIN_ORIGIN).send(body), 404, 'NOT_FOUND');
    expectApiError(await request(api.app).get(`/api/staff/setup/${tokenOf(used)}`), 404, 'NOT_FOUND');

    const late = await opsStaffAdd(api, 'late@oshibox.example', 'support');
    api.clock.advance(24 * 60 * MINUTE - MINUTE);
    expect((await request(api.app).get(`/api/staff/setup/${tokenOf(late)}`)).status).toBe(200);
    api.clock.advance(2 * MINUTE);
    expectApiError(await request(api.app).get(`/api/staff/setup/${tokenOf(late)}`), 404, 'NOT_FOUND');
    // An enrolled member gets no second link; one who never finished gets a fresh one.
    expect((await request(api.app).post('/ops/staff').set('authorization', 'Bearer test-ops-token-0123456789abcdef0123').send({ email: 'reuse@oshibox.example', role: 'owner' })).status).toBe(409);
    expect((await request(api.app).get(`/api/staff/setup/${tokenOf(await opsStaffAdd(api, 'late@oshibox.example', 'support'))}`)).status).toBe(200);
  });
});

describe('POST /api/staff/login', () => {
  it('gives one answer for an unknown address, a wrong password, a wrong or a replayed code', async () => {
    const code = codeNow(api, owner.secret);
    const first = await staffLogin(api, OWNER, code);
    expect(first.status).toBe(200);
    const failures = [
      await staffLogin(api, OWNER, code), // the same code again, within its step: a replay
      await staffLogin(api, OWNER, code === '123456' ? '654321' : '123456'),
      await staffLogin(api, OWNER, codeNow(api, owner.secret), 'wrong-pass-1'),
      await staffLogin(api, 'nobody@oshibox.example', codeNow(api, owner.secret)),
    ];
    for (const res of failures) {
      expectApiError(res, 401, 'UNAUTHORIZED');
      expect(res.body).toEqual(failures[0]?.body);
      expect(staffCookieFrom(res)).toBeNull();
    }
    const rows = await auditRows('staff.login');
    expect(rows.filter((r) => r.outcome === 'failure').map((r) => r.staff_email)).toEqual(
      expect.arrayContaining([OWNER, 'nobody@oshibox.example']),
    );
    nextStep(api);
  });

  it('is throttled per address like shoppers\' logins', async () => {
    const strict = createApiApp({
      db: api.db, logger: silentLogger, now: () => api.clock.now, publicOrigin: 'http://localhost:3000', adminOrigin: ADMIN_ORIGIN,
      mailer: api.mailer, throttle: { loginEmail: { limit: 2, windowMs: 15 * MINUTE } },
    });
    api.clock.advance(16 * MINUTE); // past the window of the failures above
    const attempt = (password: string) => request(strict).post('/api/staff/login').set('origin', ADMIN_ORIGIN).send({ email: OWNER, password, otp: '123456' });
    expectApiError(await attempt('wrong-pass-1'), 401, 'UNAUTHORIZED');
    expectApiError(await attempt('wrong-pass-2'), 401, 'UNAUTHORIZED');
    expectApiError(await attempt(STAFF_PASSWORD), 429, 'RATE_LIMITED');
    api.clock.advance(16 * MINUTE);
  });

  it('takes each recovery code once', async () => {
    const [code] = owner.recoveryCodes;
    expect((await staffLogin(api, OWNER, code!.toUpperCase())).status).toBe(200);
    expectApiError(await staffLogin(api, OWNER, code!), 401, 'UNAUTHORIZED');
  });

  it('refuses a member who never enrolled, or who is disabled', async () => {
    await opsStaffAdd(api, 'pending@oshibox.example', 'support');
    expectApiError(await staffLogin(api, 'pending@oshibox.example', '123456'), 401, 'UNAUTHORIZED');
    const member = await enrolledStaff(api, 'leaver@oshibox.example', 'support');
    const session = await signedIn(api, 'leaver@oshibox.example', member.secret);
    const ownerSession = await signedIn(api, OWNER, owner.secret);
    const id = (await me(api, session)).body.staff.id as number;
    const off = await request(api.app).patch(`/api/staff/members/${id}`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(ownerSession)).send({ disabled: true });
    expect(off.body.member).toMatchObject({ disabled: true, role: 'support' });
    expectApiError(await me(api, session), 401, 'UNAUTHORIZED');
    expectApiError(await staffLogin(api, 'leaver@oshibox.example', codeNow(api, member.secret)), 401, 'UNAUTHORIZED');
    const [change] = await auditRows('staff.change');
    expect(change).toMatchObject({ before: { role: 'support', disabled: false }, after: { role: 'support', disabled: true }, target_id: String(id) });
  });

  it('takes unsafe staff calls from the console only, never from the shop', async () => {
    const res = await request(api.app).post('/api/staff/login').set('origin', 'http://localhost:3000').send({ email: OWNER, password: STAFF_PASSWORD, otp: '123456' });
    expectApiError(res, 403, 'FORBIDDEN');
  });
});

describe('staff sessions', () => {
  it('end after 30 minutes without a call', async () => {
    const session = await signedIn(api, OWNER, owner.secret);
    api.clock.advance(29 * MINUTE);
    expect((await me(api, session)).status).toBe(200);
    api.clock.advance(29 * MINUTE);
    expect((await me(api, session)).status).toBe(200);
    api.clock.advance(31 * MINUTE);
    expectApiError(await me(api, session), 401, 'UNAUTHORIZED');
  });

  it('end 12 hours after sign-in, however busy', async () => {
    const session = await signedIn(api, OWNER, owner.secret);
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      api.clock.advance(20 * MINUTE);
      expect((await me(api, session)).status).toBe(200);
    }
    api.clock.advance(20 * MINUTE);
    expectApiError(await me(api, session), 401, 'UNAUTHORIZED');
  });
});

describe('roles and the audit trail', () => {
  it('lets an owner add a member; refuses support on owner endpoints with 403 and an audit row', async () => {
    const ownerSession = await signedIn(api, OWNER, owner.secret);
    const added = await request(api.app).post('/api/staff/members').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(ownerSession))
      .send({ email: 'support@oshibox.example', role: 'support' });
    expect(added.status).toBe(201);
    const invite = added.body as StaffInvite;
    expect(invite.member).toMatchObject({ email: 'support@oshibox.example', role: 'support', enrolled: false });
    expect((await auditRows('staff.add')).at(-1)).toMatchObject({ staff_email: OWNER, outcome: 'success', after: { email: 'support@oshibox.example', role: 'support' } });

    const secret = await setupSecret(api, tokenOf(invite));
    await request(api.app).post(`/api/staff/setup/${tokenOf(invite)}`).set('origin', ADMIN_ORIGIN)
      .send({ password: STAFF_PASSWORD, passwordConfirm: STAFF_PASSWORD, otp: codeNow(api, secret) });
    nextStep(api);
    const support = await signedIn(api, 'support@oshibox.example', secret);
    for (const call of [
      request(api.app).get('/api/staff/members'),
      request(api.app).get('/api/staff/audit'),
      request(api.app).post('/api/staff/members').set('origin', ADMIN_ORIGIN).send({ email: 'x@oshibox.example', role: 'owner' }),
      request(api.app).patch('/api/staff/members/1').set('origin', ADMIN_ORIGIN).send({ role: 'support' }),
    ]) {
      expectApiError(await call.set('cookie', withStaff(support)), 403, 'FORBIDDEN');
    }
    const refused = await auditRows('access.refused');
    expect(refused.map((r) => r.target_id)).toEqual(['GET /api/staff/members', 'GET /api/staff/audit', 'POST /api/staff/members', 'PATCH /api/staff/members/1']);
    expect(refused.every((r) => r.staff_email === 'support@oshibox.example' && r.outcome === 'refused')).toBe(true);
    expectApiError(await request(api.app).get('/api/staff/members'), 401, 'UNAUTHORIZED');
    expect((await api.db.selectFrom('staff').select('role').where('id', '=', 1).executeTakeFirst())?.role).toBe('owner');
  });

  it('shows the dashboard to any signed-in staff member, never to a visitor', async () => {
    const session = await signedIn(api, OWNER, owner.secret);
    const res = await request(api.app).get('/api/staff/dashboard').set('cookie', withStaff(session));
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('active');
    expectApiError(await request(api.app).get('/api/staff/dashboard'), 401, 'UNAUTHORIZED');
  });

  it('adds an address once when two owners add it at the same time', async () => {
    const ownerSession = await signedIn(api, OWNER, owner.secret);
    const add = () => request(api.app).post('/api/staff/members').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(ownerSession)).send({ email: 'twice@oshibox.example', role: 'support' });
    const statuses = (await Promise.all([add(), add(), add()])).map((r) => r.status).sort();
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join()).toBe(true);
    const rows = await api.db.selectFrom('staff').select('id').where('email', '=', 'twice@oshibox.example').execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps one active owner', async () => {
    const ownerSession = await signedIn(api, OWNER, owner.secret);
    const res = await request(api.app).patch('/api/staff/members/1').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(ownerSession)).send({ role: 'support' });
    expectApiError(res, 409, 'CONFLICT');
  });

  it('lets the owner read the trail, filtered and a page at a time', async () => {
    const ownerSession = await signedIn(api, OWNER, owner.secret);
    const page = async (query: string) => (await request(api.app).get(`/api/staff/audit?${query}`).set('cookie', withStaff(ownerSession))).body as { entries: { id: number; action: string; staffId: number | null }[]; next: number | null };
    const first = await page('action=staff.login&limit=3');
    expect(first.entries).toHaveLength(3);
    expect(first.entries.every((e) => e.action === 'staff.login')).toBe(true);
    const second = await page(`action=staff.login&limit=3&before=${first.next}`);
    expect(second.entries[0]!.id).toBeLessThan(first.entries[2]!.id);
    expect((await page('staffId=1&limit=200')).entries.every((e) => e.staffId === 1)).toBe(true);
    expect((await page('from=2030-01-01')).entries).toEqual([]);
    expectApiError(await request(api.app).get('/api/staff/audit?from=yesterday').set('cookie', withStaff(ownerSession)), 400, 'BAD_REQUEST', ['from']);
    // The action comes from the list the page offers: anything else names the field.
    expectApiError(await request(api.app).get('/api/staff/audit?action=staff.dance').set('cookie', withStaff(ownerSession)), 400, 'BAD_REQUEST', ['action']);
  });

  it('refuses to change or delete an audit row, in the database itself', async () => {
    const before = await api.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    await expect(sql`update audit_log set outcome = 'success'`.execute(api.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(api.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(api.db)).rejects.toThrow(/append-only/);
    const after = await api.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(after.n)).toBeGreaterThan(10);
  });

  it('writes no password, code, setup token or session token in the logs', () => {
    const text = api.logs.join('');
    expect(text).toContain('/api/staff/setup/[redacted]');
    for (const secret of secrets.filter((s) => s.length > 0)) expect(text).not.toContain(secret);
  });
});
