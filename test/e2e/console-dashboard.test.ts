import type { Express } from 'express';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffInvite } from '../../shared/staff-roles.ts';
import { buildArtist, buildPlan, buildRound, insertArtist, insertPlan, insertRound, TEST_OPS_TOKEN } from '../integration/api-fixtures.ts';
import { insertCharge, insertShopper, insertSubscription } from '../integration/dashboard-fixtures.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, waitForHydration } from '../support/browser.ts';
import { enrolAndLogIn } from '../support/console-browser.ts';
import { startConsoleStack, type ConsoleStack } from '../support/console-stack.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { measureReflow } from '../support/reflow.ts';
import { snapAtWidths } from '../support/screenshots.ts';

/**
 * The console's dashboard (issue 32) in Chromium: the API and the console run in this process over
 * a test database seeded with a round past its deadline (boxes to ship, a declined charge, a
 * failed refund, a dispute) and one taking orders. The owner sees today's to-dos as tiles with
 * counts, follows one to the page where the work is done, reads the figures and the box forecast
 * at 390 and 1280 px without sideways scroll, and flips the revenue chart to 税抜 with JavaScript
 * off (a link drawn again by the server) and on (no new request for the figures).
 */
const SCREENSHOTS = process.env.DASHBOARD_SCREENSHOTS;
const DAY = 86_400_000;
let database: TestDatabase;
let api: Express;
let consoleUrl: string;
let stack: ConsoleStack;
let dueRound: number;

/** A round past its deadline still to ship, and one taking orders; five subscribers. */
async function seedShop(): Promise<void> {
  const db = database.handle.db;
  const now = Date.now();
  const artist = await insertArtist(db, buildArtist({ slug: 'e2e-dash', name: '星乃ミライ' }));
  const plan = await insertPlan(db, buildPlan(artist, { name: 'スタンダードプラン' }));
  dueRound = await insertRound(db, { ...buildRound(plan, new Date(now - 40 * DAY), new Date(now - 5 * DAY), new Date(now + 10 * DAY), '12月号'), price: 3300, pre_tax_price: 3000 });
  const openRound = await insertRound(db, { ...buildRound(plan, new Date(now - 5 * DAY), new Date(now + 10 * DAY), new Date(now + 40 * DAY), '1月号'), price: 3300, pre_tax_price: 3000 });
  const subs = [];
  for (let i = 0; i < 5; i += 1) {
    const userId = await insertShopper(db);
    const id = await insertSubscription(db, { userId, planId: plan, created: new Date(now - 60 * DAY).toISOString(), count: i === 0 ? 2 : 1 });
    subs.push({ id, userId, planId: plan, price: 3300, preTax: 3000, count: i === 0 ? 2 : 1 });
  }
  const [a, b, c, d, e] = subs as [typeof subs[number], typeof subs[number], typeof subs[number], typeof subs[number], typeof subs[number]];
  await insertCharge(db, a, dueRound, { origin: 'billing' });
  await insertCharge(db, b, dueRound, { origin: 'billing', dispute_id: 'dp_e2e', dispute_status: 'needs_response' });
  await insertCharge(db, c, dueRound, { origin: 'billing', payment_status: 'ERROR', paid_at: null });
  await insertCharge(db, d, dueRound, { origin: 'billing', payment_status: 'CANCEL', refund_status: 'failed' });
  await insertCharge(db, e, openRound);
  await db.insertInto('user_plan_skips').values({ user_plan_id: b.id, plan_order_id: openRound, created_at: new Date() }).execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  stack = await startConsoleStack(database.handle.db);
  ({ api, consoleUrl } = stack);
  await seedShop();
});
afterAll(async () => {
  await stack?.close();
  await database?.destroy();
});

/** `npm run ops -- staff add <email> --role owner`: the same call to the operator endpoint. */
async function signInOwner(page: Page, email: string): Promise<void> {
  const res = await request(api).post('/ops/staff').set('authorization', `Bearer ${TEST_OPS_TOKEN}`).send({ email, role: 'owner' });
  expect(res.status).toBe(201);
  await enrolAndLogIn(page, (res.body as StaffInvite).setupUrl.replace(/^https?:\/\/[^/]+/, consoleUrl), email);
}

