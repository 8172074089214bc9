import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import { adminHref } from '../../shared/admin-routes.ts';
import { href } from '../../shared/routes.ts';
import { insertSession } from '../integration/api-fixtures.ts';
import { insertShopper } from '../integration/dashboard-fixtures.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { consoleMemberSession, startStackWithConsole } from '../support/console.ts';
import { insertHistory, insertSubscription, seedHistoryShop, type HistoryShop } from '../support/order-history-rows.ts';
import type { Stack } from '../support/stack.ts';

/**
 * Issue 33 in Chromium with JavaScript off: a catalogue member attaches a picture and a code list
 * to a round in the console (a multipart form post), and a milestone code to the artist; the fan
 * whose box of that round was delivered finds them on /mypage/tokuten, downloads the picture
 * (a form post answered with the signed link) and reads their code; the next round's box, on its
 * way, shows only 「お届け後に開きます」. Screenshots at 390 and 1280 px: VAULT_SHOTS=<dir>.
 */
const SHOTS = process.env.VAULT_SHOTS ?? path.resolve('test-results/screenshots/vault');
const DAY = 86_400_000;
const PICTURE = 'ひみつの壁紙（限定）';
const LOCKED_NAME = 'まだ秘密のボイス';
let stack: Stack;
let consoleOrigin: string;
let closeConsole: () => Promise<void>;
let plain: Browser;
let shop: HistoryShop;
let fanSession: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ({ stack, consoleOrigin, closeConsole } = await startStackWithConsole({ seed: false }));
  const db = stack.database.handle.db;
  shop = await seedHistoryShop(db, 'e2e-vault-artist');
  // Rounds that shipped a month ago and ship next month, so the clock of the stack (now) sits between.
  const now = Date.now();
  await db.updateTable('plan_orders').set({ ship_date: new Date(now - 20 * DAY), end_date: new Date(now - 30 * DAY) }).where('id', '=', shop.decemberRound).execute();
  await db.updateTable('plan_orders').set({ ship_date: new Date(now + 10 * DAY), end_date: new Date(now - DAY) }).where('id', '=', shop.januaryRound).execute();
  const userId = await insertShopper(db);
  const userPlanId = await insertSubscription(db, userId, shop, new Date(now - 60 * DAY));
  await insertHistory(db, { userId, userPlanId, shop }, {
    payment_status: 'DELIVERED', ship_number: '1234-5678-9012', carrier: 'yamato', shipped_at: new Date(now - 19 * DAY), delivered_at: new Date(now - 18 * DAY),
  });
  await insertHistory(db, { userId, userPlanId, shop }, { plan_order_id: shop.januaryRound, payment_status: 'WAITING' });
  fanSession = `vault-e2e-${now}`;
  await insertSession(db, { token: fanSession, userId, expiresAt: new Date(now + DAY), secureUntil: new Date(now + DAY) });
  plain = await launchBrowser({ javaScriptEnabled: false });
});
afterAll(async () => {
  await plain?.close();
  await closeConsole?.();
  await stack?.close();
});

async function consolePage(): Promise<Page> {
  await plain.context.clearCookies();
  await plain.context.addCookies([{ name: STAFF_COOKIE, value: await consoleMemberSession(stack, 'catalogue', `vault-${Math.random().toString(36).slice(2, 7)}.example`), url: consoleOrigin }]);
  return plain.newPage();
}

async function fanPage(): Promise<Page> {
  await plain.context.clearCookies();
  await plain.context.addCookies([{ name: SESSION_COOKIE, value: fanSession, url: stack.webUrl, httpOnly: true, sameSite: 'Lax' }]);
  return plain.newPage();
}

async function addFile(page: Page, name: string, file: { name: string; mimeType: string; buffer: Buffer }, milestone?: string) {
  const form = page.locator('form', { has: page.locator('input[name="intent"][value="file"]') });
  if (milestone) await form.getByLabel('継続回数').fill(milestone);
  await form.getByLabel('名前（ファンに表示）').fill(name);
  await form.getByLabel('ファイル', { exact: true }).setInputFiles(file);
  await form.getByRole('button', { name: 'アップロードする' }).click();
  await page.waitForLoadState();
}

