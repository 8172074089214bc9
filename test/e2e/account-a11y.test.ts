import { mkdirSync } from 'node:fs';
import { seriousAxeViolations } from '../support/axe.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { signUpViaApi, useProfileShop } from '../support/profile-shop.ts';

/**
 * axe-core on every account screen and step (login, re-check, sign-up steps 1–3 with messages
 * showing, reminder): no serious or critical violation. Screenshots at phone and desktop widths
 * go to test-results/ for a person to look at.
 */
const shop = useProfileShop();
const SHOTS = 'test-results/account';

async function check(page: Page, name: string): Promise<string[]> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  return seriousAxeViolations(page, name);
}

async function open(path: string): Promise<Page> {
  const page = await shop.browser.newPage();
  await page.goto(`${shop.stack.webUrl}${path}`);
  await waitForHydration(page);
  return page;
}

describe('accessibility of the account screens', () => {
  it('has no serious or critical axe violation on login, its messages and the re-check', async () => {
    const found: string[] = [];
    const page = await open(href('login'));
    found.push(...(await check(page, 'login')));
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    found.push(...(await check(page, 'login-messages')));
    const user = await signUpViaApi(shop);
    await shop.stack.database.handle.db.updateTable('sessions').set({ secure_until: null }).where('user_id', '=', user.userId).execute();
    await shop.browser.context.addCookies([{ name: 'oshibox_sid', value: user.session, url: shop.stack.webUrl }]);
    await page.goto(`${shop.stack.webUrl}${href('login')}?url=${encodeURIComponent(href('profilePassword'))}`);
    await page.getByRole('heading', { name: 'パスワードの再確認' }).waitFor();
    found.push(...(await check(page, 'login-recheck')));
    await shop.browser.context.clearCookies();
    await page.close();
    expect(found).toEqual([]);
  });

  it('has no serious or critical axe violation on each sign-up step and the reminder', async () => {
    const found: string[] = [];
    const email = `a11y-${Date.now()}@example.com`;
    const page = await open(href('signup'));
    found.push(...(await check(page, 'signup-email')));
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '認証コードを送信' }).click();
    const code = shop.mailbox.codeIn(await shop.mailbox.waitFor(email));
    await page.getByLabel('認証コード（6桁）').waitFor();
    found.push(...(await check(page, 'signup-code')));
    await page.getByLabel('認証コード（6桁）').fill(code);
    await page.getByRole('button', { name: '次へ' }).click();
    await page.getByRole('button', { name: '登録する' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    found.push(...(await check(page, 'signup-details')));
    await page.close();

    const reminder = await open(href('reminder'));
    found.push(...(await check(reminder, 'reminder')));
    await reminder.locator('.lang-toggle').click();
    await reminder.getByRole('heading', { name: 'Reset your password' }).waitFor();
    found.push(...(await check(reminder, 'reminder-en')));
    await reminder.close();
    expect(found).toEqual([]);
  });
});
