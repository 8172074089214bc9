import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { startMailbox, type Mailbox } from './mailbox.ts';
import { startStack, type Stack } from './stack.ts';

/** The shop with its mail going to a test SMTP mailbox, and Chromium with and without JavaScript. */
export interface ProfileShop {
  stack: Stack;
  mailbox: Mailbox;
  browser: Browser;
  /** Chromium with JavaScript disabled (only when asked for). */
  noJs: Browser;
}

/** `seed` adds the demo catalogue (for tests that also visit the storefront's pages). */
export function useProfileShop(options: { noJs?: boolean; seed?: boolean } = {}): ProfileShop {
  const shop = {} as ProfileShop;
  beforeAll(async () => {
    shop.mailbox = await startMailbox();
    shop.stack = await startStack({ seed: options.seed ?? false, env: { SMTP_URL: shop.mailbox.url } });
    shop.browser = await launchBrowser();
    if (options.noJs) shop.noJs = await launchBrowser({ javaScriptEnabled: false });
  });
  afterAll(async () => {
    await shop.noJs?.close();
    await shop.browser?.close();
    await shop.stack?.close();
    await shop.mailbox?.close();
  });
  return shop;
}

export interface TestUser {
  email: string;
  password: string;
  userId: number;
  /** The session token the sign-up issued. */
  session: string;
}

let serial = 0;

/** Signs a user up through the API itself (code read from the mailbox): quicker than the sign-up pages. */
export async function signUpViaApi(shop: ProfileShop, name = '推野 花子'): Promise<TestUser> {
  serial += 1;
  const email = `profile-e2e-${serial}-${Date.now()}@example.com`;
  const password = 'Passw0rd-e2e';
  await request(shop.stack.api).post('/api/mail/sendMail?langType=ja').send({ email, type: 'signup' }).expect(200);
  const code = shop.mailbox.codeIn(await shop.mailbox.waitFor(email));
  const res = await request(shop.stack.api)
    .post('/api/user')
    .send({
      email, code, name, zip: '1500002', address: '東京都渋谷区渋谷', address2: '2-24-12', birthday: '1995-04-01',
      gender: 'FEMALE', tel: '0312345678', password, passwordConfirm: password, agreement: true,
    })
    .expect(201);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  const session = cookie.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '';
  // Sign-up ends with a welcome mail (issue 31): taken here, so a test's next mail is its own.
  await shop.mailbox.waitFor(email, (mail) => /へようこそ|Welcome to/.test(mail.subject));
  return { email, password, userId: (res.body as { userId: number }).userId, session };
}

/** Gives the browser the user's session, as if it had just signed in (securitySafe included). */
export async function signInBrowser(browser: Browser, shop: ProfileShop, user: TestUser): Promise<void> {
  await browser.context.clearCookies();
  await browser.context.addCookies([{ name: SESSION_COOKIE, value: user.session, url: shop.stack.webUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/** Lets the user's recent proof of identity lapse, as 30 minutes after login would. */
export async function dropSecuritySafe(shop: ProfileShop, user: TestUser): Promise<void> {
  await shop.stack.database.handle.db.updateTable('sessions').set({ secure_until: null }).where('user_id', '=', user.userId).execute();
}
