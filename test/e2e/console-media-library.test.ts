import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashPassword } from '../../api/password/password-hash.ts';
import { newTotpSecret, totpCodeAt } from '../../api/staff/totp.ts';
import { freePorts } from '../integration/process-fixtures.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { createConsoleApp } from '../support/console.ts';
import { CONSOLE_PASSWORD, logIn } from '../support/console-browser.ts';
import { startStack, type Stack } from '../support/stack.ts';

/**
 * The media library (issue 32) in Chromium: a catalogue member uploads two pictures, sees them in
 * the library (name, size, where used), picks one for an artist's icon from the thumbnail grid
 * (JavaScript on) and the other from the plain <select> (JavaScript off), and cannot delete the
 * one in use (the refusal says where) but can delete one nothing uses.
 */
const SHOTS = process.env.MEDIA_LIBRARY_SHOTS ?? path.resolve('test-results/screenshots');
const EMAIL = 'media-e2e@oshibox.example';
const ARTIST = 'メディアE2E';
let stack: Stack;
let server: Server;
let origin: string;
let browser: Browser;
let plain: Browser;
let secret: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const [port = 0] = await freePorts(1);
  origin = `http://127.0.0.1:${port}`;
  stack = await startStack({ seed: false, env: { PUBLIC_ORIGIN: origin } });
  const app = createConsoleApp(stack, { ADMIN_ORIGIN: origin });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  secret = newTotpSecret();
  const now = new Date();
  const db = stack.database.handle.db;
  await db.insertInto('staff').values({
    email: EMAIL, role: 'catalogue', password_hash: await hashPassword('e2e', CONSOLE_PASSWORD), totp_secret: secret, enrolled_at: now, created_at: now, updated_at: now,
  }).execute();
  await db.insertInto('artists').values({ slug: 'e2e-media', name: ARTIST, type: 'VTUBER', attribute: JSON.stringify({ links: [] }) }).execute();
  browser = await launchBrowser();
  plain = await launchBrowser({ javaScriptEnabled: false });
});
afterAll(async () => {
  await browser?.close();
  await plain?.close();
  await new Promise((resolve) => server?.close(resolve));
  await stack?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function upload(page: Page, name: string, background: string): Promise<void> {
  await page.goto(`${origin}/catalogue/images?kind=icon`);
  await waitForHydration(page);
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background } }).png().toBuffer();
  await page.locator('input[name="file"]').setInputFiles({ name, mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'アップロードする' }).click();
  await page.getByText('アップロードしました。').waitFor();
}

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

it('picks an uploaded picture for an artist with and without JavaScript; a picture in use is not deleted', async () => {
  const page = await browser.newPage();
  await page.goto(`${origin}/login`);
  await logIn(page, EMAIL, totpCodeAt(secret, new Date()));
  await upload(page, 'blue-icon.png', '#3060c0');
  await upload(page, 'pink-icon.png', '#e05a8a');
  await upload(page, 'spare-icon.png', '#40a060');

  // JavaScript on: the thumbnail grid.
  await page.goto(`${origin}/catalogue`);
  await page.getByRole('link', { name: ARTIST }).click();
  await waitForHydration(page);
  const icon = page.getByRole('group', { name: 'アイコン画像' });
  await icon.getByRole('radio', { name: 'blue-icon.png' }).check();
  await shot(page, 'artist-picker');
  expect(await seriousAxeViolations(page, 'artist-picker')).toEqual([]);
  await page.getByRole('button', { name: '保存する' }).click();
  const current = page.getByRole('img', { name: '現在のアイコン' });
  await expect.poll(() => current.getAttribute('src')).toMatch(/^\/api\/media\/uploads\/icon\/[0-9a-f]{32}\.webp$/);
  const blue = await current.getAttribute('src');
  await expect.poll(() => icon.getByRole('radio', { name: 'blue-icon.png' }).isChecked()).toBe(true);

  // The library: each picture with its name, size and where it is used.
  await page.getByRole('link', { name: 'メディアライブラリ（アップロード・削除）' }).first().click();
  await page.getByRole('heading', { name: 'メディアライブラリ', level: 1 }).waitFor();
  await expect.poll(() => card(page, 'blue-icon.png').innerText()).toContain(`アーティストのアイコン（${ARTIST}）`);
  expect(await card(page, 'pink-icon.png').innerText()).toMatch(/\d+ KB[\s\S]*未使用/);
  expect(await seriousAxeViolations(page, 'media-library')).toEqual([]);
  await shot(page, 'media-library');

  // A picture in use is refused, saying where; one nothing uses goes.
  await page.getByRole('button', { name: '削除する: blue-icon.png' }).click();
  await expect.poll(() => page.getByRole('alert').innerText()).toContain(`この画像は使われているため削除できません。先に次の画像を変えてください: アーティストのアイコン（${ARTIST}）`);
  await shot(page, 'media-library-refused');
  await page.getByRole('button', { name: '削除する: spare-icon.png' }).click();
  await page.getByRole('status').filter({ hasText: '画像を削除しました。' }).waitFor();
  expect(await page.getByRole('heading', { name: 'spare-icon.png' }).count()).toBe(0);

  // JavaScript off, in the same session: the plain <select> of the library.
  await plain.context.addCookies(await browser.context.cookies());
  const nojs = await plain.newPage();
  await nojs.goto(`${origin}/catalogue`);
  await nojs.getByRole('link', { name: ARTIST }).click();
  const select = nojs.getByLabel('アイコン画像');
  expect(await select.inputValue()).toBe(blue);
  await select.selectOption({ label: 'pink-icon.png' });
  await shot(nojs, 'artist-select-nojs');
  await nojs.getByRole('button', { name: '保存する' }).click();
  await expect.poll(() => nojs.getByRole('img', { name: '現在のアイコン' }).getAttribute('src')).not.toBe(blue);
  expect(await nojs.getByLabel('アイコン画像').locator('option:checked').innerText()).toBe('pink-icon.png');

  // A banner's picture is required: the grid offers the library's pictures and no "no picture".
  await page.goto(`${origin}/catalogue/banners`);
  await waitForHydration(page);
  const banner = page.getByRole('group', { name: '画像' });
  await expect.poll(() => banner.getByRole('radio').count()).toBe(2);
  expect(await banner.getByRole('radio', { name: '（画像なし）' }).count()).toBe(0);
  await shot(page, 'banner-picker');
});
