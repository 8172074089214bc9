import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import type { StaffInvite } from '../../shared/staff-roles.ts';
import { TEST_OPS_TOKEN } from '../integration/api-fixtures.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { startStackWithConsole } from '../support/console.ts';
import { enrolAndLogIn } from '../support/console-browser.ts';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { insertHistory, insertSubscription, seedHistoryShop, type HistoryShop } from '../support/order-history-rows.ts';
import { signInBrowser, signUpViaApi, type ProfileShop, type TestUser } from '../support/profile-shop.ts';
import type { Stack } from '../support/stack.ts';

/**
 * Issue 30 in Chromium: support refunds part of one box and all of another (stopping it) through
 * the console's confirm steps, which say what happens to the box; the fan's order history shows
 * each refund (amount, date, method), the net amount, and why the refunded order has no receipt.
 * Screenshots at 390 and 1280 px go to REFUND_SCREENSHOTS=<dir> (default test-results/screenshots).
 */
const OUT = path.resolve(process.env.REFUND_SCREENSHOTS ?? 'test-results/screenshots');
let stack: Stack;
let mailbox: Mailbox;
let browser: Browser;
let consoleOrigin: string;
let closeConsole: () => Promise<void>;
let catalogue: HistoryShop;


beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  mailbox = await startMailbox();
  ({ stack, consoleOrigin, closeConsole } = await startStackWithConsole({ seed: false, env: { SMTP_URL: mailbox.url } }));
  catalogue = await seedHistoryShop(stack.database.handle.db, 'e2e-refund-artist');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeConsole?.();
  await stack?.close();
  await mailbox?.close();
});

/** A paid card order of `round`, charged at the sandbox (so the provider can refund it). */
async function paidOrder(user: TestUser, userPlanId: number, round: number): Promise<number> {
  const db = stack.database.handle.db;
  const id = await insertHistory(db, { userId: user.userId, userPlanId, shop: catalogue }, { plan_order_id: round });
  const row = await db.selectFrom('plan_order_histories').select(['charge_key', 'total']).where('id', '=', id).executeTakeFirstOrThrow();
  await db.insertInto('sandbox_charges').values({
    order_key: row.charge_key, charge_id: `ch_${row.charge_key}`, source_kind: 'card', token: null, amount: row.total, status: 'succeeded', decline_reason: null, created_at: new Date(),
  }).execute();
  return id;
}

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true });
  }
}

async function supportPage(): Promise<Page> {
  const page = await browser.newPage();
  const email = `support-refund-${Date.now()}@example.jp`;
  const invite = (await request(stack.api).post('/ops/staff').set('authorization', `Bearer ${TEST_OPS_TOKEN}`).send({ email, role: 'support' }).expect(201)).body as StaffInvite;
  await enrolAndLogIn(page, invite.setupUrl.replace(/^https?:\/\/[^/]+/, consoleOrigin), email);
  return page;
}

it('support refunds part of one box and stops another; the fan sees each refund, the net amount and why there is no receipt', async () => {
  const shop = { stack, mailbox, browser } as ProfileShop;
  const user = await signUpViaApi(shop);
  const userPlanId = await insertSubscription(stack.database.handle.db, user.userId, catalogue, new Date('2026-11-10T01:00:00Z'));
  const partOrder = await paidOrder(user, userPlanId, catalogue.decemberRound);
  const stopOrder = await paidOrder(user, userPlanId, catalogue.januaryRound);

  const page = await supportPage();
  await page.goto(`${consoleOrigin}/customers/${user.userId}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: `一部返金（${partOrder}）` }).click();
  await page.getByText('代金の一部を返金します（¥3,960まで）。箱は予定どおり発送します。').waitFor();
  await shots(page, 'console-refund-confirm-part');
  await page.getByLabel(/返金額（円）/).fill('1000');
  await page.getByLabel('返金の理由（お客様には送られません）').fill('特典カードの不足');
  await page.getByRole('button', { name: '一部を返金する' }).click();
  await page.getByText('返金しました。お客様にお知らせメールを送りました。').waitFor();

  await page.getByRole('link', { name: `全額返金・発送中止（${stopOrder}）` }).click();
  await page.getByText('¥3,960 を全額返金し、箱の発送を止めます。箱は出荷リストと出荷件数から外れ、お届けしません。').waitFor();
  await page.getByLabel('返金の理由（お客様には送られません）').fill('二重のお申し込み');
  expect(await seriousAxeViolations(page, 'refund-confirm-stop')).toEqual([]);
  await shots(page, 'console-refund-confirm-stop');
  await page.getByRole('button', { name: '全額を返金して発送を止める' }).dblclick();
  await page.getByText('返金しました。お客様にお知らせメールを送りました。').waitFor();
  await expect.poll(() => page.locator('main').innerText()).toContain('発送中止');
  await page.close();
  const refunded = await stack.database.handle.db.selectFrom('sandbox_charges').select(['refunded_amount']).where('order_key', 'like', 'test-history-%').orderBy('order_key').execute();
  expect(refunded.map((r) => r.refunded_amount).sort((a, b) => a - b)).toEqual([1000, 3960]);

  await signInBrowser(browser, shop, user);
  const fan = await browser.newPage();
  await fan.goto(`${stack.webUrl}${href('orderHistory')}`);
  await waitForHydration(fan);
  const part = fan.locator(`article[aria-labelledby="order-${partOrder}"]`);
  await expect.poll(() => part.innerText()).toMatch(/一部返金 ¥1,000（税込） \d{4}\/\d{2}\/\d{2}（クレジットカードへ返金）/);
  expect(await part.innerText()).toContain('返金後のお支払い金額: ¥2,960（税込）');
  await part.getByRole('link', { name: '領収書を発行する' }).waitFor();
  const stopped = fan.locator(`article[aria-labelledby="order-${stopOrder}"]`);
  await expect.poll(() => stopped.innerText()).toMatch(/全額返金 ¥3,960（税込） \d{4}\/\d{2}\/\d{2}（クレジットカードへ返金）/);
  expect(await stopped.innerText()).toContain('全額返金・お届けなし');
  expect(await stopped.innerText()).toContain('このご注文は全額を返金したため、お支払いいただいた金額はありません。領収書は発行されません。');
  expect(await stopped.getByRole('link', { name: /領収書/ }).count()).toBe(0);
  expect(await seriousAxeViolations(fan, 'order-history-refunds')).toEqual([]);
  await shots(fan, 'order-history-refunds');

  await part.getByRole('link', { name: '領収書を発行する' }).click();
  await fan.getByRole('button', { name: /発行/ }).first().click();
  await expect.poll(() => fan.locator('main').innerText()).toContain('¥2,960');
  expect(browser.errors).toEqual([]);
  await fan.close();
}, 120_000);
