import net from 'node:net';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { MAX_WRONG_TRIES } from '../../api/mail/mail-code.service.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { createLogger } from '../../server/logger.server.ts';
import { startMailbox } from '../support/mailbox.ts';
import { silentLogger } from '../support/stack.ts';
import type { ApiErrorBody } from '../../shared/api/errors.ts';
import { bodyOf, expectApiError } from './api-fixtures.ts';
import { MINUTE, mailedCode, sendAtOnce, signUp, startAccountApi, type AccountApi } from './api-account-fixtures.ts';

let api: AccountApi;

beforeAll(async () => {
  api = await startAccountApi();
  await signUp(api, 'member@example.com');
});

afterAll(async () => {
  await api?.close();
});

const sendMail = (body: unknown, query = '?langType=ja') => request(api.app).post(`/api/mail/sendMail${query}`).send(body as object);
const checkCode = (body: unknown) => request(api.app).post('/api/mail/checkCode').send(body as object);

describe('POST /api/mail/sendMail', () => {
  it('mails a 6-digit sign-up code over SMTP in Japanese, never in the subject', async () => {
    const { mail, code } = await mailedCode(api, 'new.ja@example.com', 'signup', { lang: 'ja' });
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain('会員登録の認証コード');
    expect(mail.subject).not.toContain(code);
    expect(mail.text).toContain('30分');
    expect(mail.html).toContain(code);
    expect(mail.from).toBe('no-reply@oshibox.example');
  });

  it('mails it in English when langType=en', async () => {
    const { mail, code } = await mailedCode(api, 'new.en@example.com', 'signup', { lang: 'en' });
    expect(mail.subject).toContain('Your sign-up code');
    expect(mail.subject).not.toContain(code);
    expect(mail.text).toContain('30 minutes');
    expect(mail.text).not.toMatch(/[\u3040-\u30ff]/);
  });

  it('answers the same for a registered and an unregistered address, in both types', async () => {
    const answers = [];
    for (const [email, type] of [
      ['member@example.com', 'signup'],
      ['nobody@example.com', 'signup'],
      ['member@example.com', 'reminder'],
      ['nobody2@example.com', 'reminder'],
    ] as const) {
      const res = await sendMail({ email, type });
      answers.push([res.status, res.text]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([200, JSON.stringify({ ok: true })]);
  });

  it('tells only the mailbox itself that it has no account (reminder) or already has one (sign-up), with no code', async () => {
    await sendMail({ email: 'stranger@example.com', type: 'reminder' });
    const notRegistered = await api.mailbox.waitFor('stranger@example.com');
    expect(notRegistered.text).toContain(MESSAGES.emailNotRegistered.ja);
    expect(notRegistered.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);

    await sendMail({ email: 'member@example.com', type: 'signup' }, '?langType=en');
    const already = await api.mailbox.waitFor('member@example.com', (m) => m.subject.includes('already registered'));
    expect(already.subject).toContain('already registered');
    expect(already.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
  });

  it('needs a signed-in user for an e-mail change code', async () => {
    expectApiError(await sendMail({ email: 'x@example.com', type: 'email' }), 401, 'UNAUTHORIZED');
  });

  it.each([
    [{ email: 'not-mail', type: 'signup' }, 'email', MESSAGES.emailInvalid],
    [{ email: '', type: 'signup' }, 'email', MESSAGES.emailRequired],
    [{ email: 'a@example.com', type: 'admin' }, 'type', MESSAGES.mailTypeInvalid],
    [{ email: 'a@example.com', type: 'signup', extra: 1 }, 'extra', null],
  ])('refuses %j naming the field', async (body, field, message) => {
    const error = expectApiError(await sendMail(body), 400, 'BAD_REQUEST', [field]);
    if (message) expect(error.fields?.[field]).toEqual(message);
  });

  it('refuses an unknown language', async () => {
    expectApiError(await sendMail({ email: 'a@example.com', type: 'signup' }, '?langType=fr'), 400, 'BAD_REQUEST', ['langType']);
  });
});

describe('POST /api/mail/checkCode', () => {
  it('says a right code is right, and does not use it up', async () => {
    const { code } = await mailedCode(api, 'check@example.com', 'signup');
    for (let i = 0; i < 3; i += 1) {
      const res = await checkCode({ email: 'check@example.com', code, type: 'signup' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
  });

  it('binds the code to its address and its purpose', async () => {
    const { code } = await mailedCode(api, 'bound@example.com', 'signup');
    expectApiError(await checkCode({ email: 'other@example.com', code, type: 'signup' }), 400, 'BAD_REQUEST', ['code']);
    expectApiError(await checkCode({ email: 'bound@example.com', code, type: 'reminder' }), 400, 'BAD_REQUEST', ['code']);
    expect((await checkCode({ email: 'BOUND@example.com', code, type: 'signup' })).status).toBe(200);
  });

  it('answers a wrong code with §8 "code incorrect" in both languages, on the code field', async () => {
    const { code } = await mailedCode(api, 'wrong@example.com', 'signup');
    const wrong = code === '000000' ? '111111' : '000000';
    const error = expectApiError(await checkCode({ email: 'wrong@example.com', code: wrong, type: 'signup' }), 400, 'BAD_REQUEST', ['code']);
    expect(error.fields?.code).toEqual(MESSAGES.codeIncorrect);
    expect(error.message).toBe(MESSAGES.codeIncorrect.ja);
    expect(error.messageEn).toBe(MESSAGES.codeIncorrect.en);
  });

  it('voids the code after 5 wrong tries, even for the right code afterwards', async () => {
    const { code } = await mailedCode(api, 'five@example.com', 'signup');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await checkCode({ email: 'five@example.com', code: wrong, type: 'signup' })).status).toBe(400);
    expectApiError(await checkCode({ email: 'five@example.com', code, type: 'signup' }), 400, 'BAD_REQUEST', ['code']);
  });

  it('compares at most 5 wrong tries when 30 come at once (each takes a try before comparing)', async () => {
    const { code } = await mailedCode(api, 'parallel@example.com', 'signup');
    const wrong = code === '000000' ? '111111' : '000000';
    // Each from its own client, so the per-client budget is not what stops them.
    const answers = await sendAtOnce(api.app, 30, (server, i) =>
      request(server).post('/api/mail/checkCode').set('x-forwarded-for', `198.18.1.${i + 1}`).send({ email: 'parallel@example.com', code: wrong, type: 'signup' }),
    );
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 30 }, () => 400));
    const row = await api.db.selectFrom('mail_codes').select('failed_attempts').where('email', '=', 'parallel@example.com').executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(MAX_WRONG_TRIES);
    expectApiError(await checkCode({ email: 'parallel@example.com', code, type: 'signup' }), 400, 'BAD_REQUEST', ['code']);
  });

  it('still takes the right code after 4 wrong tries', async () => {
    const { code } = await mailedCode(api, 'four@example.com', 'signup');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) await checkCode({ email: 'four@example.com', code: wrong, type: 'signup' });
    expect((await checkCode({ email: 'four@example.com', code, type: 'signup' })).status).toBe(200);
  });

  it('expires a code after 30 minutes', async () => {
    const { code } = await mailedCode(api, 'late@example.com', 'signup');
    api.clock.advance(29 * MINUTE);
    expect((await checkCode({ email: 'late@example.com', code, type: 'signup' })).status).toBe(200);
    api.clock.advance(1 * MINUTE);
    expectApiError(await checkCode({ email: 'late@example.com', code, type: 'signup' }), 400, 'BAD_REQUEST', ['code']);
  });

  it('voids the earlier code when a new one is mailed', async () => {
    const first = await mailedCode(api, 'twice@example.com', 'signup');
    const second = await mailedCode(api, 'twice@example.com', 'signup');
    if (first.code !== second.code) {
      expectApiError(await checkCode({ email: 'twice@example.com', code: first.code, type: 'signup' }), 400, 'BAD_REQUEST', ['code']);
    }
    expect((await checkCode({ email: 'twice@example.com', code: second.code, type: 'signup' })).status).toBe(200);
  });

  it('stores only a hash of the code', async () => {
    const { code } = await mailedCode(api, 'hashed@example.com', 'signup');
    const rows = await api.db.selectFrom('mail_codes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses a malformed code as incorrect', async () => {
    const error = bodyOf<ApiErrorBody>(await checkCode({ email: 'a@example.com', code: '12ab', type: 'signup' }));
    expect(error.fields?.code).toEqual(MESSAGES.codeIncorrect);
  });
});

describe('code throttling (kept in the database)', () => {
  let throttled: Express;

  beforeAll(() => {
    throttled = createApiApp({
      db: api.db,
      logger: silentLogger,
      now: () => api.clock.now,
      publicOrigin: 'http://localhost:3000',
      mailer: api.mailer,
      throttle: {
        mailEmail: { limit: 2, windowMs: 30 * MINUTE },
        mailClient: { limit: 4, windowMs: 30 * MINUTE },
        codeClient: { limit: 3, windowMs: 30 * MINUTE },
      },
    });
  });

  const ask = (email: string, client: string) =>
    request(throttled).post('/api/mail/sendMail?langType=ja').set('x-forwarded-for', client).send({ email, type: 'signup' });

  it('limits codes mailed to one address, from any client: 429 with §8 "repeated e-mail mistakes"', async () => {
    expect((await ask('bombed@example.com', '198.51.100.1')).status).toBe(200);
    expect((await ask('bombed@example.com', '198.51.100.2')).status).toBe(200);
    const error = expectApiError(await ask('bombed@example.com', '198.51.100.3'), 429, 'RATE_LIMITED');
    expect(error.message).toBe(MESSAGES.emailRepeatedMistakes.ja);
    expect(error.messageEn).toBe(MESSAGES.emailRepeatedMistakes.en);
    api.clock.advance(30 * MINUTE);
    expect((await ask('bombed@example.com', '198.51.100.4')).status).toBe(200);
  });

  it('limits code requests from one client across addresses: 429 "wait and retry"', async () => {
    for (let i = 0; i < 4; i += 1) expect((await ask(`spread${i}@example.com`, '203.0.113.9')).status).toBe(200);
    const error = expectApiError(await ask('spread9@example.com', '203.0.113.9'), 429, 'RATE_LIMITED');
    expect(error.messageEn).toBe(MESSAGES.retryLater.en);
    expect((await ask('spread9@example.com', '203.0.113.10')).status).toBe(200);
  });

  it('limits wrong codes from one client across addresses', async () => {
    const check = (email: string) =>
      request(throttled).post('/api/mail/checkCode').set('x-forwarded-for', '203.0.113.20').send({ email, code: '000000', type: 'signup' });
    for (let i = 0; i < 3; i += 1) expect((await check(`guess${i}@example.com`)).status).toBe(400);
    expectApiError(await check('guess9@example.com'), 429, 'RATE_LIMITED');
  });

  it('compares at most the limit of wrong codes from one client when 30 come at once', async () => {
    const answers = await sendAtOnce(throttled, 30, (server, i) =>
      request(server).post('/api/mail/checkCode').set('x-forwarded-for', '203.0.113.21').send({ email: `burst${i}@example.com`, code: '000000', type: 'signup' }),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(27);
  });

  it('keeps no address or client in clear in the counters', async () => {
    const rows = await api.db.selectFrom('throttle_counters').select('key').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/example\.com|203\.0\.113/);
  });
});

describe('the reply does not wait on mail work (issue 17, decision 0004)', () => {
  it('answers a reminder for an account and for an unknown address while the mail server has not answered yet, then mails both', async () => {
    const slow = await startMailbox({ held: true });
    const mailer = createMailer({ smtpUrl: slow.url, from: 'shop@example.com', brand: 'OshiBox', dataDir: 'memory://' });
    const app = createApiApp({ db: api.db, logger: silentLogger, now: () => api.clock.now, publicOrigin: 'http://localhost:3000', mailer });
    try {
      for (const email of ['member@example.com', 'unknown.slow@example.com']) {
        const res = await request(app).post('/api/mail/sendMail').set('x-forwarded-for', '198.51.100.77').send({ email, type: 'reminder' });
        expect([res.status, res.text, email]).toEqual([200, JSON.stringify({ ok: true }), email]);
        // The reply came while the mail server was still holding its greeting: it waited on no mail.
        expect(slow.answers()).toBe(0);
      }
      slow.release();
      const [code, notice] = await Promise.all([slow.waitFor('member@example.com', undefined, 30_000), slow.waitFor('unknown.slow@example.com', undefined, 30_000)]);
      expect(slow.codeIn(code)).toMatch(/^\d{6}$/);
      expect(notice.text).toContain(MESSAGES.emailNotRegistered.ja);
    } finally {
      mailer.close();
      await slow.close();
    }
  });
});

describe('mail failure', () => {
  it('answers at once while the SMTP server hangs, logs the failure, then tells everyone 503 MAIL_UNAVAILABLE alike', async () => {
    const silentServer = net.createServer(() => {});
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    const { port } = silentServer.address() as net.AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'shop@example.com', brand: 'OshiBox', dataDir: 'memory://', timeoutMs: 500 });
    const logs: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = createApiApp({ db: api.db, logger: createLogger('info', 'api', sink), now: () => api.clock.now, publicOrigin: 'http://localhost:3000', mailer });
    const ask = (email: string) => request(app).post('/api/mail/sendMail').set('x-forwarded-for', '198.51.100.78').send({ email, type: 'signup' });
    try {
      expect((await ask('stuck@example.com')).status).toBe(200);
      await expect.poll(() => logs.some((line) => line.includes('mail not sent')), { timeout: 10_000 }).toBe(true);
      expect(logs.join('\n')).not.toContain('stuck@example.com');
      // Same answer for an address with an account and one without.
      const member = expectApiError(await ask('member@example.com'), 503, 'MAIL_UNAVAILABLE');
      const stranger = expectApiError(await ask('stranger.503@example.com'), 503, 'MAIL_UNAVAILABLE');
      expect(member).toEqual(stranger);
    } finally {
      mailer.close();
      silentServer.close();
    }
  });
});
