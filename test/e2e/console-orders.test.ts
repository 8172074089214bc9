import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { consoleMemberSession, startStackWithConsole } from '../support/console.ts';
import type { Stack } from '../support/stack.ts';
import { addOrder, seedOrderRound } from '../integration/order-list-fixtures.ts';
import { addBox } from '../integration/round-export-fixtures.ts';

/**
 * The order list and the rounds list in Chromium (issue 32) at 390 and 1280 px: the 検索 button
 * reachable, the page never wider than the screen (the tables scroll in their own region), and a
 * bulk resend from checked rows. Screenshots go to test-results/screenshots.
 */
const OUT = path.resolve('test-results/screenshots');
const DAY = 86_400_000;
let stack: Stack;
let consoleOrigin: string;
let closeConsole: () => Promise<void>;
let browser: Browser;
const charged: number[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  ({ stack, consoleOrigin, closeConsole } = await startStackWithConsole({ seed: false }));
  const db = stack.database.handle.db;
  const late = await seedOrderRound(db, 'e2e-orders-late', '星乃ミライ', new Date(Date.now() - 5 * DAY));
  const open = await seedOrderRound(db, 'e2e-orders-open', '天音くるり', new Date(Date.now() + 30 * DAY));
  await seedOrderRound(db, 'e2e-orders-far', '月城レイ', new Date(Date.now() + 300 * DAY));
  await addBox(db, late, 'WAITING');
  for (let i = 0; i < 6; i += 1) {
    const id = await addOrder(db, i % 2 ? open : late, { at: new Date(Date.now() - (i + 1) * 3_600_000), status: i === 4 ? 'ERROR' : 'SUCCESS', method: i === 3 ? 'GMOAB' : 'CARD' });
    if (i !== 4) charged.push(id);
  }
  browser = await launchBrowser();
  await browser.context.addCookies([{ name: STAFF_COOKIE, value: await consoleMemberSession(stack, 'owner', 'e2e-orders.example'), url: consoleOrigin }]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await closeConsole?.();
  await stack?.close();
});

/** The page is no wider than the screen, and the 検索 button can be scrolled to and pressed. */
async function expectUsable(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const search = page.getByRole('button', { name: '検索' });
  await search.scrollIntoViewIfNeeded();
  const box = await search.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
}

for (const width of [390, 1280]) {
  it(`draws the order list and the rounds list usable at ${width} px`, async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${consoleOrigin}/orders`);
    await page.getByRole('heading', { name: '注文一覧', level: 1 }).waitFor();
    await expectUsable(page, width);
    expect(await seriousAxeViolations(page, `orders-${width}`)).toEqual([]);
    await page.screenshot({ path: path.join(OUT, `console-orders-${width}.png`), fullPage: true });
    await page.goto(`${consoleOrigin}/rounds`);
    await page.getByRole('heading', { name: '号・出荷', level: 1 }).waitFor();
    await expectUsable(page, width);
    await expect.poll(() => page.locator('tbody tr').first().innerText()).toContain('要出荷');
    await page.screenshot({ path: path.join(OUT, `console-rounds-${width}.png`), fullPage: true });
    await page.close();
  });
}

it('filters the orders and resends the payment mail of the checked ones', async () => {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${consoleOrigin}/orders`);
  await page.getByLabel('決済方法').selectOption('GMOAB');
  await page.getByRole('button', { name: '検索' }).click();
  await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
  await page.goto(`${consoleOrigin}/orders`);
  await page.getByLabel(`選択 ${charged[0]}`).check();
  await page.getByLabel(`選択 ${charged[1]}`).check();
  await page.getByRole('button', { name: 'お支払い完了メールを再送' }).click();
  await page.getByText('2件のメールを再送しました。').waitFor();
  await page.close();
});
