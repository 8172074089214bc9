import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import type { LoginStatus } from '../../shared/api/types.ts';
import {
  KNOWN_USER,
  NOW,
  bodyOf,
  daysFromNow,
  insertSession,
  insertUser,
  minutesFromNow,
  startApi,
  type ApiTest,
} from './api-fixtures.ts';

/** One session token per situation; the user rows are KNOWN_USER and a deleted copy. */
const TOKENS = {
  plain: 'token-plain-0123456789',
  secure: 'token-secure-0123456789',
  secureEnded: 'token-secure-ended-0123456789',
  secureEndsNow: 'token-secure-ends-now-0123456789',
  expired: 'token-expired-0123456789',
  expiresNow: 'token-expires-now-0123456789',
  deletedUser: 'token-deleted-user-0123456789',
} as const;

let api: ApiTest;
let userId: number;

beforeAll(async () => {
  api = await startApi();
  const { db } = api;
  userId = await insertUser(db, KNOWN_USER);
  const deletedId = await insertUser(db, { ...KNOWN_USER, email: 'gone@example.com', deleted_at: daysFromNow(-1) });
  const live = daysFromNow(7);
  await insertSession(db, { token: TOKENS.plain, userId, expiresAt: live });
  await insertSession(db, { token: TOKENS.secure, userId, expiresAt: live, secureUntil: minutesFromNow(30) });
  await insertSession(db, { token: TOKENS.secureEnded, userId, expiresAt: live, secureUntil: minutesFromNow(-1) });
  await insertSession(db, { token: TOKENS.secureEndsNow, userId, expiresAt: live, secureUntil: NOW });
  await insertSession(db, { token: TOKENS.expired, userId, expiresAt: minutesFromNow(-1), secureUntil: minutesFromNow(30) });
  await insertSession(db, { token: TOKENS.expiresNow, userId, expiresAt: NOW });
  await insertSession(db, { token: TOKENS.deletedUser, userId: deletedId, expiresAt: live });
});

afterAll(async () => {
  await api?.database.destroy();
});

function getStatus(token?: string) {
  const req = request(api.app).get('/api/login/loginStatus');
  return token === undefined ? req : req.set('cookie', `${SESSION_COOKIE}=${token}`);
}

const SIGNED_OUT: LoginStatus = { userId: null, user: null };

describe('GET /api/login/loginStatus', () => {
  it('answers signed out without a cookie, and is never cached', async () => {
    const res = await getStatus();
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('gives the user of a live session', async () => {
    const res = await getStatus(TOKENS.plain);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['cache-control']).toContain('private');
    expect(bodyOf<LoginStatus>(res)).toEqual({
      userId,
      user: {
        id: userId,
        email: 'known.user@example.com',
        name: '推野 花子',
        nameKana: '',
        zip: '1500002',
        address: '東京都渋谷区渋谷',
        address2: '2-24-12',
        birthday: '1995-04-01',
        gender: 'FEMALE',
        tel: '0312345678',
        paymentMethod: 'CARD',
        securitySafe: false,
      },
    });
  });

  it('gives the birthday as stored, whatever the time zone of the server', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      const res = await getStatus(TOKENS.plain);
      expect(bodyOf<LoginStatus>(res).user?.birthday).toBe('1995-04-01');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('never sends the password hash or the session token back', async () => {
    const res = await getStatus(TOKENS.plain);
    expect(res.text).not.toContain(KNOWN_USER.password_hash);
    expect(res.text).not.toContain('known-hash-value');
    expect(res.text.toLowerCase()).not.toContain('password');
    expect(res.text).not.toContain(TOKENS.plain);
  });

  it('is securitySafe only while secure_until is in the future', async () => {
    const safe = async (token: string) => bodyOf<LoginStatus>(await getStatus(token)).user?.securitySafe;
    expect(await safe(TOKENS.secure)).toBe(true);
    expect(await safe(TOKENS.secureEnded)).toBe(false);
    expect(await safe(TOKENS.secureEndsNow)).toBe(false);
    expect(await safe(TOKENS.plain)).toBe(false);
  });

  it.each([
    ['an expired session', TOKENS.expired],
    ['a session expiring exactly now', TOKENS.expiresNow],
    ['the session of a deleted user', TOKENS.deletedUser],
    ['an unknown token', 'token-nobody-has'],
    ['an empty cookie', ''],
    ['an over-long token', 'x'.repeat(201)],
  ])('answers signed out for %s', async (_what, token) => {
    const res = await getStatus(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SIGNED_OUT);
  });

  it('does not accept the stored hash in place of the token', async () => {
    const row = await api.db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect((await getStatus(row.token_hash)).body).toEqual(SIGNED_OUT);
  });

  it('reads no other cookie as the session', async () => {
    const res = await request(api.app).get('/api/login/loginStatus').set('cookie', `other=${TOKENS.plain}`);
    expect(res.body).toEqual(SIGNED_OUT);
  });

  it('leaves the sessions and users as they were', async () => {
    const before = await api.db.selectFrom('sessions').selectAll().orderBy('token_hash').execute();
    const users = await api.db.selectFrom('users').selectAll().orderBy('id').execute();
    await getStatus(TOKENS.secure);
    await getStatus(TOKENS.expired);
    expect(await api.db.selectFrom('sessions').selectAll().orderBy('token_hash').execute()).toEqual(before);
    expect(await api.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(users);
  });
});