async function addCodes(page: Page, name: string, codes: string, milestone?: string) {
  const form = page.locator('form', { has: page.locator('input[name="intent"][value="codes"]') });
  if (milestone) await form.getByLabel('継続回数').fill(milestone);
  await form.getByLabel('名前（ファンに表示）').fill(name);
  await form.getByLabel('コード（1行に1つ）').fill(codes);
  await form.getByRole('button', { name: 'コードを登録する' }).click();
  await page.waitForLoadState();
}

describe('特典 without JavaScript', () => {
  it('the console attaches a picture and codes to a round, refusing a program named .png with the field’s message', async () => {
    const page = await consolePage();
    await page.goto(`${consoleOrigin}${adminHref('catalogueRound', { id: String(shop.decemberRound) })}`);
    await page.getByRole('link', { name: /特典/ }).click();
    await page.waitForURL(`${consoleOrigin}${adminHref('catalogueRoundBonuses', { id: String(shop.decemberRound) })}`);
    await addFile(page, 'photo', { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) });
    await page.getByText('ファイルは画像（PNG・JPEG・WebP）').waitFor();
    const png = await sharp({ create: { width: 3200, height: 1800, channels: 3, background: { r: 240, g: 120, b: 170 } } }).png().toBuffer();
    await addFile(page, PICTURE, { name: 'wallpaper.png', mimeType: 'image/png', buffer: png });
    await addCodes(page, 'ボイスのシリアル', 'VOICE-0001\nVOICE-0002\n');
    const rows = page.locator('.bonus-table tbody tr');
    await rows.filter({ hasText: PICTURE }).getByText('画像').waitFor();
    await rows.filter({ hasText: 'ボイスのシリアル' }).getByText('残りのコード: 2 / 2').waitFor();
    // At 390 px the page does not scroll sideways (the table scrolls inside its own region).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SHOTS, 'console-round-390.png'), fullPage: true });
    // The next round's 特典 (the fan's box is on its way) and the artist's milestone at 1 and 6.
    await page.goto(`${consoleOrigin}${adminHref('catalogueRoundBonuses', { id: String(shop.januaryRound) })}`);
    await addFile(page, LOCKED_NAME, { name: 'voice.mp3', mimeType: 'audio/mpeg', buffer: Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0'), Buffer.alloc(4000, 0x55)]) });
    const artistId = String((await stack.database.handle.db.selectFrom('plans').select('artist_id').where('id', '=', shop.planId).executeTakeFirstOrThrow()).artist_id);
    await page.goto(`${consoleOrigin}${adminHref('catalogueArtistBonuses', { id: artistId })}`);
    await addCodes(page, '1回目ありがとうコード', 'THANKS-1\n', '1');
    await addFile(page, '半年記念の手紙', { name: 'letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }, '6');
    await page.locator('.bonus-table tbody tr').filter({ hasText: '半年記念の手紙' }).getByText('継続6回の特典').waitFor();
    await page.close();
  });

  it('the fan downloads the picture and reads the code; the box on its way names nothing; screenshots at 390 and 1280', async () => {
    const page = await fanPage();
    await page.goto(`${stack.webUrl}${href('vault')}`);
    const opened = page.locator('.vault-card', { hasText: PICTURE });
    await opened.getByText('VOICE-0001').waitFor();
    await page.getByText('お届け後に開きます').waitFor();
    expect(await page.content()).not.toContain(LOCKED_NAME);
    await page.locator('.vault-milestone', { hasText: '継続1回の特典' }).getByText('THANKS-1').waitFor();
    await page.getByText('次の継続特典: 継続6回の特典').waitFor();

    const item = opened.locator('.vault-item', { hasText: PICTURE });
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'ダウンロード' }).click()]);
    const bytes = readFileSync((await download.path())!);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 2400, height: 1350 });
    const counted = await stack.database.handle.db.selectFrom('bonus_downloads').select('count').executeTakeFirstOrThrow();
    expect(counted.count).toBe(1);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(SHOTS, `vault-${width}.png`), fullPage: true });
    }
    await page.close();
  });

  it('reads the same with JavaScript, with no serious axe violation', async () => {
    const browser = await launchBrowser();
    try {
      await browser.context.addCookies([{ name: SESSION_COOKIE, value: fanSession, url: stack.webUrl, httpOnly: true, sameSite: 'Lax' }]);
      const page = await browser.newPage();
      await page.goto(`${stack.webUrl}${href('vault')}`);
      await waitForHydration(page);
      await page.getByText('VOICE-0001').waitFor();
      expect(await seriousAxeViolations(page, 'vault')).toEqual([]);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
