import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import type { CurrentUser } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { href, loginHref } from '../../shared/routes.ts';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/** The profile pages as a browser without JavaScript uses them: plain GETs and URL-encoded POSTs. */
let stack: Stack;
let mailbox: Mailbox;
let serial = 0;

/** The stack runs on the real clock, so sessions are dated from now (not the fixtures' fixed NOW). */
const fromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  mailbox = await startMailbox();
  stack = await startStack({ seed: false, env: { SMTP_URL: mailbox.url } });
});
afterAll(async () => {
  await stack?.close();
  await mailbox?.close();
});

/** A fresh user with a session; `secure` gives it a recent proof of identity (securitySafe). */
async function signedIn(secure: boolean, overrides: Partial<typeof KNOWN_USER> = {}) {
  serial += 1;
  const email = `profile-${serial}@example.com`;
  const userId = await insertUser(stack.database.handle.db, { ...KNOWN_USER, email, ...overrides });
  const token = `profile-session-${serial}-0123456789abcdef`;
  await insertSession(stack.database.handle.db, {
    token,
    userId,
    expiresAt: fromNow(24 * 60),
    secureUntil: secure ? fromNow(30) : null,
  });
  return { email, userId, cookie: `${SESSION_COOKIE}=${token}` };
}

function get(path: string, cookie?: string) {
  const req = request(stack.web).get(path);
  return cookie ? req.set('cookie', cookie) : req;
}

function postForm(path: string, cookie: string, fields: Record<string, string>) {
  return request(stack.web).post(path).type('form').set('sec-fetch-site', 'same-origin').set('cookie', cookie).send(fields);
}

async function currentUser(cookie: string): Promise<CurrentUser> {
  const res = await request(stack.api).get('/api/user').set('cookie', cookie).expect(200);
  return res.body as CurrentUser;
}

/** The session cookie a response sets (the rotated session), as a Cookie header. */
function newSessionCookie(res: request.Response): string {
  const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = lines.find((l) => l.startsWith(`${SESSION_COOKIE}=`) && !l.startsWith(`${SESSION_COOKIE}=;`));
  expect(line, 'a new session cookie').toBeDefined();
  return (line ?? '').split(';')[0] ?? '';
}

function locationOf(res: request.Response): string {
  return String(res.headers.location);
}

const ADDRESS_FORM = {
  name: '推野 太郎',
  zip: '１００－０００１',
  address: '東京都千代田区千代田',
  address2: '1-1 皇居前ビル101',
  birthday: '1990-12-31',
  gender: 'MALE',
  tel: '09012345678',
};

describe('/mypage/profile overview', () => {
  it('shows every registered detail and links to each change page', async () => {
    const { cookie, email } = await signedIn(false);
    const res = await get(href('profile'), cookie).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    for (const text of ['推野 花子', email, '〒150-0002', '東京都渋谷区渋谷<', '>2-24-12<', '0312345678', '1995/04/01', '女性', 'クレジットカード']) {
      expect(res.text).toContain(text);
    }
    for (const id of ['profileAddress', 'profileEmail', 'profilePassword', 'profilePayment'] as const) {
      expect(res.text).toContain(`href="${href(id)}"`);
    }
  });

  it('shows only its own notices: the `done` parameter never puts its value on the page', async () => {
    const { cookie } = await signedIn(false);
    const probe = '<b>pwned</b>';
    const res = await get(`${href('profile')}?done=${encodeURIComponent(probe)}`, cookie).expect(200);
    expect(res.text).not.toContain('pwned</b>');
    expect(res.text).not.toContain('role="status"');
    const inherited = await get(`${href('profile')}?done=constructor`, cookie).expect(200);
    expect(inherited.text).not.toContain('role="status"');
  });

  it('sends a visitor to login and back', async () => {
    const res = await get(href('profile')).expect(302);
    expect(res.headers.location).toBe(loginHref(href('profile')));
  });
});

describe('secure profile pages', () => {
  it('send a signed-in user without securitySafe to the login page password re-check', async () => {
    const { cookie } = await signedIn(false);
    for (const id of ['profilePassword', 'profileEmail'] as const) {
      const res = await get(href(id), cookie).expect(302);
      expect(res.headers.location).toBe(loginHref(href(id)));
      const login = await get(locationOf(res), cookie).expect(200);
      expect(login.text).toContain('パスワードの再確認');
    }
  });
});

