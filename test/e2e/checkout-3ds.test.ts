import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import type { StripeLocal } from '../../tools/stripe-local/server.ts';
import { startStripeShop } from '../support/stripe-shop.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, type ProfileShop, type TestUser } from '../support/profile-shop.ts';
import { stripeClientFor } from '../support/stripe-local-client.ts';
import { snapAtWidths } from '../support/screenshots.ts';
import { seedSubscriptionCatalogue, type E2eCatalogue } from '../support/subscription-shop.ts';

/**
 * Issue 30, "3-D Secure at checkout, not a decline", in Chromium with and without JavaScript: the
 * shop on the Stripe gateway against the local Stripe-compatible server (tools/stripe-local/), its
 * signed webhooks delivered. A fan whose bank asks for 3-D Secure on every charge (4000 0027 6000
 * 3184) presses 申し込む, passes the bank's page and lands on the completion page, subscribed once,
 * with one PaymentIntent and one mail; a fan who fails the page is back on checkout, told that
 * nothing was charged, with the PaymentIntent cancelled. CHECKOUT_3DS_SCREENSHOTS=<dir> saves the
 * steps at 390 and 1280 px (looked at, not committed).
 */
const WEBHOOK_SECRET = 'whsec_checkout_3ds_e2e';
const SUBSCRIBED = 'お申し込みを受け付けました';
const shop = {} as ProfileShop;
let local: StripeLocal;
let catalogue: E2eCatalogue;

const snap = (page: Page, name: string) => snapAtWidths(page, process.env.CHECKOUT_3DS_SCREENSHOTS, name, { height: 844 });

beforeAll(async () => {
  local = await startStripeShop(shop, { webhookSecret: WEBHOOK_SECRET });
  shop.browser = await launchBrowser();
  shop.noJs = await launchBrowser({ javaScriptEnabled: false });
  catalogue = await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'checkout-3ds');
}, 60_000);

afterAll(async () => {
  await shop.noJs?.close();
  await shop.browser?.close();
  await shop.stack?.close();
  await shop.mailbox?.close();
  await local?.close();
});

const db = () => shop.stack.database.handle.db;

/** The fan's PaymentIntents at the gateway, as [status, amount]. */
async function intentsOf(user: TestUser) {
  const row = await db().selectFrom('stripe_customers').select('customer_id').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
  const list = await stripeClientFor(local.url).paymentIntents.list({ customer: row.customer_id, limit: 100 });
  return list.data.map((i) => [i.status, i.amount]);
}

/** Saves 4000 0027 6000 3184 on the gateway's page (it authenticates the card when saved). */
async function save3184(page: Page, js: boolean): Promise<void> {
  await page.goto(`${shop.stack.webUrl}${href('profilePayment')}`);
  if (js) await waitForHydration(page);
  await page.getByRole('button', { name: /カードを(登録|変更)する/ }).click();
  await page.waitForURL(/\/c\/pay\/cs_/);
  await page.getByLabel('カード番号 / Card number').fill('4000002760003184');
  await page.getByLabel('有効期限 (MM / YY) / Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('セキュリティコード / CVC').fill('123');
  await page.getByLabel('カード名義 / Name on card').fill('HANAKO OSHINO');
  await page.getByRole('button', { name: 'カードを保存 / Save card' }).click();
  await page.waitForURL(/\/3ds$/);
  await page.getByRole('button', { name: '認証する / Complete' }).click();
  await page.waitForURL(/card=registered/);
}

async function fanAt(browser: Browser, js: boolean): Promise<{ user: TestUser; page: Page }> {
  const user = await signUpViaApi(shop);
  await signInBrowser(browser, shop, user);
  const page = await browser.newPage();
  await save3184(page, js);
  return { user, page };
}

/** Checkout for two boxes, 申し込む, and the bank's page. */
async function applyForTwo(page: Page, js: boolean, shots: string | null): Promise<void> {
  await page.goto(`${shop.stack.webUrl}${href('checkout', { slug: catalogue.slug, planId: catalogue.light })}?count=2`);
  if (js) await waitForHydration(page);
  const submit = page.getByRole('button', { name: '申し込む（決済する） ¥7,260' });
  await submit.waitFor();
  if (shots) await snap(page, `${shots}-checkout`);
  await submit.click();
  await page.waitForURL(/\/3ds\/pi_/);
  await page.getByText('お支払い ¥7,260 を認証します').waitFor();
  if (shots) await snap(page, `${shots}-bank`);
}

describe.each([['js', true], ['nojs', false]] as const)('a fan whose bank asks for 3-D Secure at checkout (%s)', (which, js) => {
  it('passes the bank\'s page and is subscribed once: completion page, one PaymentIntent, one mail', async () => {
    const { user, page } = await fanAt(js ? shop.browser : shop.noJs, js);
    await applyForTwo(page, js, `${which}-pass`);
    await page.getByRole('button', { name: '認証する / Complete' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug: catalogue.slug, planId: catalogue.light })}`);
    await page.getByRole('status').filter({ hasText: /\d+月号からお届けします/ }).waitFor();
    await snap(page, `${which}-complete`);
    const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes(SUBSCRIBED));
    expect(mail.text).toContain('¥7,260');
    // The webhook and the return both learnt it: still one subscription, one charge, one mail.
    await expect.poll(() => intentsOf(user)).toEqual([['succeeded', 7260]]);
    const plans = await db().selectFrom('user_plans').select(['status', 'count']).where('user_id', '=', user.userId).execute();
    expect(plans).toEqual([{ status: 'ACTIVE', count: 2 }]);
    expect(shop.mailbox.mails.filter((m) => m.to.includes(user.email) && m.subject.includes(SUBSCRIBED))).toHaveLength(1);
    // Back to the bank's page: nothing is waiting there any more.
    await page.goBack();
    await page.goto(`${shop.stack.webUrl}${href('plan')}`);
    await page.getByText(catalogue.slug, { exact: false }).first().waitFor();
    await page.close();
  });

  it('fails the bank\'s page: back on checkout told nothing was charged, the PaymentIntent cancelled, and can apply again', async () => {
    const { user, page } = await fanAt(js ? shop.browser : shop.noJs, js);
    await applyForTwo(page, js, null);
    await page.getByRole('button', { name: '失敗させる / Fail' }).click();
    await page.waitForURL(/\/checkout\?count=2&auth=failed$/);
    await page.getByRole('alert').getByText(/本人認証（3-Dセキュア）が完了しなかったため、お申し込みは完了していません/).waitFor();
    await snap(page, `${which}-failed`);
    await expect.poll(() => intentsOf(user)).toEqual([['canceled', 7260]]);
    // The page is as the fan left it: two boxes, their total on the button.
    await page.getByRole('button', { name: '申し込む（決済する） ¥7,260' }).waitFor();
    const plans = await db().selectFrom('user_plans').select('status').where('user_id', '=', user.userId).execute();
    expect(plans).toEqual([{ status: 'FAILED' }]);
    // The form is there to apply again: the bank is asked again, for a new charge.
    if (js) await waitForHydration(page);
    await page.getByRole('button', { name: '申し込む（決済する） ¥7,260' }).click();
    await page.waitForURL(/\/3ds\/pi_/);
    await page.close();
  });
});
