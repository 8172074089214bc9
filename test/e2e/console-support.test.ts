import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffInvite } from '../../shared/staff-roles.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { startStackWithConsole } from '../support/console.ts';
import { enrolAndLogIn } from '../support/console-browser.ts';
import { insertChargedCustomer, type ChargedCustomer } from '../support/charged-customer.ts';
import { shopEnv } from '../integration/process-fixtures.ts';
import { TEST_OPS_TOKEN } from '../integration/api-fixtures.ts';
import type { Stack } from '../support/stack.ts';

/**
 * Support's day (issue 19), in Chromium with JavaScript: a member added with `ops staff add`
 * enrols TOTP, finds a customer with a charged round by e-mail, refunds it through the confirm
 * step, and the provider refunds it once. axe on the customer pages; a screenshot.
 */
const run = promisify(execFile);
const OUT = path.resolve('test-results/screenshots');
let stack: Stack;
let closeConsole: () => Promise<void>;
let browser: Browser;
let customer: ChargedCustomer;


beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  ({ stack, closeConsole } = await startStackWithConsole({ seed: false }));
  customer = await insertChargedCustomer(stack.database.handle.db, `e2e${Date.now()}`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await closeConsole?.();
  await stack?.close();
});

/** `node dist/ops.js staff add …` as the operator types it, against this test's API. */
async function staffAdd(email: string): Promise<string> {
  const env = shopEnv({ API_ORIGIN: stack.apiUrl, OPS_TOKEN: TEST_OPS_TOKEN, DATA_DIR: 'memory://' });
  const { stdout } = await run(process.execPath, ['dist/ops.js', 'staff', 'add', email, '--role', 'support'], { env, timeout: 60_000 });
  return (JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as StaffInvite).setupUrl;
}

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await seriousAxeViolations(page, name)).toEqual([]);
}

it('a support member finds a customer with a charged round and refunds it once, through the confirm step', async () => {
  const page = await browser.newPage();
  const email = `support-${Date.now()}@example.jp`;
  await enrolAndLogIn(page, await staffAdd(email), email);
  await page.getByRole('link', { name: '会員・定期便' }).click();
  await page.getByLabel('メールアドレス・氏名・電話番号・注文番号').fill(customer.email);
  await page.getByRole('button', { name: '検索' }).click();
  await page.getByRole('link', { name: customer.name }).click();
  await page.getByRole('heading', { name: customer.name, level: 1 }).waitFor();
  await expect.poll(() => page.locator('main').innerText()).toContain('Visa •••• 4242');
  await expectAccessible(page, 'customer');
  // Before shipment, a full refund says what happens to the box (issue 30): here it still ships.
  await page.getByRole('link', { name: `全額返金・お詫びに発送（${customer.historyId}）` }).click();
  await page.getByText('¥3,960 を全額返金します。箱はお詫びとして予定どおり発送します').waitFor();
  await page.getByLabel('返金の理由（お客様には送られません）').fill('お届け時の破損');
  await expectAccessible(page, 'customer-refund-confirm');
  // A double click: the form carries one key, so the provider refunds once.
  await page.getByRole('button', { name: '全額を返金して発送する' }).dblclick();
  await page.getByText('返金しました。お客様にお知らせメールを送りました。').waitFor();
  await expect.poll(() => page.locator('main').innerText()).toContain('返金済み（お届け時の破損）');
  await page.screenshot({ path: path.join(OUT, 'console-customer-refunded.png'), fullPage: true });
  const charge = await stack.database.handle.db.selectFrom('sandbox_charges').select('refunded_amount').where('order_key', '=', customer.chargeKey).executeTakeFirstOrThrow();
  expect(charge.refunded_amount).toBe(customer.total);
  expect(browser.errors).toEqual([]);
  await page.close();
}, 60_000);

it('the customer page shows a fan\'s own cancel reason and the offers they took on the cancel page (issue 32)', async () => {
  const { db } = stack.database.handle;
  const fan = await insertChargedCustomer(db, `keep${Date.now()}`);
  const now = new Date();
  // What the fan's cancel page leaves: a pause taken with a reason, later a cancellation with an answer.
  const { id: userPlanId } = await db.selectFrom('user_plans').select('id').where('user_id', '=', fan.userId).executeTakeFirstOrThrow();
  await db.insertInto('cancel_offers').values({ user_id: fan.userId, user_plan_id: userPlanId, offer: 'pause', plan_id: fan.planId, reason: 'temporary', note: '引っ越しのため', accepted_at: now }).execute();
  await db.updateTable('user_plans').set({ status: 'CANCELLED', cancelled_at: now, cancel_reason: 'price', cancel_note: '予算オーバー', cancel_by: 'fan' }).where('id', '=', userPlanId).execute();
  const page = await browser.newPage();
  const email = `support-keep-${Date.now()}@example.jp`;
  await enrolAndLogIn(page, await staffAdd(email), email);
  await page.getByRole('link', { name: '会員・定期便' }).click();
  await page.getByLabel('メールアドレス・氏名・電話番号・注文番号').fill(fan.email);
  await page.getByRole('button', { name: '検索' }).click();
  await page.getByRole('link', { name: fan.name }).click();
  await page.getByRole('heading', { name: fan.name, level: 1 }).waitFor();
  await page.getByRole('cell', { name: '高い（予算オーバー） — お客様（解約ページ）' }).waitFor();
  const kept = page.getByRole('list', { name: '解約ページで選ばれた方法（解約せずに継続）' });
  await kept.getByText(/ライトプラン：休止 理由：一時的に不要（引っ越しのため）/).waitFor();
  await expectAccessible(page, 'customer-kept-offers');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('heading', { name: '解約ページで選ばれた方法（解約せずに継続）' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, `console-customer-kept-offers-${width}.png`) });
  }
  expect(browser.errors).toEqual([]);
  await page.close();
}, 60_000);