/** Nothing scrolls sideways, neither the page nor the console's main column. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const reflow = await measureReflow(page);
  expect(reflow.widest, reflow.widest ?? '').toBeNull();
  const main = await page.locator('.console-main').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(main.scroll).toBeLessThanOrEqual(main.client + 1);
}

describe('the dashboard', () => {
  it("opens on today's to-dos with counts and links, and reads at 390 and 1280 px", async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await signInOwner(page, 'dash-owner@example.com');
      const tiles = page.locator('.dashboard-tile');
      await expect.poll(() => tiles.count()).toBe(4);
      expect(await tiles.locator('.dashboard-tile-title').allInnerTexts()).toEqual(['決済失敗', '出荷待ちの箱', '未完了の返金', '要対応のチャージバック']);
      // Two paid boxes of the round past its deadline (one disputed), one declined charge, one failed refund.
      expect(await tiles.locator('.dashboard-tile-count').allInnerTexts()).toEqual(['1 件', '2 箱', '1 件', '1 件']);
      expect(await page.locator('.dashboard-tile[data-kind="declined"] a').getAttribute('href')).toBe(`/billing/${dueRound}?state=declined`);
      expect(await page.locator('.dashboard-tile[data-kind="refunds"] a').getAttribute('href')).toBe('/orders?refund=open');
      // The tiles come before the charts, the forecast names a likely number and an upper bound.
      const order = await page.locator('.dashboard > *').evaluateAll((els) => els.map((el) => el.className));
      expect(order.indexOf('dashboard-section')).toBeLessThan(order.indexOf('chart'));
      await expect.poll(() => page.locator('[data-figure="mrr"] strong').innerText()).toMatch(/^¥[1-9][\d,]*$/);
      // The open round: one paid, two to be charged (one of them 2 boxes), one skipped, one declined last time.
      const forecast = page.locator('.dashboard-forecast-round');
      expect(await forecast.count()).toBe(1);
      expect((await forecast.locator('.dashboard-forecast-likely').innerText()).replace(/\s+/g, ' ')).toBe('見込み 4箱');
      expect((await forecast.locator('[data-kind="failed"]').innerText()).replace(/\s+/g, ' ')).toBe('前回の決済失敗 1箱');
      expect((await forecast.locator('[data-kind="skipped"]').innerText()).replace(/\s+/g, ' ')).toBe('スキップ 1箱');
      expect(await seriousAxeViolations(page, 'dashboard')).toEqual([]);

      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoSidewaysScroll(page);
      }
      await snapAtWidths(page, SCREENSHOTS, 'dashboard', { restoreWidth: 390 });

      // The boxes-to-ship tile opens 号・出荷 on the rounds that need shipping: the round past its deadline.
      await waitForHydration(page);
      await page.locator('.dashboard-tile[data-kind="toShip"]').getByRole('link', { name: '号・出荷で出荷する' }).click();
      await page.waitForURL((url) => url.pathname === '/rounds' && url.searchParams.get('state') === 'ship');
      await page.getByRole('heading', { name: '号・出荷', level: 1 }).waitFor();
      expect(await page.getByLabel('状態').inputValue()).toBe('ship');
      await page.getByRole('link', { name: '12月号' }).first().waitFor();
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('switches revenue and MRR to 税抜 with a link without JavaScript, and without reloading the figures with it', async () => {
    const browser = await launchBrowser();
    const plain = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await browser.newPage();
      await signInOwner(page, 'dash-tax@example.com');
      const title = (p: Page) => p.locator('figcaption').first().innerText();
      await expect.poll(() => title(page)).toBe('号別の売上（税込、返金を差し引き）');
      const taxIn = await page.locator('[data-figure="mrr"] strong').innerText();

      // JavaScript off: the same session, the switch is a link to ?tax=out drawn by the server.
      await plain.context.addCookies(await browser.context.cookies());
      const nojs = await plain.newPage();
      await nojs.goto(`${consoleUrl}/`);
      await nojs.getByRole('navigation', { name: '金額の表示' }).getByRole('link', { name: '税抜' }).click();
      await nojs.waitForURL((url) => url.searchParams.get('tax') === 'out');
      await expect.poll(() => title(nojs)).toBe('号別の売上（税抜、返金を差し引き）');
      const taxOut = await nojs.locator('[data-figure="mrr"] strong').innerText();
      expect(Number(taxOut.replace(/\D/g, ''))).toBeLessThan(Number(taxIn.replace(/\D/g, '')));
      expect(await nojs.getByRole('link', { name: '税抜' }).getAttribute('aria-current')).toBe('true');
      await snapAtWidths(nojs, SCREENSHOTS, 'dashboard-tax-out-nojs');

      // JavaScript on: the route keeps its figures; no request for the dashboard goes out.
      await waitForHydration(page);
      const asked: string[] = [];
      page.on('request', (request) => { if (request.url().includes('/api/staff/dashboard')) asked.push(request.url()); });
      await page.getByRole('navigation', { name: '金額の表示' }).getByRole('link', { name: '税抜' }).click();
      await expect.poll(() => title(page)).toBe('号別の売上（税抜、返金を差し引き）');
      expect(new URL(page.url()).searchParams.get('tax')).toBe('out');
      expect(await page.locator('[data-figure="mrr"] strong').innerText()).toBe(taxOut);
      await page.getByRole('navigation', { name: '金額の表示' }).getByRole('link', { name: '税込' }).click();
      await expect.poll(() => title(page)).toBe('号別の売上（税込、返金を差し引き）');
      expect(asked).toEqual([]);
      expect([...browser.errors, ...plain.errors]).toEqual([]);
    } finally {
      await plain.close();
      await browser.close();
    }
  }, 120_000);
});
