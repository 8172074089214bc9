import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { waitForHydration, type Browser } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';
import { registerCard, seedSubscriptionCatalogue } from '../support/subscription-shop.ts';

/**
 * Issue 33 同梱: a fan who already paid one artist's box of a round checks out a second artist
 * whose round ships the same day. The checkout page, its statutory confirmation and the button
 * state the amount without shipping with 「同梱で送料 ¥660 お得」, and that amount is charged; my
 * plans says it too. With JavaScript and without. Plans at ¥3,300: ¥3,960 with shipping.
 */
const shop = useProfileShop({ noJs: true });
const SHOTS = process.env.PARCEL_SHOTS_DIR ?? path.resolve(process.env.SHOTS_DIR ?? 'test-results/screenshots', 'parcel');
const SAVING = '同梱で送料 ¥660 お得';

async function checkout(page: Page, slug: string, planId: number, amount: string, js: boolean): Promise<void> {
  await page.goto(`${shop.stack.webUrl}${href('checkout', { slug, planId })}`);
  if (js) await waitForHydration(page);
  await page.getByRole('button', { name: `申し込む（決済する） ${amount}` }).click();
  await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug, planId })}`);
}

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
}

async function journey(browser: Browser, user: TestUser, tag: string, js: boolean): Promise<void> {
  const first = await seedSubscriptionCatalogue(shop.stack.database.handle.db, `e2e-parcel-a-${tag}`);
  const second = await seedSubscriptionCatalogue(shop.stack.database.handle.db, `e2e-parcel-b-${tag}`);
  await registerCard(shop, user);
  await signInBrowser(browser, shop, user);
  const page = await browser.newPage();
  // The first box carries the parcel's shipping: the page as before, no saving said.
  await checkout(page, first.slug, first.light, '¥3,960', js);
  await page.goto(`${shop.stack.webUrl}${href('checkout', { slug: second.slug, planId: second.light })}`);
  if (js) await waitForHydration(page);
  const terms = page.locator('.checkout-terms');
  await terms.locator('.plan-cost-amount').filter({ hasText: '¥3,300（税込・送料込）' }).waitFor();
  await terms.getByText(SAVING).waitFor();
  await terms.getByText('送料（同梱） ¥0').waitFor();
  if (js) await shots(page, 'checkout-confirm');
  await page.getByRole('button', { name: '申し込む（決済する） ¥3,300' }).click();
  await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug: second.slug, planId: second.light })}`);
  const rows = await shop.stack.database.handle.db.selectFrom('plan_order_histories').select(['ship_fee', 'total']).where('user_id', '=', user.userId).orderBy('id').execute();
  expect(rows).toEqual([{ ship_fee: 660, total: 3960 }, { ship_fee: 0, total: 3300 }]);
  const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('お申し込みを受け付けました') && m.text.includes(`e2e-parcel-b-${tag}`));
  expect(mail.text).toContain('¥3,300（税込・送料込）');
  expect(mail.text).toContain(SAVING);
  // My plans: the second artist's box ships with the first, without shipping.
  await page.goto(`${shop.stack.webUrl}${href('plan')}`);
  if (js) await waitForHydration(page);
  const cards = page.locator('.user-plan');
  await cards.filter({ hasText: `e2e-parcel-b-${tag}` }).getByText(SAVING).waitFor();
  expect(await cards.filter({ hasText: `e2e-parcel-a-${tag}` }).getByText(SAVING).count()).toBe(0);
  if (js) await shots(page, 'my-plans');
  await page.close();
}

describe('同梱: checkout and my plans say the saving', () => {
  it('with JavaScript', async () => {
    const user = await signUpViaApi(shop);
    await journey(shop.browser, user, 'js', true);
    expect(shop.browser.errors).toEqual([]);
  });

  it('without JavaScript', async () => {
    const user = await signUpViaApi(shop);
    await journey(shop.noJs, user, 'nojs', false);
  });
});
