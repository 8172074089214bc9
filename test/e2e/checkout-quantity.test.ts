import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';
import { registerCard, seedSubscriptionCatalogue } from '../support/subscription-shop.ts';

/**
 * Issue 30: the order is what checkout showed when the fan pressed 申し込む. The quantity select
 * drives the summary, the button's amount and the order, with JavaScript and without; a total the
 * page no longer matches (the price changed meanwhile) is refused with the amount it would be.
 * Light plan: ¥3,300 a box, ¥660 shipping a round, so two boxes are ¥7,260.
 */
const shop = useProfileShop({ noJs: true });
const SHOTS = path.resolve(process.env.SHOTS_DIR ?? 'test-results/screenshots');

async function shopperAtCheckout(page: Page, user: TestUser, slug: string, planId: number): Promise<string> {
  await registerCard(shop, user);
  const checkout = href('checkout', { slug, planId });
  await page.goto(`${shop.stack.webUrl}${checkout}`);
  return checkout;
}

/** What the fan can read of the order afterwards: the confirmation mail and the order history. */
async function expectOrderOfTwo(page: Page, user: TestUser, total: string): Promise<void> {
  const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('お申し込みを受け付けました'));
  expect(mail.text).toContain('数量: 2');
  expect(mail.text).toContain(`1回のお届け（2箱） ${total}（税込・送料込）`);
  await page.goto(`${shop.stack.webUrl}${href('orderHistory')}`);
  await page.locator('.order-amounts strong').filter({ hasText: total }).waitFor();
  const rows = await shop.stack.database.handle.db.selectFrom('plan_order_histories').select(['count', 'total']).where('user_id', '=', user.userId).execute();
  expect(rows).toEqual([{ count: 2, total: Number(total.replace(/[¥,]/g, '')) }]);
}

describe('checkout with JavaScript', () => {
  it('follows the quantity select in the summary and the button, and orders what it showed', async () => {
    const { slug, light } = await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'e2e-qty-js');
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, user);
    const page = await shop.browser.newPage();
    await shopperAtCheckout(page, user, slug, light);
    await waitForHydration(page);
    await page.getByLabel('数量').selectOption('2');
    await page.getByRole('definition').filter({ hasText: /^2箱$/ }).waitFor();
    await page.locator('.plan-cost-amount').filter({ hasText: '¥7,260（税込・送料込）' }).waitFor();
    await page.getByText('1回のお届け（2箱）').waitFor();
    const button = page.getByRole('button', { name: '申し込む（決済する） ¥7,260' });
    await button.waitFor();
    // Without JavaScript the quantity is applied by its own button; with it, nothing to press.
    expect(await page.getByRole('button', { name: '数量を変更する' }).count()).toBe(0);
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.screenshot({ path: path.join(SHOTS, `checkout-quantity-2-${width}.png`), fullPage: true, animations: 'disabled' });
    }
    await button.click();
    await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug, planId: light })}`);
    await page.locator('.plan-cost-amount').filter({ hasText: '¥7,260（税込・送料込）' }).waitFor();
    await expectOrderOfTwo(page, user, '¥7,260');
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('refuses a total the price no longer matches, shows the new amount, and charges it on the next press', async () => {
    const { slug, light } = await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'e2e-qty-price');
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, user);
    const page = await shop.browser.newPage();
    await shopperAtCheckout(page, user, slug, light);
    await waitForHydration(page);
    await page.getByLabel('数量').selectOption('2');
    await page.locator('.plan-cost-amount').filter({ hasText: '¥7,260（税込・送料込）' }).waitFor();
    // Meanwhile the open round's price goes up to ¥4,400 a box: two boxes are now ¥9,460.
    await shop.stack.database.handle.db.updateTable('plan_orders').set({ price: 4400, pre_tax_price: 4000 }).where('plan_id', '=', light).execute();
    await shop.stack.database.handle.db.updateTable('plans').set({ price: 4400, pre_tax_price: 4000 }).where('id', '=', light).execute();
    await page.getByRole('button', { name: /^申し込む（決済する）/ }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('現在の金額は1回のお届け（2箱） ¥9,460（税込・送料込）です').waitFor();
    expect(await shop.stack.database.handle.db.selectFrom('plan_order_histories').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
    await page.locator('.plan-cost-amount').filter({ hasText: '¥9,460（税込・送料込）' }).waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'checkout-total-changed-390.png'), fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: '申し込む（決済する） ¥9,460' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug, planId: light })}`);
    await expectOrderOfTwo(page, user, '¥9,460');
    await page.close();
  });
});

describe('checkout without JavaScript', () => {
  it('a select changed without its button is never charged unseen: the page shows the quantity’s total, then orders it', async () => {
    const { slug, light } = await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'e2e-qty-nojs');
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.noJs, shop, user);
    const page = await shop.noJs.newPage();
    const checkout = await shopperAtCheckout(page, user, slug, light);
    await page.getByLabel('数量').selectOption('2');
    // The page cannot recompute by itself: pressing 申し込む with the ¥3,960 it showed orders nothing.
    await page.getByRole('button', { name: /^申し込む（決済する）/ }).click();
    await page.getByRole('alert').getByText('現在の金額は1回のお届け（2箱） ¥7,260（税込・送料込）です').waitFor();
    expect(new URL(page.url()).pathname).toBe(checkout);
    expect(await shop.stack.database.handle.db.selectFrom('plan_order_histories').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
    await page.getByRole('definition').filter({ hasText: /^2箱$/ }).waitFor();
    await page.locator('.plan-cost-amount').filter({ hasText: '¥7,260（税込・送料込）' }).waitFor();
    await page.getByRole('button', { name: '申し込む（決済する） ¥7,260' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug, planId: light })}`);
    await expectOrderOfTwo(page, user, '¥7,260');
    await page.close();
  });

  it('数量を変更する shows the chosen quantity and its total; 申し込む then orders it', async () => {
    const { slug, light } = await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'e2e-qty-recalc');
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.noJs, shop, user);
    const page = await shop.noJs.newPage();
    await shopperAtCheckout(page, user, slug, light);
    await page.getByLabel('数量').selectOption('2');
    await page.getByRole('button', { name: '数量を変更する' }).click();
    await page.waitForURL(/\?count=2$/);
    await page.getByRole('definition').filter({ hasText: /^2箱$/ }).waitFor();
    await page.getByRole('button', { name: '申し込む（決済する） ¥7,260' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug, planId: light })}`);
    await expectOrderOfTwo(page, user, '¥7,260');
    await page.close();
  });
});
