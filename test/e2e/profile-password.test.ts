import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { href, loginHref } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { dropSecuritySafe, signInBrowser, signUpViaApi, useProfileShop } from '../support/profile-shop.ts';

/** docs/spec.md §2 "/mypage/profile/password": a `secure` page; the new password is the one that logs in. */
const shop = useProfileShop({ noJs: true });
const NEW_PASSWORD = 'Changed-passw0rd';

describe('password change with JavaScript', () => {
  it('changes the password from the profile, and the new one logs in while the old one does not', async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, user);
    const page = await shop.browser.newPage();
    await page.goto(`${shop.stack.webUrl}${href('profile')}`);
    await waitForHydration(page);
    await page.locator('section[aria-labelledby="profile-password"]').getByRole('link', { name: '変更する' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('profilePassword')}`);

    await page.getByLabel('新しいパスワード', { exact: false }).first().fill(NEW_PASSWORD);
    const confirm = page.locator('input[name="passwordConfirm"]');
    await confirm.fill('Something-else1');
    await confirm.blur();
    await page.getByText(MESSAGES.passwordMismatch.ja).waitFor();
    await confirm.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('profile')}?done=password`);
    await page.getByText('パスワードを変更しました。').waitFor();

    await shop.browser.context.clearCookies();
    await page.goto(`${shop.stack.webUrl}${loginHref(href('profile'))}`);
    await waitForHydration(page);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('profile')}`);
    await page.getByText(user.email).waitFor();
    await request(shop.stack.api).post('/api/login/emailLogin').send({ email: user.email, password: user.password }).expect(401);
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('asks a session without a recent proof of identity for the password first, then comes back', async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, user);
    await dropSecuritySafe(shop, user);
    const page = await shop.browser.newPage();
    await page.goto(`${shop.stack.webUrl}${href('profilePassword')}`);
    expect(page.url()).toBe(`${shop.stack.webUrl}${loginHref(href('profilePassword'))}`);
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'パスワードの再確認' }).waitFor();
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('profilePassword')}`);
    await page.getByRole('heading', { name: 'パスワードの変更' }).waitFor();
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
});

describe('password change without JavaScript', () => {
  it('changes the password through the server action and keeps the shopper signed in', async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.noJs, shop, user);
    const page = await shop.noJs.newPage();
    await page.goto(`${shop.stack.webUrl}${href('profilePassword')}`);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="passwordConfirm"]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('profile')}?done=password`);
    await page.getByText('パスワードを変更しました。').waitFor();
    // The rotated session cookie reached the browser: the next page is still signed in.
    await page.goto(`${shop.stack.webUrl}${href('profileAddress')}`);
    expect(page.url()).toBe(`${shop.stack.webUrl}${href('profileAddress')}`);
    await request(shop.stack.api).post('/api/login/emailLogin').send({ email: user.email, password: NEW_PASSWORD }).expect(200);
    await page.close();
  });
});
