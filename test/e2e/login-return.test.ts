import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { href, loginHref } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';

/**
 * With JavaScript on, the login page's action runs in the browser and asks POST /api/redirect
 * where its `url` leads (the spec's `redirect` call): a path of this site is followed, another
 * site never is. (Without JavaScript the server's action applies the same rule: account-nojs.)
 */
const shop = useProfileShop();

async function logInFrom(user: TestUser, path: string): Promise<{ page: Page; asked: string[] }> {
  await shop.browser.context.clearCookies();
  const page = await shop.browser.newPage();
  const asked: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/redirect') asked.push(req.postData() ?? '');
  });
  await page.goto(`${shop.stack.webUrl}${path}`);
  await waitForHydration(page);
  await page.getByLabel('メールアドレス').fill(user.email);
  await page.getByLabel('パスワード').fill(user.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  return { page, asked };
}

describe('login with JavaScript follows its return destination through /api/redirect', () => {
  it('lands on the page that asked for the login', async () => {
    const user = await signUpViaApi(shop);
    const { page, asked } = await logInFrom(user, loginHref(href('plan')));
    await page.waitForURL(`${shop.stack.webUrl}${href('plan')}`);
    expect(asked).toEqual([JSON.stringify({ url: href('plan') })]);
    await page.close();
  });

  it.each(['//evil.example/steal', '/\\evil.example', '/%2Fevil.example'])('lands on the top page for %s', async (url) => {
    const user = await signUpViaApi(shop);
    const { page, asked } = await logInFrom(user, `${href('login')}?url=${encodeURIComponent(url)}`);
    await page.waitForURL(`${shop.stack.webUrl}/`);
    expect(asked).toEqual([JSON.stringify({ url })]);
    await page.close();
  });
});
