import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { HASH_LIMITER } from '../../api/password/password-hash.ts';
import { THROTTLE_RULES, throttleKey, type Subject } from '../../api/throttle/throttle.service.ts';
import type { ApiErrorBody } from '../../shared/api/errors.ts';
import type { LoginStatus } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { listenOnLoopback, silentLogger } from '../support/stack.ts';
import { bodyOf, expectApiError } from './api-fixtures.ts';
import {
  DAY,
  MINUTE,
  PASSWORD,
  login,
  loginStatus,
  sendAtOnce,
  sessionFrom,
  setCookieHeader,
  signUp,
  startAccountApi,
  withSession,
  type AccountApi,
} from './api-account-fixtures.ts';

let api: AccountApi;
const EMAIL = 'login.user@example.com';

beforeAll(async () => {
  api = await startAccountApi();
  await signUp(api, EMAIL);
});

afterAll(async () => {
  await api?.close();
});

/** The API over the same database with other login limits (per e-mail, per client). */
const appWithLimits = (perEmail: number, perClient: number) =>
  createApiApp({
    db: api.db,
    logger: silentLogger,
    now: () => api.clock.now,
    publicOrigin: 'http://localhost:3000',
    mailer: api.mailer,
    throttle: { loginEmail: { limit: perEmail, windowMs: 15 * MINUTE }, loginClient: { limit: perClient, windowMs: 15 * MINUTE } },
  });

const signedIn = async (token: string | null) => bodyOf<LoginStatus>(await loginStatus(api, token)).userId !== null;

