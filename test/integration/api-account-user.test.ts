import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, LoginStatus } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { bodyOf, expectApiError } from './api-fixtures.ts';
import {
  MINUTE,
  PASSWORD,
  PROFILE,
  login,
  loginStatus,
  mailedCode,
  sessionFrom,
  setCookieHeader,
  signUp,
  startAccountApi,
  withSession,
  isWelcomeMail,
  type AccountApi,
} from './api-account-fixtures.ts';

let api: AccountApi;
/** Every secret the tests handle; none may appear in a log line. */
const secrets = new Set<string>();

beforeAll(async () => {
  api = await startAccountApi();
});

afterAll(async () => {
  await api?.close();
});

const keep = <T extends string | null>(secret: T): T => {
  if (secret) secrets.add(secret);
  return secret;
};
const signedIn = async (token: string | null) => bodyOf<LoginStatus>(await loginStatus(api, token)).userId !== null;
/** A session whose securitySafe has lapsed: signed in, then 31 minutes pass. */
async function staleSession(email: string, password = PASSWORD): Promise<string | null> {
  const token = keep(sessionFrom(await login(api, email, password)));
  api.clock.advance(31 * MINUTE);
  return token;
}

describe('POST /api/user (sign-up)', () => {
  it('creates the user with the mailed code, signs in with securitySafe, stores a scrypt hash', async () => {
    const { code } = await mailedCode(api, 'signup@example.com', 'signup');
    keep(code);
    const res = await request(api.app)
      .post('/api/user')
      .send({ email: 'signup@example.com', code, ...PROFILE, password: PASSWORD, passwordConfirm: PASSWORD, agreement: true });
    expect(res.status).toBe(201);
    const status = bodyOf<LoginStatus>(res);
    expect(status.user).toMatchObject({ email: 'signup@example.com', ...PROFILE, securitySafe: true, paymentMethod: 'NONE' });
    expect(status.userId).toBe(status.user?.id);
    keep(sessionFrom(res));
    expect(await signedIn(sessionFrom(res))).toBe(true);
    const row = await api.db.selectFrom('users').selectAll().where('email', '=', 'signup@example.com').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$N=16384,r=8,p=5\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(res.text).not.toContain('password');
  });

  it('takes the phone number with hyphens and full-width digits, and stores its digits alone', async () => {
    const { code } = await mailedCode(api, 'fullwidth-tel@example.com', 'signup');
    const res = await request(api.app).post('/api/user').send({
      email: 'fullwidth-tel@example.com', code, ...PROFILE, tel: '０９０－１２３４－５６７８', password: PASSWORD, passwordConfirm: PASSWORD, agreement: true,
    });
    expect(res.status, res.text).toBe(201);
    keep(sessionFrom(res));
    expect(bodyOf<LoginStatus>(res).user?.tel).toBe('09012345678');
    const row = await api.db.selectFrom('users').select('tel').where('email', '=', 'fullwidth-tel@example.com').executeTakeFirstOrThrow();
    expect(row.tel).toBe('09012345678');
  });

  it('uses the code up: the same code cannot sign up twice', async () => {
    const { code } = await mailedCode(api, 'once@example.com', 'signup');
    const body = { email: 'once@example.com', code, ...PROFILE, password: PASSWORD, passwordConfirm: PASSWORD, agreement: true };
    expect((await request(api.app).post('/api/user').send(body)).status).toBe(201);
    const again = await request(api.app).post('/api/user').send(body);
    expect(expectApiError(again, 400, 'BAD_REQUEST', ['code']).fields?.code).toEqual(MESSAGES.codeIncorrect);
  });

  it('lets only one of two simultaneous sign-ups use a code', async () => {
    const { code } = await mailedCode(api, 'twin@example.com', 'signup');
    const body = { email: 'twin@example.com', code, ...PROFILE, password: PASSWORD, passwordConfirm: PASSWORD, agreement: true };
    const answers = await Promise.all([request(api.app).post('/api/user').send(body), request(api.app).post('/api/user').send(body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    const rows = await api.db.selectFrom('users').select('id').where('email', '=', 'twin@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it('ends with one welcome mail in the language the sign-up chose, also when the sign-up is posted twice at once (issue 31)', async () => {
    const welcomes = (email: string) => api.mailbox.mails.filter((m) => m.to.includes(email) && isWelcomeMail(m));
    for (const [email, lang] of [['welcome-ja@example.com', 'ja'], ['welcome-en@example.com', 'en']] as const) {
      const { code } = await mailedCode(api, email, 'signup', { lang });
      const body = { email, code, ...PROFILE, password: PASSWORD, passwordConfirm: PASSWORD, agreement: true };
      const answers = await Promise.all([request(api.app).post('/api/user').send(body), request(api.app).post('/api/user').send(body)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
      const mail = await api.mailbox.waitFor(email, isWelcomeMail);
      // The mail is logged just after the relay took it: wait for the log line.
      await expect.poll(async () => (await api.db.selectFrom('mail_log').select('kind').where('recipient', '=', email).where('kind', '=', 'welcome').execute()).length).toBe(1);
      if (lang === 'ja') {
        expect(mail.subject).toContain('OshiBoxへようこそ');
        expect(mail.text).toContain('会員登録が完了しました。OshiBoxへようこそ！');
        expect(mail.text).toMatch(/ラインナップを見る: http:\/\/[^\s]+\/lineup/);
      } else {
        expect(mail.subject).toContain('Welcome to OshiBox');
        expect(mail.text).toContain('Your account is ready.');
        expect(mail.text).toMatch(/See the lineup: http:\/\/[^\s]+\/lineup/);
      }
      expect(welcomes(email)).toHaveLength(1);
    }
  });

  it('refuses a wrong code on the code field', async () => {
    await mailedCode(api, 'wrongcode@example.com', 'signup');
    const res = await request(api.app)
      .post('/api/user')
      .send({ email: 'wrongcode@example.com', code: '000000', ...PROFILE, password: PASSWORD, passwordConfirm: PASSWORD, agreement: true });
    // (A 1 in 10^6 chance that 000000 is the code; the test then fails loudly rather than lying.)
    expect(expectApiError(res, 400, 'BAD_REQUEST', ['code']).fields?.code).toEqual(MESSAGES.codeIncorrect);
  });

  it('names every broken field with its §5/§8 message in Japanese and English', async () => {
    const res = await request(api.app).post('/api/user').send({
      email: 'bad',
      code: '12',
      name: 'Hanako!',
      zip: '150-000',
      address: '渋谷区',
      address2: '二丁目',
      birthday: '1995-02-30',
      gender: 'UNKNOWN',
      tel: '03-1234',
      password: 'short',
      passwordConfirm: 'other',
      agreement: false,
    });
    const error = expectApiError(res, 400, 'BAD_REQUEST');
    expect(error.fields).toEqual({
      email: MESSAGES.emailInvalid,
      code: MESSAGES.codeIncorrect,
      name: MESSAGES.nameCharacters,
      zip: MESSAGES.zipFormat,
      address: MESSAGES.addressPrefecture,
      address2: MESSAGES.address2Digits,
      birthday: MESSAGES.birthdayInvalid,
      tel: MESSAGES.telFormat,
      password: MESSAGES.passwordLength,
      passwordConfirm: MESSAGES.passwordMismatch,
      agreement: MESSAGES.agreeTerms,
    });
  });

  it('says an address is taken only to whoever proved the mailbox with a code (409)', async () => {
    await signUp(api, 'taken@example.com');
    // The code was sent before the account existed; the account then appeared.
    const { code } = await mailedCode(api, 'race@example.com', 'signup');
    await api.db.insertInto('users').values({ email: 'race@example.com', password_hash: 'x' }).execute();
    const res = await request(api.app)
      .post('/api/user')
      .send({ email: 'race@example.com', code, ...PROFILE, password: PASSWORD, passwordConfirm: PASSWORD, agreement: true });
    expect(expectApiError(res, 409, 'CONFLICT', ['email']).fields?.email).toEqual(MESSAGES.emailTaken);
  });
});

describe('GET and PUT /api/user (profile)', () => {
  let token: string | null;

  beforeAll(async () => {
    token = keep(await signUp(api, 'profile@example.com'));
  });

  it('GET answers 401 with §8 "please log in again" when signed out', async () => {
    const error = expectApiError(await request(api.app).get('/api/user'), 401, 'UNAUTHORIZED');
    expect(error.message).toBe(MESSAGES.loginAgain.ja);
    expect(error.messageEn).toBe(MESSAGES.loginAgain.en);
  });

  it('GET gives the current user, privately', async () => {
    const res = await request(api.app).get('/api/user').set('cookie', withSession(token));
    expect(res.status).toBe(200);
    expect(bodyOf<CurrentUser>(res)).toMatchObject({ email: 'profile@example.com', ...PROFILE });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('keeps フリガナ in katakana whatever was typed, and refuses what is not kana naming the field (issue 32)', async () => {
    expect(bodyOf<CurrentUser>(await request(api.app).get('/api/user').set('cookie', withSession(token))).nameKana).toBe('');
    const put = await request(api.app).put('/api/user').set('cookie', withSession(token)).send({ nameKana: 'おしの ﾊﾅｺ' });
    expect(put.status).toBe(200);
    expect(bodyOf<CurrentUser>(put).nameKana).toBe('オシノ　ハナコ');
    const bad = expectApiError(await request(api.app).put('/api/user').set('cookie', withSession(token)).send({ nameKana: '推野' }), 400, 'BAD_REQUEST', ['nameKana']);
    expect(JSON.stringify(bad.fields)).toContain('カタカナ');
    expect(JSON.stringify(bad.fields)).toContain('katakana');
    expect(bodyOf<CurrentUser>(await request(api.app).get('/api/user').set('cookie', withSession(token))).nameKana).toBe('オシノ　ハナコ');
  });

  it('PUT changes any subset of the profile', async () => {
    const res = await request(api.app)
      .put('/api/user')
      .set('cookie', withSession(token))
      .send({ zip: '0600000', address: '北海道札幌市中央区', address2: '1-1', tel: '09012345678' });
    expect(res.status).toBe(200);
    expect(bodyOf<CurrentUser>(res)).toMatchObject({ zip: '0600000', address: '北海道札幌市中央区', address2: '1-1', tel: '09012345678', name: PROFILE.name });
  });

  it('PUT takes 「090-1234-5678」 and stores 09012345678', async () => {
    const res = await request(api.app).put('/api/user').set('cookie', withSession(token)).send({ tel: '090-1234-5678' });
    expect(res.status, res.text).toBe(200);
    const row = await api.db.selectFrom('users').select('tel').where('email', '=', 'profile@example.com').executeTakeFirstOrThrow();
    expect(row.tel).toBe('09012345678');
  });

  it.each([
    [{ tel: '090-1234' }, MESSAGES.telFormat],
    [{ tel: '０９０-１２３４-５６７８-９' }, MESSAGES.telFormat],
    [{ tel: '090-1234-567O' }, MESSAGES.telCharacters],
  ])('PUT refuses the phone number %j when its digits are still wrong, naming the field in Japanese and English', async (body, message) => {
    const res = await request(api.app).put('/api/user').set('cookie', withSession(token)).send(body);
    const error = expectApiError(res, 400, 'BAD_REQUEST', ['tel']);
    expect(error.message).toContain('tel');
    expect(error.messageEn).toContain('tel');
    expect(error.fields?.tel).toEqual(message);
  });

  it.each([
    [{ zip: '060-000' }, 'zip', MESSAGES.zipFormat],
    [{ name: '' }, 'name', MESSAGES.nameRequired],
    [{ address: '札幌市' }, 'address', MESSAGES.addressPrefecture],
    // Issue 17: bidi controls and invisible characters, named per field (shared/free-text.ts).
    [{ address: '東京都\u202E区谷渋' }, 'address', MESSAGES.addressHidden],
    [{ address2: '1-2-3\u200B' }, 'address2', MESSAGES.address2Hidden],
    [{ name: '推野\u202E子花' }, 'name', MESSAGES.nameHidden],
    [{ birthday: 'someday' }, 'birthday', MESSAGES.birthdayInvalid],
    [{ gender: 'NONE' }, 'gender', MESSAGES.genderInvalid],
    [{ password: 'newpass123' }, 'password', null],
    [{}, 'body', MESSAGES.nothingToChange],
  ])('PUT refuses %j naming the field', async (body, field, message) => {
    const res = await request(api.app).put('/api/user').set('cookie', withSession(token)).send(body);
    const error = expectApiError(res, 400, 'BAD_REQUEST', [field]);
    if (message) expect(error.fields?.[field]).toEqual(message);
  });

  it('PUT needs a signed-in user', async () => {
    expectApiError(await request(api.app).put('/api/user').send({ tel: '0312345678' }), 401, 'UNAUTHORIZED');
  });
});

describe('e-mail change', () => {
  it('needs securitySafe: 403 REAUTH_REQUIRED once it has lapsed', async () => {
    await signUp(api, 'stale.mail@example.com');
    const token = await staleSession('stale.mail@example.com');
    const code = keep((await mailedCode(api, 'fresh.mail@example.com', 'email', { cookie: withSession(token) })).code);
    const res = await request(api.app).put('/api/user').set('cookie', withSession(token)).send({ email: 'fresh.mail@example.com', code });
    const error = expectApiError(res, 403, 'REAUTH_REQUIRED');
    expect(error.messageEn).toBe(MESSAGES.reauthRequired.en);
  });

  it('changes the address with the code sent to the new one, and tells the old one (in the user\'s language)', async () => {
    const token = keep(await signUp(api, 'old.addr@example.com', PASSWORD, 'en'));
    const { mail, code } = await mailedCode(api, 'new.addr@example.com', 'email', { cookie: withSession(token), lang: 'en' });
    keep(code);
    expect(mail.subject).toContain('e-mail change');
    expect(mail.subject).not.toContain(code);
    const res = await request(api.app).put('/api/user').set('cookie', withSession(token)).send({ email: 'new.addr@example.com', code });
    expect(res.status).toBe(200);
    expect(bodyOf<CurrentUser>(res).email).toBe('new.addr@example.com');
    const notice = await api.mailbox.waitFor('old.addr@example.com', (m) => m.subject.includes('changed'));
    expect(notice.text).toContain('new.addr@example.com');
    expect((await login(api, 'new.addr@example.com', PASSWORD)).status).toBe(200);
    expect((await login(api, 'old.addr@example.com', PASSWORD)).status).toBe(401);
  });

  it('binds the code to the user who asked: another user cannot use it', async () => {
    const asker = keep(await signUp(api, 'asker@example.com'));
    const thief = keep(await signUp(api, 'thief@example.com'));
    const { code } = await mailedCode(api, 'wanted@example.com', 'email', { cookie: withSession(asker) });
    const res = await request(api.app).put('/api/user').set('cookie', withSession(thief)).send({ email: 'wanted@example.com', code });
    expectApiError(res, 400, 'BAD_REQUEST', ['code']);
  });

  it('sends no code to an address that already has an account', async () => {
    const token = keep(await signUp(api, 'mover@example.com'));
    await signUp(api, 'occupied@example.com');
    const res = await request(api.app)
      .post('/api/mail/sendMail?langType=ja')
      .set('cookie', withSession(token))
      .send({ email: 'occupied@example.com', type: 'email' });
    expect(res.status).toBe(200);
    const mail = await api.mailbox.waitFor('occupied@example.com');
    expect(mail.subject).toContain('登録済み');
    expect(mail.text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
  });
});

describe('PUT /api/user/loginPass', () => {
  it('signed in: needs securitySafe', async () => {
    await signUp(api, 'stale.pass@example.com');
    const token = await staleSession('stale.pass@example.com');
    const res = await request(api.app).put('/api/user/loginPass').set('cookie', withSession(token)).send({ password: 'newpass123' });
    expectApiError(res, 403, 'REAUTH_REQUIRED');
    expectApiError(await request(api.app).put('/api/user/loginPass').send({ password: 'newpass123' }), 401, 'UNAUTHORIZED');
  });

  it('signed in: rotates the session, ends every other one, and mails a notice', async () => {
    const token = keep(await signUp(api, 'changer@example.com'));
    const other = keep(sessionFrom(await login(api, 'changer@example.com', PASSWORD)));
    const res = await request(api.app)
      .put('/api/user/loginPass')
      .set('cookie', withSession(token))
      .send({ password: 'second-pass-2', passwordConfirm: 'second-pass-2' });
    expect(res.status).toBe(200);
    const fresh = keep(sessionFrom(res));
    expect(fresh).not.toBe(token);
    expect(await signedIn(fresh)).toBe(true);
    expect(await signedIn(token)).toBe(false);
    expect(await signedIn(other)).toBe(false);
    expect((await login(api, 'changer@example.com', PASSWORD)).status).toBe(401);
    expect((await login(api, 'changer@example.com', 'second-pass-2')).status).toBe(200);
    const notice = await api.mailbox.waitFor('changer@example.com', (m) => m.subject.includes('パスワードを変更しました'));
    expect(notice.text).not.toContain('second-pass-2');
  });

  it('refuses a weak new password or a mismatch, naming the field', async () => {
    const token = keep(await signUp(api, 'weak@example.com'));
    const weak = await request(api.app).put('/api/user/loginPass').set('cookie', withSession(token)).send({ password: 'abcdefgh' });
    expect(expectApiError(weak, 400, 'BAD_REQUEST', ['password']).fields?.password).toEqual(MESSAGES.passwordLetterDigit);
    const mismatch = await request(api.app)
      .put('/api/user/loginPass')
      .set('cookie', withSession(token))
      .send({ password: 'goodpass1', passwordConfirm: 'goodpass2' });
    expect(expectApiError(mismatch, 400, 'BAD_REQUEST', ['passwordConfirm']).fields?.passwordConfirm).toEqual(MESSAGES.passwordMismatch);
  });

  it('reminder: the mailed code sets a new password, ends every session of the user, and is single use', async () => {
    await signUp(api, 'forgetful@example.com');
    const elsewhere = keep(sessionFrom(await login(api, 'forgetful@example.com', PASSWORD)));
    const { mail, code } = await mailedCode(api, 'forgetful@example.com', 'reminder', { lang: 'en' });
    keep(code);
    expect(mail.subject).toContain('password reset');
    const body = { email: 'forgetful@example.com', code, password: 'reset-pass-3' };
    const res = await request(api.app).put('/api/user/loginPass').send(body);
    expect(res.status).toBe(200);
    expect(await signedIn(keep(sessionFrom(res)))).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect((await login(api, 'forgetful@example.com', 'reset-pass-3')).status).toBe(200);
    expect((await login(api, 'forgetful@example.com', PASSWORD)).status).toBe(401);
    const again = await request(api.app).put('/api/user/loginPass').send({ ...body, password: 'reset-pass-4' });
    expectApiError(again, 400, 'BAD_REQUEST', ['code']);
  });

  it('reminder: a sign-up code does not reset a password', async () => {
    await signUp(api, 'crossed@example.com');
    const { code } = await mailedCode(api, 'someone.new@example.com', 'signup');
    const res = await request(api.app).put('/api/user/loginPass').send({ email: 'crossed@example.com', code, password: 'reset-pass-5' });
    expectApiError(res, 400, 'BAD_REQUEST', ['code']);
  });
});

describe('DELETE /api/user', () => {
  it('needs securitySafe', async () => {
    await signUp(api, 'stale.delete@example.com');
    const token = await staleSession('stale.delete@example.com');
    expectApiError(await request(api.app).delete('/api/user').set('cookie', withSession(token)), 403, 'REAUTH_REQUIRED');
    expectApiError(await request(api.app).delete('/api/user'), 401, 'UNAUTHORIZED');
    expect(await signedIn(token)).toBe(true);
  });

  it('soft-deletes, ends every session, clears the cookie, mails a notice, and frees the address', async () => {
    const token = keep(await signUp(api, 'leaver@example.com'));
    const other = keep(sessionFrom(await login(api, 'leaver@example.com', PASSWORD)));
    const res = await request(api.app).delete('/api/user').set('cookie', withSession(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(setCookieHeader(res)).toMatch(/oshibox_sid=;/);
    expect(await signedIn(token)).toBe(false);
    expect(await signedIn(other)).toBe(false);
    const row = await api.db.selectFrom('users').select(['deleted_at']).where('email', '=', 'leaver@example.com').executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    await api.mailbox.waitFor('leaver@example.com', (m) => m.subject.includes('退会'));
    expect((await login(api, 'leaver@example.com', PASSWORD)).status).toBe(401);
    // The address can sign up again, as a new account.
    const again = await signUp(api, 'leaver@example.com', 'another-pass-6');
    expect(await signedIn(again)).toBe(true);
  });
});

describe('logs', () => {
  it('never show a password, a mailed code or a session token', () => {
    const text = api.logs.join('');
    expect(api.logs.length).toBeGreaterThan(20);
    for (const secret of [...secrets, PASSWORD, 'second-pass-2', 'reset-pass-3']) expect(text).not.toContain(secret);
  });
});

describe('GET/PUT /api/user/mailLang (issue 31: mails in the fan\'s language)', () => {
  it('starts as the sign-up page\'s language, changes in the profile, and the next mail follows it', async () => {
    const token = keep(await signUp(api, 'mail-lang@example.com', PASSWORD, 'en'));
    const get = () => request(api.app).get('/api/user/mailLang').set('cookie', withSession(token));
    expect((await get()).body).toEqual({ lang: 'en' });
    const put = await request(api.app).put('/api/user/mailLang').set('cookie', withSession(token)).send({ lang: 'ja' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ lang: 'ja' });
    expect((await get()).body).toEqual({ lang: 'ja' });
    const changed = await request(api.app).put('/api/user/loginPass').set('cookie', withSession(token))
      .send({ password: 'mail-lang-2', passwordConfirm: 'mail-lang-2' });
    expect(changed.status).toBe(200);
    await api.mailbox.waitFor('mail-lang@example.com', (m) => m.subject.includes('パスワードを変更しました'));
  });

  it('refuses another language (400, the field named) and a visitor (401)', async () => {
    const token = keep(await signUp(api, 'mail-lang-bad@example.com'));
    expectApiError(await request(api.app).put('/api/user/mailLang').set('cookie', withSession(token)).send({ lang: 'fr' }), 400, 'BAD_REQUEST', ['lang']);
    expectApiError(await request(api.app).put('/api/user/mailLang').send({ lang: 'en' }), 401, 'UNAUTHORIZED');
    expectApiError(await request(api.app).get('/api/user/mailLang'), 401, 'UNAUTHORIZED');
  });
});
