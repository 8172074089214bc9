import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { href, loginHref } from '../../shared/routes.ts';
import { signInBrowser, signUpViaApi, useProfileShop } from '../support/profile-shop.ts';
import { snapAtWidths } from '../support/screenshots.ts';

/** Progressive enhancement: the same sign-up and login in Chromium with JavaScript disabled. */
const shop = useProfileShop({ noJs: true });
const PASSWORD = 'Passw0rd-nojs';

describe('sign-up and login without JavaScript', () => {
  it('signs up through plain form posts, with server-side messages and postal-code fill, logs in back to the asking page and logs out from the menu', async () => {
    const email = `nojs-e2e-${Date.now()}@example.com`;
    const page = await shop.noJs.newPage();
    await page.goto(`${shop.stack.webUrl}${href('plan')}`);
    expect(page.url()).toBe(`${shop.stack.webUrl}${loginHref(href('plan'))}`);
    await page.getByRole('link', { name: 'はじめての方は新規会員登録' }).click();

    await page.getByLabel('メールアドレス').fill('broken@');
    await page.getByRole('button', { name: '認証コードを送信' }).click();
    await page.getByText(MESSAGES.emailInvalid.ja).waitFor();
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '認証コードを送信' }).click();
    await page.getByLabel('認証コード（6桁）').fill(shop.mailbox.codeIn(await shop.mailbox.waitFor(email)));
    await page.getByRole('button', { name: '次へ' }).click();

    await page.getByLabel('お名前').fill('推野 太郎');
    await page.getByLabel('郵便番号').fill('１５０-０００２');
    await page.getByRole('button', { name: '住所を検索' }).click();
    await expect.poll(() => page.getByLabel('住所（都道府県・市区町村・町域）').inputValue()).toBe('東京都渋谷区渋谷');
    await page.getByLabel('番地・建物名・部屋番号').fill('2-24-12');
    await page.getByLabel('生年月日').fill('1990-01-02');
    await page.getByLabel('電話番号').fill('09012345678');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="passwordConfirm"]').fill('Different-1');
    await page.getByLabel('に同意します', { exact: false }).check();
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText(MESSAGES.passwordMismatch.ja).waitFor();
    // The page came back with what was typed, except the passwords.
    expect(await page.getByLabel('お名前').inputValue()).toBe('推野 太郎');
    expect(await page.locator('input[name="password"]').inputValue()).toBe('');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="passwordConfirm"]').fill(PASSWORD);
    // Enter signs up: the form's first submit button saves; it does not run the address search.
    await page.locator('input[name="passwordConfirm"]').press('Enter');
    // Sign-up ends with a welcome on the page it lands on (issue 31), without JavaScript too.
    await page.waitForURL(`${shop.stack.webUrl}${href('plan')}?welcome=1`);
    await page.getByRole('status').filter({ hasText: '会員登録が完了しました。OshiBoxへようこそ！' }).waitFor();

    await shop.noJs.context.clearCookies();
    await page.goto(`${shop.stack.webUrl}${href('plan')}`);
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード').fill('Wrong-passw0rd');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByText(MESSAGES.loginFailed.ja).waitFor();
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('plan')}`);

    // The menu opens through its link, and its logout form posts to the server: 303 to /, signed out.
    await page.getByRole('link', { name: 'メニューを開く' }).click();
    await page.getByRole('button', { name: 'ログアウト' }).waitFor();
    // The slide-in has ended (for the screenshot only).
    await page.locator('#site-menu').evaluate((menu) => Promise.all(menu.getAnimations({ subtree: true }).map((a) => a.finished)));
    await page.screenshot({ path: 'test-results/account/nojs-menu-390.png' });
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL(`${shop.stack.webUrl}/`);
    await page.goto(`${shop.stack.webUrl}${href('plan')}`);
    expect(page.url()).toBe(`${shop.stack.webUrl}${loginHref(href('plan'))}`);
    expect(shop.noJs.errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await page.close();
  });
});

describe('the language of our e-mails (issue 31), without JavaScript', () => {
  it('is chosen on the profile with a plain form post, and the next mail comes in it', async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.noJs, shop, user);
    const page = await shop.noJs.newPage();
    await page.goto(`${shop.stack.webUrl}${href('profile')}`);
    const section = page.getByRole('region', { name: 'メールの言語' });
    expect(await section.getByRole('radio', { name: '日本語' }).isChecked()).toBe(true);
    await section.getByRole('radio', { name: '英語（English）' }).check();
    await section.getByRole('button', { name: 'メールの言語を保存する' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('profile')}?done=mailLang`);
    await page.getByRole('status').getByText('メールの言語を変更しました。').waitFor();
    await snapAtWidths(page, process.env.PROFILE_SCREENSHOTS, 'profile-mail-lang-nojs');
    expect(await page.getByRole('region', { name: 'メールの言語' }).getByRole('radio', { name: '英語（English）' }).isChecked()).toBe(true);
    // The next mail (here, a sign-in code to change the e-mail address) is in English.
    await page.goto(`${shop.stack.webUrl}${href('profileEmail')}`);
    await page.locator('input[name="email"]').fill(`new-${user.email}`);
    await page.getByRole('button', { name: '認証コードを送信する' }).click();
    const mail = await shop.mailbox.waitFor(`new-${user.email}`);
    expect(mail.subject).toMatch(/[A-Za-z]/);
    expect(mail.subject).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    await page.close();
  });
});
