import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import { parcelKey } from '../../shared/parcel.ts';
import { href } from '../../shared/routes.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { insertSession, TEST_OPS_TOKEN } from '../integration/api-fixtures.ts';
import { addParcelBox, seedExportRound, type ExportRound } from '../integration/round-export-fixtures.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { consoleMemberSession, startStackWithConsole } from '../support/console.ts';
import { snapAtWidths } from '../support/screenshots.ts';
import type { Stack } from '../support/stack.ts';

/**
 * 同梱 in Chromium without JavaScript (issue 33): a fan's boxes of two rounds shipping the same day.
 * Fulfilment reads on the second round's page that its box travels in the first round's file,
 * downloads that file (one B2クラウド line naming both boxes), the parcel ships under one tracking
 * number, and the fan's order history and receipt name the parcel. Screenshots at 390 and 1280 px
 * go to PARCEL_SCREENSHOTS=<dir> when set.
 */
const SHOTS = process.env.PARCEL_SCREENSHOTS;
const SHIP_DATE = new Date(Date.now() - 3_600_000);
const FAN_SESSION = 'e2e-parcel-fan-session-0123456789abcdef';
/** The fan's pages name a box by the issue of its ship date (as their headings). */
const ISSUE = issueLabel({ shipDate: SHIP_DATE.toISOString() }).ja;
const PARCEL_LINE = `同梱: 星乃ミライ ${ISSUE}・月城レイ ${ISSUE}（1個口）`;
const PAID_WITH = `送料は同梱の星乃ミライ ${ISSUE}でお支払い済み`;
let stack: Stack;
let consoleOrigin: string;
let closeConsole: () => Promise<void>;
let browser: Browser;
let roundA: ExportRound;
let roundB: ExportRound;
const ids = { a: 0, b: 0 };

beforeAll(async () => {
  ({ stack, consoleOrigin, closeConsole } = await startStackWithConsole({ seed: false }));
  const db = stack.database.handle.db;
  roundA = await seedExportRound(db, 'e2e-parcel-a', SHIP_DATE, '星乃ミライ');
  roundB = await seedExportRound(db, 'e2e-parcel-b', SHIP_DATE, '月城レイ');
  ids.a = await addParcelBox(db, roundA, roundA.userId, { key: parcelKey(SHIP_DATE), carriesFee: true }, SHIP_DATE);
  ids.b = await addParcelBox(db, roundB, roundA.userId, { key: null, carriesFee: false }, SHIP_DATE);
  await insertSession(db, { token: FAN_SESSION, userId: roundA.userId, expiresAt: new Date(Date.now() + 86_400_000) });
  browser = await launchBrowser({ javaScriptEnabled: false });
  await browser.context.addCookies([
    { name: STAFF_COOKIE, value: await consoleMemberSession(stack, 'fulfilment', 'e2e-parcel.example'), url: consoleOrigin },
    { name: SESSION_COOKIE, value: FAN_SESSION, url: stack.webUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await closeConsole?.();
  await stack?.close();
});

it("fulfilment sees the parcel in one round's file and the other round's page says so", async () => {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${consoleOrigin}/rounds/${roundB.roundId}`);
  const elsewhere = page.getByTestId('round-elsewhere');
  await elsewhere.getByRole('heading', { name: '他のお届け回と同梱の箱' }).waitFor();
  await elsewhere.getByRole('link', { name: `1箱は 星乃ミライ 12月号（お届け回 ${roundA.roundId}）と同梱で、そちらのファイルに載ります（注文番号 ${ids.b}）` }).waitFor();
  await snapAtWidths(page, SHOTS, 'console-round-elsewhere', { restoreWidth: 1280 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  await elsewhere.getByRole('link').click();
  await page.getByRole('heading', { name: /星乃ミライ .* 12月号/, level: 1 }).waitFor();
  await page.getByLabel('レイアウト').selectOption('yamato-b2');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'ダウンロード' }).click()]);
  const [header, ...rows] = parse(iconv.decode(readFileSync((await download.path())!), 'cp932')) as string[][];
  expect(rows).toHaveLength(1);
  expect(rows[0]![header!.indexOf('お客様管理番号')]).toBe(String(ids.a));
  expect(rows[0]![header!.indexOf('品名１')]).toBe('星乃ミライ 12月号×1/月城レイ 12月号×1');
  expect(rows[0]![header!.indexOf('品名２')]).toBe('数量 2');
  await page.close();
}, 60_000);

it("the fan's order history and receipt show the parcel, with JavaScript off", async () => {
  // The carrier's slips, issued: one tracking number for the parcel's number.
  const imported = await request(stack.api).post('/ops/shipments/import').set('authorization', `Bearer ${TEST_OPS_TOKEN}`)
    .send({ csv: `注文番号,配送業者,追跡番号\r\n${ids.a},yamato,400011112222\r\n` });
  expect(imported.body).toMatchObject({ applied: 1, refused: [] });

  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${stack.webUrl}${href('orderHistory')}`);
  const cardOf = (id: number) => page.locator(`article[aria-labelledby="order-${id}"]`);
  for (const id of [ids.a, ids.b]) {
    const parcel = cardOf(id).getByTestId('order-parcel');
    await parcel.getByText(PARCEL_LINE).waitFor();
    await parcel.getByText(/400011112222/).waitFor();
  }
  await cardOf(ids.a).getByText(/送料（同梱1個口分） ¥660/).waitFor();
  await cardOf(ids.b).getByText(PAID_WITH).waitFor();
  // The tracking number once per card: in the parcel's block.
  expect(await cardOf(ids.b).getByText(/400011112222/).count()).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await snapAtWidths(page, SHOTS, 'order-history-parcel', { restoreWidth: 390 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await cardOf(ids.b).getByRole('link', { name: '領収書を発行する' }).click();
  await page.getByRole('textbox', { name: '宛名' }).fill('推野 花子');
  await page.getByRole('button', { name: '領収書を発行する' }).click();
  const sheet = page.locator('.receipt-sheet');
  await sheet.getByText('推野 花子').waitFor();
  await sheet.getByTestId('receipt-parcel').getByText(PARCEL_LINE).waitFor();
  await sheet.getByText(PAID_WITH).waitFor();
  await snapAtWidths(page, SHOTS, 'receipt-parcel', { restoreWidth: 1280 });
  await page.close();
}, 60_000);
