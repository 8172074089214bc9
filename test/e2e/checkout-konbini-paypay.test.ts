import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { freePort } from '../support/free-port.ts';
import { startMailbox } from '../support/mailbox.ts';
import { signInBrowser, signUpViaApi, type ProfileShop, type TestUser } from '../support/profile-shop.ts';
import { startStack } from '../support/stack.ts';
import { snapAtWidths } from '../support/screenshots.ts';
import { seedSubscriptionCatalogue, type E2eCatalogue } from '../support/subscription-shop.ts';

/**
 * Issue 34 in Chromium, with and without JavaScript, on the sandbox gateway (the embedded
 * default): a fan who pays each round at a konbini confirms the checkout (method, pay-by date,
 * nothing charged automatically), gets the shop's voucher page and mail, pays at the sandbox's
 * "store" and finds the plan in My plans; a PayPay fan approves on PayPay's page and is back on
 * the completion page. CHECKOUT_SHOPPER_SCREENSHOTS=<dir> saves the pages at 390 and 1280 px.
 */
const shop = {} as ProfileShop;

// PUBLIC_ORIGIN on the web tier's own port: PayPay's page sends the fan back to this shop.
beforeAll(async () => {
  shop.mailbox = await startMailbox();
  const webPort = await freePort();
  shop.stack = await startStack({ seed: false, webPort, env: { SMTP_URL: shop.mailbox.url, PUBLIC_ORIGIN: `http://127.0.0.1:${webPort}` } });
  shop.browser = await launchBrowser();
  shop.noJs = await launchBrowser({ javaScriptEnabled: false });
}, 60_000);

afterAll(async () => {
  await shop.noJs?.close();
  await shop.browser?.close();
  await shop.stack?.close();
  await shop.mailbox?.close();
});
let catalogue: E2eCatalogue | undefined;
const VOUCHER = 'コンビニでのお支払い番号のお知らせ';
const SUBSCRIBED = 'お申し込みを受け付けました';

const snap = (page: Page, name: string) => snapAtWidths(page, process.env.CHECKOUT_SHOPPER_SCREENSHOTS, name, { restoreWidth: 1280 });
const db = () => shop.stack.database.handle.db;

async function fanPaying(browser: Browser, method: 'KONBINI' | 'PAYPAY'): Promise<{ user: TestUser; page: Page; catalogue: E2eCatalogue }> {
  catalogue ??= await seedSubscriptionCatalogue(db(), 'e2e-shopper-pay');
  const user = await signUpViaApi(shop);
  await db().updateTable('users').set({ payment_method: method }).where('id', '=', user.userId).execute();
  await signInBrowser(browser, shop, user);
  return { user, page: await browser.newPage(), catalogue };
}

async function openCheckout(page: Page, c: E2eCatalogue, js: boolean): Promise<void> {
  await page.goto(`${shop.stack.webUrl}${href('checkout', { slug: c.slug, planId: c.light })}`);
  if (js) await waitForHydration(page);
}

