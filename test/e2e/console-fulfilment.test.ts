import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_COLUMNS } from '../../shared/shipping-columns.ts';
import type { StaffInvite } from '../../shared/staff-roles.ts';
import { TEST_OPS_TOKEN } from '../integration/api-fixtures.ts';
import { addBox, seedExportRound, type ExportRound } from '../integration/round-export-fixtures.ts';
import { snapAtWidths } from '../support/screenshots.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { enrolAndLogIn } from '../support/console-browser.ts';
import { startConsoleStack, type ConsoleStack } from '../support/console-stack.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

/**
 * A fulfilment member's day in the console (issue 19), in Chromium: added by the operator (the
 * call `npm run ops -- staff add` makes), enrols TOTP from the page's otpauth:// URI, downloads a
 * round's shipping list in Shift_JIS, uploads the warehouse's shipped file, reads the preview and
 * confirms it — once with JavaScript, once without. The API and the console run in this process
 * over a test database, so the round's boxes can be seeded.
 */
const OUT = path.resolve('test-results/screenshots');
const HEADER = SHIPPING_COLUMNS.map((c) => c.label).join(',');
let database: TestDatabase;
let round: ExportRound;
let api: Express;
let consoleUrl: string;
let stack: ConsoleStack;
const boxes: number[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  database = await createTestDatabase();
  stack = await startConsoleStack(database.handle.db);
  ({ api, consoleUrl } = stack);
  round = await seedExportRound(database.handle.db, 'e2e-fulfilment', new Date(Date.now() - 3_600_000));
  for (const name of ['推野 花子', '推野 次郎']) boxes.push(await addBox(database.handle.db, round, 'WAITING', { name }));
});
afterAll(async () => {
  await stack?.close();
  await database?.destroy();
});

/** `npm run ops -- staff add <email> --role fulfilment`: the same call to the operator endpoint. */
async function staffAdd(email: string): Promise<string> {
  const res = await request(api).post('/ops/staff').set('authorization', `Bearer ${TEST_OPS_TOKEN}`).send({ email, role: 'fulfilment' });
  expect(res.status).toBe(201);
  return (res.body as StaffInvite).setupUrl;
}

async function expectAccessible(page: Page, name: string, js: boolean): Promise<void> {
  if (js) expect(await seriousAxeViolations(page, name)).toEqual([]);
  await page.screenshot({ path: path.join(OUT, `console-fulfilment-${name}-${js ? 'js' : 'nojs'}.png`), fullPage: true });
}

/** A fulfilment member of its own for each run, added, enrolled and signed in. */
async function signIn(page: Page, js: boolean): Promise<void> {
  const email = `fulfilment-${js ? 'js' : 'nojs'}@example.jp`;
  const setupUrl = (await staffAdd(email)).replace(/^https?:\/\/[^/]+/, consoleUrl);
  await enrolAndLogIn(page, setupUrl, email, { js });
}

async function shipOne(page: Page, box: number, tracking: string, js: boolean): Promise<void> {
  await page.getByRole('link', { name: '号・出荷', exact: true }).click();
  await page.getByRole('heading', { name: '号・出荷', level: 1 }).waitFor();
  if (js) await waitForHydration(page);
  await expectAccessible(page, 'rounds', js);
  const file = path.join(os.tmpdir(), `shipped-${tracking}.csv`);
  writeFileSync(file, iconv.encode(`${HEADER}\r\n${box},12月号,,,1,,,,,,,yamato,${tracking}\r\n999999,12月号,,,1,,,,,,,yamato,YMT-0000-0000\r\n`, 'cp932'));
  await page.getByLabel('CSVファイル').setInputFiles(file);
  await page.getByRole('button', { name: '内容を確認する' }).click();
  await page.getByRole('heading', { name: '取り込みの確認' }).waitFor();
  const changes = page.getByTestId('import-changes');
  await changes.getByRole('row', { name: new RegExp(`${box}.*${tracking}`) }).waitFor();
  await page.getByTestId('import-refused').getByText('3行目「注文番号」列: この注文番号の注文はありません（キャンセル済みの可能性があります）。').waitFor();
  await expectAccessible(page, 'preview', js);
  await page.getByRole('button', { name: 'この内容で取り込む' }).click();
  await page.getByRole('heading', { name: '取り込みました' }).waitFor();
  await expect.poll(async () => (await database.handle.db.selectFrom('plan_order_histories').select('ship_number').where('id', '=', box).executeTakeFirstOrThrow()).ship_number).toBe(tracking);
  await expectAccessible(page, 'applied', js);
}

describe('a fulfilment member ships a round in the console', () => {
  it('with JavaScript: downloads the Shift_JIS list, uploads the shipped file, previews and confirms', async () => {
    const browser: Browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await signIn(page, true);
      await page.getByRole('link', { name: '号・出荷', exact: true }).click();
      await page.getByRole('link', { name: '12月号' }).click();
      await page.getByRole('heading', { name: /12月号/, level: 1 }).waitFor();
      await waitForHydration(page);
      await expectAccessible(page, 'round', true);
      await snapAtWidths(page, process.env.CONSOLE_SCREENSHOTS, 'round-export-form', { restoreWidth: 1280 });
      await page.getByLabel('文字コード').selectOption('cp932');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'ダウンロード' }).click()]);
      const bytes = readFileSync((await download.path())!);
      const text = iconv.decode(bytes, 'cp932');
      expect(text.split('\r\n')[0]).toBe(HEADER);
      expect(text).toContain('推野 次郎');
      await shipOne(page, boxes[0]!, 'YMT-7777-0001', true);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('without JavaScript: the same upload, preview and confirm with plain form posts', async () => {
    const browser = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await browser.newPage();
      await signIn(page, false);
      // The export form is a plain GET: the B2クラウド layout, in Shift_JIS as recommended.
      await page.getByRole('link', { name: '号・出荷', exact: true }).click();
      await page.getByRole('link', { name: '12月号' }).click();
      await page.getByLabel('レイアウト').selectOption('yamato-b2');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'ダウンロード' }).click()]);
      const text = iconv.decode(readFileSync((await download.path())!), 'cp932');
      expect(text.split('\r\n')[0]).toMatch(/^お客様管理番号,送り状種類,クール区分,伝票番号,/);
      expect(text).toContain('推野 次郎');
      await shipOne(page, boxes[1]!, 'YMT-7777-0002', false);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