describe('/mypage/profile/adress without JavaScript', () => {
  it('saves the details (full-width postal code converted) and comes back to the page with a notice', async () => {
    const { cookie } = await signedIn(false);
    const res = await postForm(href('profileAddress'), cookie, ADDRESS_FORM).expect(303);
    expect(res.headers.location).toBe(`${href('profileAddress')}?done=address`);
    expect(await currentUser(cookie)).toMatchObject({ ...ADDRESS_FORM, zip: '1000001' });
    const page = await get(locationOf(res), cookie).expect(200);
    expect(page.text).toContain('登録情報を変更しました。');
  });

  it('takes the phone number as people type it (hyphens, full-width digits) and saves its digits', async () => {
    const { cookie } = await signedIn(false);
    await postForm(href('profileAddress'), cookie, { ...ADDRESS_FORM, tel: '０９０－１２３４－５６７８' }).expect(303);
    expect((await currentUser(cookie)).tel).toBe('09012345678');
    await postForm(href('profileAddress'), cookie, { ...ADDRESS_FORM, tel: '03-1234-5678' }).expect(303);
    expect((await currentUser(cookie)).tel).toBe('0312345678');
  });

  it('fills the address from the postal code with the "find address" button', async () => {
    const { cookie } = await signedIn(false);
    const res = await postForm(href('profileAddress'), cookie, { ...ADDRESS_FORM, zip: '１５０-０００２', address: '', intent: 'zip' }).expect(200);
    expect(res.text).toContain('value="東京都渋谷区渋谷"');
    expect(res.text).toContain('value="1500002"');
    expect((await currentUser(cookie)).zip).toBe('1500002'); // nothing saved yet: still the old one
  });

  it('answers 400 with the Japanese field messages and keeps what was typed, saving nothing', async () => {
    const { cookie } = await signedIn(false);
    const res = await postForm(href('profileAddress'), cookie, { ...ADDRESS_FORM, address: '千代田区千代田', tel: '090-1234' }).expect(400);
    expect(res.text).toContain(MESSAGES.addressPrefecture.ja);
    expect(res.text).toContain(MESSAGES.telFormat.ja);
    expect(res.text).toContain('value="090-1234"');
    expect(res.text).toContain('value="千代田区千代田"');
    expect((await currentUser(cookie)).name).toBe(KNOWN_USER.name);
  });

  it('refuses a right-to-left override (U+202E) in the address with the message naming the field, saving nothing (issue 17)', async () => {
    const { cookie } = await signedIn(false);
    const res = await postForm(href('profileAddress'), cookie, { ...ADDRESS_FORM, address: '東京都\u202E区田代千' }).expect(400);
    expect(res.text).toContain(MESSAGES.addressHidden.ja);
    expect((await currentUser(cookie)).address).toBe(KNOWN_USER.address);
  });

  it('says so when a postal code has no address', async () => {
    const { cookie } = await signedIn(false);
    const res = await postForm(href('profileAddress'), cookie, { ...ADDRESS_FORM, zip: '0000000', intent: 'zip' }).expect(400);
    expect(res.text).toMatch(/aria-invalid="true"[^>]*name="zip"|name="zip"[^>]*aria-invalid="true"/);
  });

  it('refuses an unknown intent with 400', async () => {
    const { cookie } = await signedIn(false);
    await postForm(href('profileAddress'), cookie, { ...ADDRESS_FORM, intent: 'drop-table' }).expect(400);
  });
});

describe('/mypage/profile/password without JavaScript', () => {
  it('changes the password, rotates the session and returns to the profile with a notice', async () => {
    const { cookie, email } = await signedIn(true);
    const res = await postForm(href('profilePassword'), cookie, { password: 'NewPassw0rd', passwordConfirm: 'NewPassw0rd' }).expect(303);
    expect(res.headers.location).toBe(`${href('profile')}?done=password`);
    const rotated = newSessionCookie(res);
    expect(rotated).not.toBe(cookie);
    await request(stack.api).get('/api/user').set('cookie', cookie).expect(401);
    const profile = await get(locationOf(res), rotated).expect(200);
    expect(profile.text).toContain('パスワードを変更しました。');
    await request(stack.api).post('/api/login/emailLogin').send({ email, password: 'NewPassw0rd' }).expect(200);
  });

  it('answers 400 with the mismatch message, and never echoes a password', async () => {
    const { cookie } = await signedIn(true);
    const res = await postForm(href('profilePassword'), cookie, { password: 'NewPassw0rd', passwordConfirm: 'OtherPassw0rd' }).expect(400);
    expect(res.text).toContain(MESSAGES.passwordMismatch.ja);
    expect(res.text).not.toContain('NewPassw0rd');
  });

  it('sends a session without securitySafe to the re-check instead of changing anything', async () => {
    const { cookie } = await signedIn(false);
    const res = await postForm(href('profilePassword'), cookie, { password: 'NewPassw0rd', passwordConfirm: 'NewPassw0rd' });
    expect([302, 303]).toContain(res.status);
    expect(res.headers.location).toBe(loginHref(href('profilePassword')));
  });
});