describe.each([['js', true], ['nojs', false]] as const)('konbini checkout (%s)', (which, js) => {
  it('confirms with the pay-by date, gets the voucher page and mail, pays at the store, and sees the plan in My plans', async () => {
    const { user, page, catalogue: c } = await fanPaying(js ? shop.browser : shop.noJs, 'KONBINI');
    await openCheckout(page, c, js);
    await page.getByRole('definition').filter({ hasText: 'コンビニ払い' }).waitFor();
    await page.getByRole('term').filter({ hasText: 'お支払い期限' }).waitFor();
    await page.locator('.checkout-pay-by').filter({ hasText: /\d{4}年\d{1,2}月\d{1,2}日 23:59/ }).waitFor();
    await page.getByText(/自動で請求されることはありません/).first().waitFor();
    await snap(page, `${which}-konbini-checkout`);
    await page.getByRole('button', { name: 'お支払い番号を発行する ¥3,960' }).click();
    await page.waitForURL(/\/mypage\/payment\/checkout\/\d+$/);
    await page.getByText('お支払いが確認できた時点でお申し込みが確定します。').first().waitFor();
    const number = (await page.locator('.voucher-number').textContent()) ?? '';
    expect(number).toMatch(/^\d{11}$/);
    await page.locator('.voucher-amount').filter({ hasText: '¥3,960' }).waitFor();
    await snap(page, `${which}-konbini-voucher`);
    const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes(VOUCHER));
    expect(mail.text).toContain(number);
    expect(mail.text).toContain('¥3,960');
    if (js && process.env.CHECKOUT_SHOPPER_SCREENSHOTS) {
      // The voucher mail as a mail reader shows it (its HTML part).
      const mailPage = await shop.browser.newPage();
      await mailPage.setContent(mail.html);
      await snapAtWidths(mailPage, process.env.CHECKOUT_SHOPPER_SCREENSHOTS, 'konbini-voucher-mail', { height: 800 });
      await mailPage.close();
    }

    await page.getByRole('link', { name: 'お支払い方法の詳しい案内（払込票）を開く' }).click();
    await page.getByRole('button', { name: /店頭で支払ったことにする/ }).click();
    await page.getByText(/お支払いを受け付けました/).first().waitFor();
    await shop.mailbox.waitFor(user.email, (m) => m.subject.includes(SUBSCRIBED));
    await page.goto(`${shop.stack.webUrl}${href('plan')}`);
    await page.getByRole('heading', { name: /ライトプラン/ }).waitFor();
    const plans = await db().selectFrom('user_plans').select('status').where('user_id', '=', user.userId).execute();
    expect(plans).toEqual([{ status: 'ACTIVE' }]);
    await page.close();
  });
});

describe.each([['js', true], ['nojs', false]] as const)('PayPay checkout (%s)', (which, js) => {
  it('approves on PayPay\'s page and comes back to the completion page, subscribed once', async () => {
    const { user, page, catalogue: c } = await fanPaying(js ? shop.browser : shop.noJs, 'PAYPAY');
    await openCheckout(page, c, js);
    await page.getByRole('definition').filter({ hasText: 'PayPay' }).first().waitFor();
    if (js) await snap(page, 'paypay-checkout');
    await page.getByRole('button', { name: 'PayPayで支払う ¥3,960' }).click();
    await page.waitForURL(/\/api\/sandbox\/paypay\/sp_/);
    await page.getByRole('button', { name: '承認する / Approve' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug: c.slug, planId: c.light })}`);
    await page.getByRole('status').filter({ hasText: /\d+月号からお届けします/ }).waitFor();
    await shop.mailbox.waitFor(user.email, (m) => m.subject.includes(SUBSCRIBED));
    const plans = await db().selectFrom('user_plans').select('status').where('user_id', '=', user.userId).execute();
    expect(plans).toEqual([{ status: 'ACTIVE' }]);
    await page.close();
  });

  it('declines on PayPay\'s page and is back on checkout, told nothing was charged; no subscription', async () => {
    const { user, page, catalogue: c } = await fanPaying(js ? shop.browser : shop.noJs, 'PAYPAY');
    await openCheckout(page, c, js);
    await page.getByRole('button', { name: 'PayPayで支払う ¥3,960' }).click();
    await page.waitForURL(/\/api\/sandbox\/paypay\/sp_/);
    await page.getByRole('button', { name: '拒否する / Decline' }).click();
    await page.waitForURL((url) => url.pathname === href('checkout', { slug: c.slug, planId: c.light }));
    await page.getByText(/PayPayでのお支払いが完了しなかったため、お申し込みは成立しませんでした/).first().waitFor();
    if (js) await snap(page, 'paypay-declined');
    const plans = await db().selectFrom('user_plans').select('status').where('user_id', '=', user.userId).execute();
    expect(plans.filter((p) => p.status === 'ACTIVE' || p.status === 'PENDING')).toEqual([]);
    await page.close();
  });
});