describe('POST /api/login/emailLogin', () => {
  it('signs in with a fresh session: HttpOnly, SameSite=Lax, Path=/, securitySafe', async () => {
    const res = await login(api, EMAIL, PASSWORD);
    expect(res.status).toBe(200);
    const status = bodyOf<LoginStatus>(res);
    expect(status.userId).toBeGreaterThan(0);
    expect(status.user?.email).toBe(EMAIL);
    expect(status.user?.securitySafe).toBe(true);
    const cookie = setCookieHeader(res);
    expect(cookie).toMatch(/oshibox_sid=[A-Za-z0-9_-]{40,}/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('marks the cookie Secure when the shop is served over https', async () => {
    const app = createApiApp({ db: api.db, logger: silentLogger, now: () => api.clock.now, publicOrigin: 'https://shop.example', mailer: api.mailer });
    const res = await request(app).post('/api/login/emailLogin').send({ email: EMAIL, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(setCookieHeader(res)).toMatch(/; Secure/);
  });

  it('keeps only a hash of the token', async () => {
    const token = sessionFrom(await login(api, EMAIL, PASSWORD));
    const rows = await api.db.selectFrom('sessions').select('token_hash').execute();
    expect(token).not.toBeNull();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('rotates the session: the cookie sent along dies, a new one is set', async () => {
    const first = sessionFrom(await login(api, EMAIL, PASSWORD));
    const res = await login(api, EMAIL, PASSWORD, withSession(first));
    const second = sessionFrom(res);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(true);
  });

  it('answers an unknown e-mail and a wrong password alike (status and body), with §8 "e-mail or password is wrong"', async () => {
    const wrong = await login(api, EMAIL, 'wrong-pass-9');
    const unknown = await login(api, 'no.such.user@example.com', 'wrong-pass-9');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.text).toBe(wrong.text);
    const body = bodyOf<ApiErrorBody>(wrong);
    expect(body).toEqual({ code: 'UNAUTHORIZED', message: MESSAGES.loginFailed.ja, messageEn: MESSAGES.loginFailed.en });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('takes about as long for an unknown e-mail as for a wrong password (a dummy hash is checked)', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await login(api, email, 'wrong-pass-9');
      return performance.now() - started;
    };
    // Interleaved runs and medians, so a load spike on a shared machine hits both sides alike.
    const knownRuns: number[] = [];
    const unknownRuns: number[] = [];
    for (let i = 0; i < 5; i++) {
      knownRuns.push(await time(EMAIL));
      unknownRuns.push(await time('timing.nobody@example.com'));
    }
    const median = (runs: number[]) => runs.sort((a, b) => a - b)[2] ?? 0;
    const known = median(knownRuns);
    const unknown = median(unknownRuns);
    expect(unknown).toBeGreaterThan(known * 0.4);
    expect(unknown).toBeLessThan(known * 2.5);
  });

  it.each([
    [{ email: '', password: '' }, { email: MESSAGES.emailRequired, password: MESSAGES.passwordRequired }],
    [{ email: 'not-mail', password: 'x' }, { email: MESSAGES.emailInvalid }],
    [{ email: EMAIL }, { password: MESSAGES.passwordRequired }],
  ])('refuses %j with field messages', async (body, fields) => {
    const res = await request(api.app).post('/api/login/emailLogin').send(body);
    const error = expectApiError(res, 400, 'BAD_REQUEST', Object.keys(fields));
    expect(error.fields).toEqual(fields);
  });
});

describe('DELETE /api/login/logout', () => {
  it('destroys the session and clears the cookie; the old cookie replayed is signed out', async () => {
    const token = sessionFrom(await login(api, EMAIL, PASSWORD));
    const res = await request(api.app).delete('/api/login/logout').set('cookie', withSession(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(setCookieHeader(res)).toMatch(/oshibox_sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(await signedIn(token)).toBe(false);
    expectApiError(await request(api.app).get('/api/user').set('cookie', withSession(token)), 401, 'UNAUTHORIZED');
  });

  it('answers ok when already signed out', async () => {
    const res = await request(api.app).delete('/api/login/logout');
    expect(res.status).toBe(200);
  });
});

describe('session expiry', () => {
  it('ends a session after 7 idle days', async () => {
    const token = sessionFrom(await login(api, EMAIL, PASSWORD));
    api.clock.advance(7 * DAY - MINUTE);
    expect(await signedIn(token)).toBe(true);
    // That visit moved the idle clock; a week after it, without another, the session is over.
    api.clock.advance(7 * DAY);
    expect(await signedIn(token)).toBe(false);
  });

  it('slides with use, up to 30 days after sign-in whatever happens', async () => {
    const token = sessionFrom(await login(api, EMAIL, PASSWORD));
    for (let day = 6; day < 30; day += 6) {
      api.clock.advance(6 * DAY);
      expect(await signedIn(token)).toBe(true);
    }
    api.clock.advance(6 * DAY);
    expect(await signedIn(token)).toBe(false);
  });

  it('lets securitySafe lapse after 30 minutes; the password re-check restores it on a new session', async () => {
    const token = sessionFrom(await login(api, EMAIL, PASSWORD));
    api.clock.advance(31 * MINUTE);
    const status = bodyOf<LoginStatus>(await loginStatus(api, token));
    expect(status.user?.securitySafe).toBe(false);
    const again = await login(api, EMAIL, PASSWORD, withSession(token));
    expect(bodyOf<LoginStatus>(again).user?.securitySafe).toBe(true);
    expect(sessionFrom(again)).not.toBe(token);
  });
});

describe('login throttling (kept in the database)', () => {
  let throttled: AccountApi['app'];

  beforeAll(() => {
    throttled = appWithLimits(3, 5);
  });

  const attempt = (email: string, password: string, client: string) =>
    request(throttled).post('/api/login/emailLogin').set('x-forwarded-for', client).send({ email, password });

  it('refuses an e-mail after repeated failures with 429 and §8 "repeated e-mail mistakes", even with the right password', async () => {
    for (let i = 0; i < 3; i += 1) expect((await attempt(EMAIL, 'wrong-pass-9', `198.51.100.${i + 1}`)).status).toBe(401);
    const res = await attempt(EMAIL, PASSWORD, '198.51.100.50');
    const error = expectApiError(res, 429, 'RATE_LIMITED');
    expect([error.message, error.messageEn]).toEqual([MESSAGES.emailRepeatedMistakes.ja, MESSAGES.emailRepeatedMistakes.en]);
    api.clock.advance(15 * MINUTE);
    expect((await attempt(EMAIL, PASSWORD, '198.51.100.51')).status).toBe(200);
  });

  it('refuses a client after failures across many e-mails with 429 "wait and retry"', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt(`spray${i}@example.com`, 'wrong-pass-9', '203.0.113.7')).status).toBe(401);
    const error = expectApiError(await attempt(EMAIL, PASSWORD, '203.0.113.7'), 429, 'RATE_LIMITED');
    expect(error.messageEn).toBe(MESSAGES.retryLater.en);
    // Another client is not affected.
    expect((await attempt(EMAIL, PASSWORD, '203.0.113.8')).status).toBe(200);
  });
});

describe('login bursts (issue 17)', () => {
  const hitsOf = async (subject: Subject) => {
    const row = await api.db.selectFrom('throttle_counters').select('hits').where('key', '=', throttleKey(subject)).executeTakeFirst();
    return row?.hits ?? 0;
  };

  it("keeps another client's login under 2 s while one client fires 100 wrong ones, and counts every attempt, refused or not", async () => {
    // Throttles this high let the whole burst reach the password hash: the hash queue's fairness is under test.
    const { server } = await listenOnLoopback(appWithLimits(1_000, 1_000));
    const attempt = (client: string, email: string, password: string) =>
      request(server).post('/api/login/emailLogin').set('x-forwarded-for', client).send({ email, password });
    try {
      // What a lone correct login takes on this machine now: on a machine so loaded that it takes
      // more than 2/3 s by itself, the bound grows with it (a busy CI box), else it is the 2 s.
      const lone: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const started = performance.now();
        expect((await attempt('203.0.113.67', EMAIL, PASSWORD)).status).toBe(200);
        lone.push(performance.now() - started);
      }
      const bound = Math.max(2_000, 3 * (lone.sort((a, b) => a - b)[1] ?? 0));
      let settled = 0;
      const burst = Array.from({ length: 100 }, (_, i) =>
        attempt('203.0.113.66', `burst${i}@example.com`, 'wrong-pass-9').then((res) => {
          settled += 1;
          return res.status;
        }),
      );
      // The whole burst has reached the API: most of it answered, or the hash queue filling up.
      const deadline = Date.now() + 60_000;
      while (settled < 90 && HASH_LIMITER.active + HASH_LIMITER.queued < 20 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const inFlight = 100 - settled;
      const started = performance.now();
      const victim = await attempt('203.0.113.67', EMAIL, PASSWORD);
      const elapsed = performance.now() - started;
      const statuses = await Promise.all(burst);
      expect(inFlight).toBeGreaterThan(0);
      expect(victim.status).toBe(200);
      expect(elapsed).toBeLessThan(bound);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(await hitsOf({ rule: 'loginClient', value: '203.0.113.66' })).toBe(100);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('checks at most 10 passwords for one e-mail when 30 wrong ones come at once from 30 clients', async () => {
    const email = 'parallel.user@example.com';
    await signUp(api, email);
    const answers = await sendAtOnce(api.app, 30, (server, i) =>
      request(server).post('/api/login/emailLogin').set('x-forwarded-for', `198.18.0.${i + 1}`).send({ email, password: 'wrong-pass-9' }),
    );
    // Exactly the limit gets past the throttle (401 once checked; 503 BUSY if a loaded machine
    // keeps one waiting for a hash past its deadline), the rest is refused before any hash.
    const limit = THROTTLE_RULES.loginEmail.limit;
    expect(answers.filter((res) => res.status === 429)).toHaveLength(30 - limit);
    expect(answers.filter((res) => res.status === 401).length).toBeGreaterThan(0);
    expect(await hitsOf({ rule: 'loginEmail', value: email })).toBe(30);
    expectApiError(await login(api, email, PASSWORD), 429, 'RATE_LIMITED');
  });
});
