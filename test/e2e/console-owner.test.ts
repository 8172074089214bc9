import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffInvite } from '../../shared/staff-roles.ts';
import { killAll, shopEnv, startShop, tempDataDir, type ShopProcess } from '../integration/process-fixtures.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, waitForHydration } from '../support/browser.ts';
import { enrolAndLogIn } from '../support/console-browser.ts';

/**
 * The owner's console pages (issue 19) in Chromium against the built shop: the first owner (from
 * `ops staff add`) adds a support member on the Staff page and sees the one-time link; the member
 * opens it, enrols TOTP and signs in; the owner finds that sign-in on the Audit page. The add form
 * once more with JavaScript off.
 */
const run = promisify(execFile);
const OUT = path.resolve('test-results/screenshots');
let shop: ShopProcess;
let dataDir: string;
let consoleOrigin: string;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  dataDir = tempDataDir();
  shop = await startShop('all', { DATA_DIR: dataDir });
  consoleOrigin = `http://localhost:${shop.ports.admin}`;
});
afterAll(killAll);

async function opsStaffAdd(email: string): Promise<string> {
  const env = shopEnv({ API_PORT: String(shop.ports.api), ADMIN_PORT: String(shop.ports.admin), DATA_DIR: dataDir });
  const { stdout } = await run(process.execPath, ['dist/ops.js', 'staff', 'add', email, '--role', 'owner'], { env, timeout: 60_000 });
  return (JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as StaffInvite).setupUrl;
}

async function shot(page: Page, name: string, axe = true): Promise<void> {
  if (axe) expect(await seriousAxeViolations(page, name)).toEqual([]);
  await page.screenshot({ path: path.join(OUT, `console-owner-${name}.png`), fullPage: true });
}

async function addMember(page: Page, email: string, role: string): Promise<string> {
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('権限', { exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: '追加してリンクを発行' }).click();
  const link = page.getByTestId('setup-url');
  await expect.poll(() => link.innerText()).toMatch(new RegExp(`^${consoleOrigin}/setup/[A-Za-z0-9_-]{43}$`));
  // The link is in the page, never in its address.
  expect(page.url()).toBe(`${consoleOrigin}/staff`);
  await page.getByRole('row', { name: new RegExp(email) }).getByText('設定待ち').waitFor();
  return link.innerText();
}

describe('the owner’s Staff and Audit pages', () => {
  it('adds a support member who enrols, signs in and refunds a round; the owner finds it in the trail', async () => {
    const owner = 'first-owner@example.com';
    const support = 'support-member@example.com';
    const browser = await launchBrowser();
    const plain = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await browser.newPage();
      await enrolAndLogIn(page, await opsStaffAdd(owner), owner);
      // The demo shop's customers (api/db/seed/demo-customers.ts) give the dashboard real figures.
      await expect.poll(async () => Number(await page.locator('.dashboard-active strong').innerText())).toBeGreaterThan(10);
      await shot(page, 'dashboard');
      await page.getByRole('link', { name: 'スタッフ' }).click();
      await page.getByRole('heading', { name: 'スタッフ一覧' }).waitFor();
      await waitForHydration(page);
      const setupUrl = await addMember(page, support, 'サポート担当');
      await shot(page, 'staff-js');

      // Without JavaScript, in the owner's session: the same form is a plain POST answered with the link.
      await plain.context.addCookies(await browser.context.cookies());
      const nojs = await plain.newPage();
      await nojs.goto(`${consoleOrigin}/staff`);
      await addMember(nojs, 'fulfilment-member@example.com', '出荷担当');
      await shot(nojs, 'staff-nojs', false);
      await nojs.getByRole('button', { name: '無効にする: fulfilment-member@example.com' }).click();
      await nojs.getByRole('row', { name: /fulfilment-member/ }).getByText('無効', { exact: true }).waitFor();
      expect(nojs.url()).toBe(`${consoleOrigin}/staff`);
      await plain.context.clearCookies();

      // The support member, in their own browser session.
      await enrolAndLogIn(nojs, setupUrl, support, { js: false });
      expect(await nojs.locator('.console-nav a').allInnerTexts()).toEqual(['ダッシュボード', '会員・定期便', '注文一覧', '決済', '振込返金']);
      // …who refunds a demo customer's round, without JavaScript: search, the customer, the confirm step.
      await nojs.getByRole('link', { name: '会員・定期便' }).click();
      await nojs.getByLabel('メールアドレス・氏名・電話番号・注文番号').fill('demo-customer-01@example.com');
      await nojs.getByRole('button', { name: '検索' }).click();
      await nojs.locator('main table a').first().click();
      await nojs.getByRole('heading', { name: 'プロフィール' }).waitFor();
      // A round not shipped yet is refunded with its box stopped (issue 30); a shipped one in full.
      await nojs.getByRole('link', { name: /^(返金する|全額返金・発送中止)（\d+）$/ }).first().click();
      await nojs.getByLabel('返金の理由（お客様には送られません）').fill('お届け前のご依頼');
      await nojs.getByRole('button', { name: /^全額を返金(する|して発送を止める)$/ }).click();
      await nojs.getByText('返金しました。お客様にお知らせメールを送りました。').waitFor();
      await expect.poll(() => nojs.locator('main').innerText()).toContain('返金済み（お届け前のご依頼）');
      await shot(nojs, 'support-refunded-nojs', false);

      // The owner's accounting report counts that refund this month.
      await page.getByRole('link', { name: '会計レポート' }).click();
      await page.getByRole('heading', { name: '会計レポート' }).waitFor();
      const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(new Date());
      // The columns after the month: charges, goods, shipping, fee, sales, tax, gross, then refunds.
      expect(await page.getByRole('row', { name: new RegExp(`^${month}`) }).locator('td').nth(7).innerText()).toBe('1');
      await shot(page, 'reports');

      await page.getByRole('link', { name: '監査ログ' }).click();
      await page.getByRole('heading', { name: '監査ログ' }).waitFor();
      // The member and the action are chosen from lists; each row reads as a sentence.
      await page.getByLabel('スタッフ', { exact: true }).selectOption({ label: support });
      await page.getByLabel('操作').selectOption('staff.login');
      await page.getByRole('button', { name: '絞り込む' }).click();
      await page.waitForURL(/action=staff\.login/);
      const rows = page.locator('.console-table tbody tr');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain(`${support} がログインしました`);
      expect(await rows.first().getAttribute('data-outcome')).toBe('success');
      // The raw record is a click away.
      await rows.first().getByText('記録の全文').click();
      await expect.poll(() => rows.first().locator('pre').innerText()).toContain('"action": "staff.login"');
      const csvHref = await page.getByRole('link', { name: /CSV/ }).getAttribute('href');
      expect(csvHref).toMatch(/^\/api\/staff\/audit\.csv\?staffId=\d+&action=staff\.login$/);
      await shot(page, 'audit');
      // The CSV through the console's own origin (its /api/staff proxy), with the owner's session.
      const csv = await page.request.get(`${consoleOrigin}${csvHref}`);
      expect(csv.headers()['content-disposition']).toBe('attachment; filename="audit-log.csv"');
      const body = await csv.body();
      expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(body.subarray(3).toString('utf8').trimEnd().split('\r\n')).toHaveLength(2);
      expect(browser.errors).toEqual([]);
    } finally {
      await plain.close();
      await browser.close();
    }
  }, 120_000);
});
