import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiContext } from '../../api/context.ts';
import { runBilling } from '../../api/billing/run-billing.ts';
import type { StripeProvider } from '../../api/payment/stripe/stripe-provider.ts';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import type { StripeLocal } from '../../tools/stripe-local/server.ts';
import { startStripeShop } from '../support/stripe-shop.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, type ProfileShop, type TestUser } from '../support/profile-shop.ts';
import { silentLogger } from '../support/stack.ts';
import { stripeClientFor } from '../support/stripe-local-client.ts';
import { seedSubscriptionCatalogue, type E2eCatalogue } from '../support/subscription-shop.ts';

/**
 * Issue 20's "done when" in Chromium: the shop on the Stripe gateway (api/payment/stripe/) against
 * the local Stripe-compatible server (tools/stripe-local/, every answer checked against Stripe's
 * OpenAPI), its signed webhooks delivered to the shop. A shopper saves a card on the hosted page,
 * subscribes (one PaymentIntent), is charged once by the billing run after the next deadline,
 * is refunded on a cancellation before a deadline; shoppers whose card asks for 3-D Secure on
 * every charge recover the held charge from the mail's link, with and without JavaScript.
 * The shop's clock moves (the billing run's deadline); the local server keeps the real one, as
 * Stripe does (webhook signatures are timestamped with it). STRIPE_SCREENSHOTS=<dir> saves the
 * hosted pages and my page's notices at 390 px.
 */
const WEBHOOK_SECRET = 'whsec_stripe_journey_e2e';
const DAY = 86_400_000;
const PAGE = href('profilePayment');
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

const shop = {} as ProfileShop;
let local: StripeLocal;
let provider: StripeProvider;
let first: E2eCatalogue;
let second: E2eCatalogue;
const a = {} as { user: TestUser; page: Page };

/** STRIPE_SCREENSHOTS=<dir>: the hosted pages and my page's notices at 390 px (looked at, not committed). */
async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.STRIPE_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(dir, `${name}-390.png`), fullPage: true });
}


beforeAll(async () => {
  local = await startStripeShop(shop, { webhookSecret: WEBHOOK_SECRET, now, onProvider: (p) => (provider = p) });
  shop.browser = await launchBrowser();
  shop.noJs = await launchBrowser({ javaScriptEnabled: false });
  first = await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'stripe-journey');
  second = await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'stripe-journey-two');
}, 60_000);

afterAll(async () => {
  await shop.noJs?.close();
  await shop.browser?.close();
  await shop.stack?.close();
  await shop.mailbox?.close();
  await local?.close();
});

const db = () => shop.stack.database.handle.db;
const stripe = () => stripeClientFor(local.url);

async function customerOf(user: TestUser): Promise<string> {
  const row = await db().selectFrom('stripe_customers').select('customer_id').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
  return row.customer_id;
}

/** The shopper's PaymentIntents at the gateway, oldest first. */
async function intentsOf(user: TestUser) {
  const list = await stripe().paymentIntents.list({ customer: await customerOf(user), limit: 100 });
  return [...list.data].sort((x, y) => x.created - y.created);
}

