import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { consoleMemberSession, startStackWithConsole } from '../support/console.ts';
import type { Stack } from '../support/stack.ts';
import { addOrder, seedOrderRound } from '../integration/order-list-fixtures.ts';

/**
 * The console's script per route (issue 32, decision 0083): a page starts with the shared core and
 * its own route's modules, and a click to another route loads that route's chunk then, in the same
 * document (client-side navigation), never before.
 */
let stack: Stack;
let consoleOrigin: string;
let closeConsole: () => Promise<void>;
let browser: Browser;
let orderId = 0;

beforeAll(async () => {
  ({ stack, consoleOrigin, closeConsole } = await startStackWithConsole({ seed: false }));
  const db = stack.database.handle.db;
  const round = await seedOrderRound(db, 'e2e-split', '星乃ミライ', new Date(Date.now() + 30 * 86_400_000));
  orderId = await addOrder(db, round, { at: new Date(Date.now() - 3_600_000) });
  browser = await launchBrowser();
  await browser.context.addCookies([{ name: STAFF_COOKIE, value: await consoleMemberSession(stack, 'owner', 'e2e-split.example'), url: consoleOrigin }]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await closeConsole?.();
  await stack?.close();
});

it('loads the next route’s chunk on the click that needs it, and navigates without reloading the page', async () => {
  const page = await browser.newPage();
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto(`${consoleOrigin}/orders`);
  await waitForHydration(page);
  expect(scripts.some((p) => p.startsWith('/assets/orders-'))).toBe(true);
  // Nothing of another route, and nothing of the catalogue's forms, before it is needed.
  expect(scripts.filter((p) => /^\/assets\/(customer|catalogue[\w-]*|staff|audit)-[A-Z0-9]+\.js$/.test(p))).toEqual([]);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page.getByRole('link', { name: String(orderId), exact: true }).click();
  await page.getByRole('heading', { name: '推野 花子', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/customers\/\d+$/);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(scripts.some((p) => p.startsWith('/assets/customer-'))).toBe(true);
  expect(browser.errors).toEqual([]);
  await page.close();
});
