import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href, loginHref } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { dropSecuritySafe, signInBrowser, signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';

/** Account deletion: a password re-check, a confirmation that says what goes, then signed out at the top page. */
const shop = useProfileShop({ noJs: true });
const DELETE_STEP = `${href('profile')}?step=delete`;

async function expectDeleted(user: TestUser): Promise<void> {
  await request(shop.stack.api).get('/api/user').set('cookie', `${SESSION_COOKIE}=${user.session}`).expect(401);
  await request(shop.stack.api).post('/api/login/emailLogin').send({ email: user.email, password: user.password }).expect(401);
  await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('退会手続きが完了しました'));
}

describe('account deletion with JavaScript', () => {
  it('re-checks the password, confirms, deletes and lands signed out on the top page', async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, user);
    await dropSecuritySafe(shop, user);
    const page = await shop.browser.newPage();
    await page.goto(`${shop.stack.webUrl}${href('profile')}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: '退会手続きへ進む' }).click();

    await page.waitForURL(`${shop.stack.webUrl}${loginHref(DELETE_STEP)}`);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${DELETE_STEP}`);
    await page.getByRole('heading', { name: '退会の確認' }).waitFor();
    await page.getByText('この操作は取り消せません。').waitFor();

    // Changing one's mind is one click away and deletes nothing.
    await page.getByRole('link', { name: 'やめる（会員情報に戻る）' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('profile')}`);
    await page.getByRole('button', { name: '退会手続きへ進む' }).click();
    await page.getByRole('heading', { name: '退会の確認' }).waitFor();
    // The pressed button is gone with its page: focus starts at the confirmation's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('delete-confirm-title');

    await page.getByRole('button', { name: '退会する' }).click();
    await page.waitForURL(`${shop.stack.webUrl}/?done=accountDeleted`);
    await page.getByText('退会手続きが完了しました。ご利用ありがとうございました。').waitFor();
    await page.locator('.menu-toggle').click();
    await page.locator('#site-menu').getByRole('link', { name: 'ログイン', exact: true }).waitFor();
    await expectDeleted(user);
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
});

describe('account deletion without JavaScript', () => {
  it('confirms and deletes through the server action', async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.noJs, shop, user);
    const page = await shop.noJs.newPage();
    await page.goto(`${shop.stack.webUrl}${href('profile')}`);
    await page.getByRole('button', { name: '退会手続きへ進む' }).click();
    await page.getByRole('heading', { name: '退会の確認' }).waitFor();
    await page.getByRole('button', { name: '退会する' }).click();
    await page.waitForURL(`${shop.stack.webUrl}/?done=accountDeleted`);
    await page.getByText('退会手続きが完了しました。').waitFor();
    expect((await shop.noJs.context.cookies()).filter((c) => c.name === SESSION_COOKIE)).toEqual([]);
    await expectDeleted(user);
    await page.close();
  });
});