/** Payment page → the button → the local server's hosted page, fields filled by their labels; 3-D Secure completed when asked. */
async function saveCard(page: Page, number: string, js: boolean): Promise<void> {
  await page.goto(`${shop.stack.webUrl}${PAGE}`);
  if (js) await waitForHydration(page);
  await page.getByRole('button', { name: /カードを(登録|変更)する/ }).click();
  await page.waitForURL(/\/c\/pay\/cs_/);
  await snap(page, `hosted-${number.slice(-4)}-${js ? 'js' : 'nojs'}`);
  await page.getByLabel('カード番号 / Card number').fill(number);
  await page.getByLabel('有効期限 (MM / YY) / Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('セキュリティコード / CVC').fill('123');
  await page.getByLabel('カード名義 / Name on card').fill('HANAKO OSHINO');
  await page.getByRole('button', { name: 'カードを保存 / Save card' }).click();
  if (number === '4000002760003184') {
    await page.waitForURL(/\/3ds$/);
    await snap(page, `hosted-3ds-${js ? 'js' : 'nojs'}`);
    await page.getByRole('button', { name: '認証する / Complete' }).click();
  }
  await page.waitForURL(`${shop.stack.webUrl}${PAGE}?card=registered`);
  await page.getByText('クレジットカードを登録しました。').waitFor();
  await page.locator('.payment-card', { hasText: 'Visa' }).getByText(`•••• ${number.slice(-4)}`).waitFor();
}

/** A subscription through the API (the checkout page is walked once, by shopper A). */
async function subscribeViaApi(user: TestUser, planId: number): Promise<void> {
  const res = await request(shop.stack.api).post('/api/userPlan').set('cookie', `${SESSION_COOKIE}=${user.session}`)
    .set('idempotency-key', `stripe-journey-${user.userId}-${planId}`).send({ planId });
  expect(res.status, res.text).toBe(201);
}

function billingContext(): ApiContext {
  return { db: db(), logger: silentLogger, now, publicOrigin: shop.stack.config.PUBLIC_ORIGIN, mailer: shop.stack.mailer, paymentProvider: provider, deferredPayment: false };
}
const runPass = () => runBilling(billingContext(), { concurrency: 8, leaseMs: 60_000 });

async function historyOf(user: TestUser, planId: number) {
  return db().selectFrom('plan_order_histories').selectAll().where('user_id', '=', user.userId).where('plan_id', '=', planId).orderBy('id').execute();
}

describe('a shopper on the Stripe gateway', () => {
  it('signs up, saves 4242 on the hosted page and sees Visa •••• 4242', async () => {
    a.user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, a.user);
    a.page = await shop.browser.newPage();
    await saveCard(a.page, '4242424242424242', true);
    expect(await a.page.locator('.payment-current strong').textContent()).toBe('クレジットカード');
    expect(await db().selectFrom('user_cards').select(['provider', 'last4']).where('user_id', '=', a.user.userId).execute())
      .toEqual([{ provider: 'stripe', last4: '4242' }]);
  });

  it('subscribes at checkout: the first round is one succeeded PaymentIntent with its order key; completion page and mail', async () => {
    const { page, user } = a;
    await page.goto(`${shop.stack.webUrl}${href('checkout', { slug: first.slug, planId: first.light })}`);
    await waitForHydration(page);
    await page.getByText('•••• 4242').waitFor();
    await page.getByRole('button', { name: '申し込む（決済する）' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug: first.slug, planId: first.light })}`);
    await page.getByRole('status').filter({ hasText: /\d+月号からお届けします/ }).waitFor();
    const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('お申し込みを受け付けました'));
    expect(mail.text).toContain('1回のお届け ¥3,960（税込・送料込）');
    const [row] = await historyOf(user, first.light);
    const intents = await intentsOf(user);
    expect(intents.map((i) => [i.status, i.amount, i.metadata.order_key])).toEqual([['succeeded', 3960, row?.charge_key]]);
    expect(row).toMatchObject({ payment_status: 'SUCCESS', charge_id: intents[0]?.id });
  });

  it('cancels a second plan before its deadline: the round paid at checkout is refunded through Stripe', async () => {
    const { page, user } = a;
    await subscribeViaApi(user, second.light);
    const [row] = await historyOf(user, second.light);
    await page.goto(`${shop.stack.webUrl}${href('planDelete', { slug: second.slug, planId: second.light })}`);
    await waitForHydration(page);
    await page.getByText(/全額返金します/).first().waitFor();
    await page.getByRole('button', { name: '解約する' }).click();
    await page.getByRole('status').filter({ hasText: /解約しました（\d+月号から反映）/ }).waitFor();
    const refunds = await stripe().refunds.list({ payment_intent: row?.charge_id ?? '' });
    // The whole charge back: this box shipped with the first plan's (同梱), so it paid no shipping (¥3,300).
    expect(row?.total).toBe(3300);
    expect(refunds.data.map((r) => [r.status, r.amount])).toEqual([['succeeded', row?.total]]);
    expect(local.control.summary()).toMatchObject({ refunds: 1 });
    const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('解約を受け付けました'));
    expect(mail.text).toContain('全額返金');
    await page.goto(`${shop.stack.webUrl}${href('orderHistory')}`);
    const card = page.locator('.order-card', { hasText: second.slug });
    await card.locator('.order-status').getByText('決済キャンセル').waitFor();
    await card.getByText('お届けまでの流れ').click();
    await card.getByText('全額返金しました。').waitFor();
  });
});

const waiting = {} as Record<'js' | 'nojs', TestUser>;

describe('shoppers whose bank asks for 3-D Secure on every charge (4000 0027 6000 3184)', () => {
  it.each([['js', true], ['nojs', false]] as const)('save 4242, subscribe, then change to 3184 completing 3-D Secure (%s)', async (which, js) => {
    const user = await signUpViaApi(shop);
    const browser: Browser = js ? shop.browser : shop.noJs;
    await signInBrowser(browser, shop, user);
    const page = await browser.newPage();
    await saveCard(page, '4242424242424242', js);
    await subscribeViaApi(user, first.light);
    await saveCard(page, '4000002760003184', js);
    waiting[which] = user;
    await page.close();
  });
});

describe('the billing run after the next deadline', () => {
  it('charges shopper A once, holds the 3-D Secure rounds; two more runs at once charge nothing', async () => {
    offsetMs = 41 * DAY;
    const pass = await runPass();
    expect(pass).toMatchObject({ charged: 1, declined: 2, inDoubt: 0 });
    const intents = await intentsOf(a.user);
    const billed = (await historyOf(a.user, first.light)).find((r) => r.origin === 'billing');
    expect(billed).toMatchObject({ payment_status: 'SUCCESS' });
    expect(intents.filter((i) => i.metadata.order_key === billed?.charge_key).map((i) => i.status)).toEqual(['succeeded']);
    const mail = await shop.mailbox.waitFor(a.user.email, (m) => m.subject.includes('お支払い完了'));
    expect(mail.text).toContain('¥3,960');
    const again = await Promise.all([runPass(), runPass()]);
    for (const p of again) expect(p).toMatchObject({ charged: 0, declined: 0, inDoubt: 0 });
    expect(await intentsOf(a.user)).toHaveLength(intents.length);
    expect(intents.map((i) => i.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });
});

describe('recovering a held charge from the mail', () => {
  it.each([['js', true], ['nojs', false]] as const)('mail → my page → 「本人認証に進む」 → 3-D Secure → paid (%s)', async (which, js) => {
    const user = waiting[which];
    const [row] = (await historyOf(user, first.light)).filter((r) => r.origin === 'billing');
    expect(row).toMatchObject({ payment_status: 'ERROR' });
    expect(row?.action_required_at).not.toBeNull();
    const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('お支払いの本人認証のお願い'));
    const link = /https?:\/\/\S+\/mypage\/profile\S*/.exec(mail.text)?.[0];
    expect(link?.startsWith(shop.stack.webUrl)).toBe(true);
    const browser = js ? shop.browser : shop.noJs;
    await browser.context.clearCookies();
    const page = await browser.newPage();
    await page.goto(link ?? '');
    // 41 days on, the session has lapsed (7 days idle): the link asks for the password first.
    await page.waitForURL((url) => url.pathname === href('login'));
    if (js) await waitForHydration(page);
    await page.getByLabel('メールアドレス').fill(user.email);
    await page.getByLabel('パスワード').fill(user.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.waitForURL((url) => url.pathname === '/mypage/profile');
    if (js) await waitForHydration(page);
    await page.getByText(/カード会社が本人認証（3-Dセキュア）を求めています/).waitFor();
    await snap(page, `auth-notice-${which}`);
    await page.getByRole('button', { name: '本人認証に進む' }).click();
    await page.waitForURL(/\/3ds\/pi_/);
    await page.getByRole('button', { name: '認証する / Complete' }).click();
    await page.waitForURL((url) => url.pathname === '/mypage/profile' && url.searchParams.get('auth') === 'paid');
    await page.getByText('本人認証が完了し、お支払いが確定しました。').waitFor();
    await snap(page, `auth-paid-${which}`);
    expect(await page.getByRole('button', { name: '本人認証に進む' }).count()).toBe(0);
    expect(await historyOf(user, first.light).then((rows) => rows.find((r) => r.origin === 'billing'))).toMatchObject({ payment_status: 'SUCCESS', action_required_at: null });
    const held = (await intentsOf(user)).filter((i) => i.metadata.order_key === row?.charge_key);
    expect(held.map((i) => [i.id, i.status])).toEqual([[row?.charge_id, 'succeeded']]);
    await page.close();
  });
});

describe('at the gateway, after all', () => {
  it('every answer matched Stripe\'s OpenAPI, and the webhook events were applied', async () => {
    expect(local.control.validationErrors).toEqual([]);
    await expect.poll(async () => {
      const rows = await db().selectFrom('stripe_events').select(['id', 'applied_at']).execute();
      return rows.length > 0 && rows.length === local.control.events.length && rows.every((r) => r.applied_at !== null);
    }).toBe(true);
    expect(shop.browser.errors).toEqual([]);
  });
});
