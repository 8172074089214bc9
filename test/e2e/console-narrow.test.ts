import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StaffInvite } from '../../shared/staff-roles.ts';
import { killAll, shopEnv, startShop, tempDataDir, type ShopProcess } from '../integration/process-fixtures.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { enrolAndLogIn } from '../support/console-browser.ts';

/**
 * The console's tables and search forms on a phone (issue 32, "the 検索 button and tables usable
 * at 390 px"), against the built demo shop: on every page with a table, nothing scrolls the page
 * or the console's main column sideways; a table wider than the screen scrolls inside its own
 * named, focusable region; each search button is on screen and takes a click.
 */
const run = promisify(execFile);
const SHOTS = process.env.CONSOLE_NARROW_SHOTS ?? path.resolve('test-results/screenshots');
let shop: ShopProcess;
let dataDir: string;
let origin: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = tempDataDir();
  shop = await startShop('all', { DATA_DIR: dataDir });
  origin = `http://localhost:${shop.ports.admin}`;
  const env = shopEnv({ API_PORT: String(shop.ports.api), ADMIN_PORT: String(shop.ports.admin), DATA_DIR: dataDir });
  const email = 'narrow-owner@example.com';
  const { stdout } = await run(process.execPath, ['dist/ops.js', 'staff', 'add', email, '--role', 'owner'], { env, timeout: 60_000 });
  browser = await launchBrowser();
  page = await browser.newPage();
  await enrolAndLogIn(page, (JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as StaffInvite).setupUrl, email);
});
afterAll(async () => {
  await browser?.close();
  killAll();
});

type Overflow = { page: number; main: number; tables: string[] };

/** How far the page and the main column scroll sideways, and which tables stick out unscrollably. */
function measure(target: Page): Promise<Overflow> {
  return target.evaluate(() => {
    const main = document.querySelector<HTMLElement>('.console-main');
    const root = document.scrollingElement ?? document.documentElement;
    const tables = [...document.querySelectorAll<HTMLTableElement>('main table')].filter((table) => {
      const right = table.getBoundingClientRect().right;
      if (right <= window.innerWidth + 1) return false;
      const region = table.closest<HTMLElement>('[tabindex="0"][aria-label]');
      return !region || region.scrollWidth <= region.clientWidth || getComputedStyle(region).overflowX !== 'auto';
    });
    return {
      page: root.scrollWidth - root.clientWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
      tables: tables.map((table) => table.querySelector('th')?.textContent ?? '?'),
    };
  });
}

/** Every page is measured before the one assertion, so a failure names all the pages that overflow. */
const measured: Array<{ name: string } & Overflow> = [];

async function expectNarrow(pathname: string, name: string): Promise<void> {
  await page.goto(`${origin}${pathname}`);
  await page.locator('main h1').first().waitFor();
  await page.screenshot({ path: path.join(SHOTS, `narrow-${name}.png`), fullPage: true });
  measured.push({ name, ...(await measure(page)) });
}

async function expectSearchUsable(name: string): Promise<void> {
  const button = page.getByRole('search').getByRole('button', { name });
  await expect.poll(() => button.isVisible()).toBe(true);
  const box = await button.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390 && box.width >= 44).toBe(true);
  await button.click();
  await page.waitForLoadState('load');
}

it('every console table page fits 390 px: the page never scrolls sideways and 検索 is on screen', async () => {
  await page.goto(`${origin}/customers`);
  await page.getByRole('searchbox').fill('example');
  await expectSearchUsable('検索');
  await page.locator('main table').first().waitFor();
  const customer = await page.locator('main table a').first().getAttribute('href');
  await expectNarrow(`/customers?q=example`, 'customers');
  await expectNarrow(customer ?? '/customers', 'customer');

  await page.goto(`${origin}/orders`);
  await expectSearchUsable('検索');
  await expectNarrow('/orders', 'orders');

  await page.goto(`${origin}/rounds`);
  await expectSearchUsable('検索');
  // A round with paid boxes in it (to ship, shipped or delivered above zero), so its page has its table.
  const round = await page.locator('main tbody tr').evaluateAll((rows) => rows
    .find((row) => [...row.querySelectorAll('td.num')].some((cell, index) => index !== 1 && cell.textContent !== '0'))
    ?.querySelector('a')?.getAttribute('href'));
  await expectNarrow('/rounds', 'rounds');
  await expectNarrow(round ?? '/rounds', 'round');

  await page.goto(`${origin}/billing`);
  const billingRound = await page.locator('main table a[href*="state=charged"]').first().getAttribute('href');
  await expectNarrow('/billing', 'billing');
  await expectNarrow(billingRound ?? '/billing', 'billing-round');
  await expectNarrow('/reports', 'reports');
  await expectNarrow('/staff', 'staff');
  await page.goto(`${origin}/audit`);
  await expectSearchUsable('絞り込む');
  await expectNarrow('/audit', 'audit');

  await page.goto(`${origin}/catalogue`);
  await page.locator('main table a').first().click();
  const plan = await page.locator('main a[href^="/catalogue/plans/"]').first().getAttribute('href');
  await expectNarrow('/catalogue', 'catalogue');
  await expectNarrow(plan ?? '/catalogue', 'catalogue-plan');
  await expectNarrow('/catalogue/news', 'catalogue-news');
  await expectNarrow('/catalogue/banners', 'catalogue-banners');
  expect(measured.filter((row) => row.page > 0 || row.main > 0 || row.tables.length > 0)).toEqual([]);
});