describe('/mypage/profile/email without JavaScript', () => {
  it('mails a code to the new address, then changes the e-mail with it', async () => {
    const { cookie } = await signedIn(true);
    const newEmail = `moved-${serial}@example.com`;
    const sent = await postForm(href('profileEmail'), cookie, { intent: 'send', langType: 'ja', email: newEmail }).expect(200);
    expect(sent.text).toContain(`${newEmail} に認証コードを送信しました`);
    expect(sent.text).toContain('name="code"');
    const code = mailbox.codeIn(await mailbox.waitFor(newEmail));

    const wrong = await postForm(href('profileEmail'), cookie, { intent: 'change', email: newEmail, code: code === '000000' ? '111111' : '000000' }).expect(400);
    expect(wrong.text).toContain(MESSAGES.codeIncorrect.ja);
    expect(wrong.text).toContain('name="code"');

    const done = await postForm(href('profileEmail'), cookie, { intent: 'change', email: newEmail, code }).expect(303);
    expect(done.headers.location).toBe(`${href('profile')}?done=email`);
    expect((await currentUser(cookie)).email).toBe(newEmail);
  });

  it('answers 400 with the e-mail message for a malformed address', async () => {
    const { cookie } = await signedIn(true);
    const res = await postForm(href('profileEmail'), cookie, { intent: 'send', langType: 'ja', email: 'not-an-address' }).expect(400);
    expect(res.text).toContain(MESSAGES.emailInvalid.ja);
  });
});

describe('account deletion without JavaScript', () => {
  it('asks for the password first when the session lacks securitySafe', async () => {
    const { cookie } = await signedIn(false);
    const res = await postForm(href('profile'), cookie, { intent: 'deleteStart' }).expect(303);
    expect(res.headers.location).toBe(loginHref(`${href('profile')}?step=delete`));
    const direct = await get(`${href('profile')}?step=delete`, cookie).expect(302);
    expect(direct.headers.location).toBe(loginHref(`${href('profile')}?step=delete`));
  });

  it('shows what is deleted and that it cannot be undone, then deletes and signs out', async () => {
    const { cookie } = await signedIn(true);
    const confirm = await postForm(href('profile'), cookie, { intent: 'deleteStart' }).expect(200);
    expect(confirm.text).toContain('退会の確認');
    expect(confirm.text).toContain('この操作は取り消せません。');
    expect((await get(`${href('profile')}?step=delete`, cookie).expect(200)).text).toContain('この操作は取り消せません。');

    const res = await postForm(href('profile'), cookie, { intent: 'delete' }).expect(303);
    expect(res.headers.location).toBe('/?done=accountDeleted');
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n')).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    await request(stack.api).get('/api/user').set('cookie', cookie).expect(401);
    const home = await get(locationOf(res)).expect(200);
    expect(home.text).toContain('退会手続きが完了しました。');
  });

  it('refuses an unknown intent with 400', async () => {
    const { cookie } = await signedIn(true);
    await postForm(href('profile'), cookie, { intent: 'nuke' }).expect(400);
  });
});

describe('payment page: too many card registrations (issue 17)', () => {
  it('the 11th "register a card" within the hour gets 429 and the §8 wait-and-retry text in the card section', async () => {
    const { cookie } = await signedIn(true);
    for (let i = 0; i < 10; i += 1) {
      const res = await postForm(href('profilePayment'), cookie, { intent: 'card' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toMatch(/^\/api\/sandbox\/card\/reg_/);
    }
    const res = await postForm(href('profilePayment'), cookie, { intent: 'card' });
    expect(res.status).toBe(429);
    const section = /<section class="payment-option" aria-labelledby="payment-card-heading">[\s\S]*?<\/section>/.exec(res.text)?.[0] ?? '';
    expect(section).toContain(MESSAGES.retryLater.ja);
  });
});
