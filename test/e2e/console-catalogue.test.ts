import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../api/password/password-hash.ts';
import { newTotpSecret, totpCodeAt } from '../../api/staff/totp.ts';
import { freePorts } from '../integration/process-fixtures.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { createConsoleApp } from '../support/console.ts';
import { CONSOLE_PASSWORD, logIn } from '../support/console-browser.ts';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { startStack, type Stack } from '../support/stack.ts';

/**
 * The catalogue member's journey (issue 19), in Chromium against the console and the API: sign in
 * with two factors, upload an artist's cover (a real PNG), change a plan's price through the
 * confirm step, and the subscriber's mail arrives over SMTP. axe and a screenshot on each page.
 * Everything lives in the stack's in-memory database, gone when it closes.
 */
const OUT = path.resolve('test-results/screenshots');
const EMAIL = 'catalogue-e2e@oshibox.example';
const FAN = `fan-${Date.now()}@example.com`;
const DAY = 86_400_000;
let mailbox: Mailbox;
let stack: Stack;
let server: Server;
let origin: string;
let browser: Browser;
let secret: string;

/** A plan whose open round closes in 10 days, with one subscriber (real-clock dates: the stack runs on it). */
async function seedShop(): Promise<void> {
  const db = stack.database.handle.db;
  const now = Date.now();
  const artist = await db.insertInto('artists').values({ slug: 'e2e-catalogue', name: 'カタログE2E', type: 'VTUBER', attribute: JSON.stringify({ links: [] }) })
    .returning('id').executeTakeFirstOrThrow();
  const plan = await db.insertInto('plans').values({ artist_id: artist.id, name: 'ライトプラン', price: 3300, pre_tax_price: 3000 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('plan_orders').values({
    plan_id: plan.id, name: '受付中の回', price: 3300, pre_tax_price: 3000, start_date: new Date(now - 5 * DAY), end_date: new Date(now + 10 * DAY), ship_date: new Date(now + 40 * DAY),
  }).execute();
  const user = await db.insertInto('users').values({ email: FAN, password_hash: 'scrypt$salt$hash', name: '推野 花子' }).returning('id').executeTakeFirstOrThrow();
  const at = new Date(now - 20 * DAY);
  await db.insertInto('user_plans').values({ user_id: user.id, plan_id: plan.id, status: 'ACTIVE', created_at: at, updated_at: at }).execute();
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  const [port = 0] = await freePorts(1);
  origin = `http://127.0.0.1:${port}`;
  mailbox = await startMailbox();
  // The API takes staff calls from its PUBLIC_ORIGIN when no ADMIN_ORIGIN is given: the console's here.
  stack = await startStack({ seed: false, env: { SMTP_URL: mailbox.url, PUBLIC_ORIGIN: origin } });
  const app = createConsoleApp(stack, { ADMIN_ORIGIN: origin });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
  });
  secret = newTotpSecret();
  const now = new Date();
  await stack.database.handle.db.insertInto('staff').values({
    email: EMAIL, role: 'catalogue', password_hash: await hashPassword('e2e', CONSOLE_PASSWORD), totp_secret: secret, enrolled_at: now, created_at: now, updated_at: now,
  }).execute();
  await seedShop();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await stack?.close();
  await mailbox?.close();
});

async function checkPage(page: Page, name: string): Promise<void> {
  await waitForHydration(page);
  expect(await seriousAxeViolations(page, name)).toEqual([]);
  await page.screenshot({ path: path.join(OUT, `console-catalogue-${name}.png`), fullPage: true });
}

describe('a catalogue member', () => {
  it('uploads a cover and changes a price; the subscriber is mailed', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/login`);
    await logIn(page, EMAIL, totpCodeAt(secret, new Date()));
    await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: 'カタログ' }).click();
    await page.getByRole('link', { name: 'カタログE2E' }).waitFor();
    await checkPage(page, 'list');

    await page.getByRole('link', { name: 'アーティストを追加' }).click();
    await page.getByRole('heading', { name: 'アーティストを追加' }).waitFor();
    await checkPage(page, 'new-artist');
    await page.goBack();

    await page.getByRole('link', { name: 'カタログE2E' }).click();
    await page.getByRole('link', { name: 'カバーをアップロード' }).click();
    await page.getByRole('heading', { name: '画像のアップロード' }).waitFor();
    await checkPage(page, 'upload');
    const png = await sharp({ create: { width: 2400, height: 1350, channels: 3, background: '#e05a8a' } }).png().toBuffer();
    await page.locator('input[name="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'アップロードする' }).click();
    const cover = page.getByRole('img', { name: '現在のカバー' });
    await expect.poll(() => cover.getAttribute('src')).toMatch(/^\/api\/media\/uploads\/cover\/[0-9a-f]{32}\.webp$/);
    await checkPage(page, 'artist');

    await page.getByRole('link', { name: 'ライトプラン' }).click();
    await page.getByRole('heading', { name: '価格の変更' }).waitFor();
    await page.getByLabel('新しい価格（税抜・円）').fill('4000');
    await page.getByRole('button', { name: '確認する' }).click();
    const confirm = page.getByRole('region', { name: '価格変更の確認' });
    await expect.poll(() => confirm.innerText()).toContain('新しい価格は「受付中の回」');
    expect(await confirm.innerText()).toContain('→ ¥4,400（税込）');
    expect(await confirm.innerText()).toContain('定期便の会員 1 名に');
    await checkPage(page, 'price-confirm');
    await confirm.getByRole('button', { name: 'この内容で価格を変更する' }).click();
    await page.getByRole('status').filter({ hasText: '価格を変更しました。' }).waitFor();
    await checkPage(page, 'plan');
    await page.getByRole('link', { name: '受付中の回' }).click();
    await page.getByRole('heading', { name: '受付中の回' }).waitFor();
    await checkPage(page, 'round');
    for (const [path, heading] of [['/catalogue/news', 'お知らせ'], ['/catalogue/banners', 'バナー']] as const) {
      await page.goto(`${origin}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await checkPage(page, path.split('/').at(-1) ?? path);
    }

    const mail = await mailbox.waitFor(FAN, (m) => m.subject.includes('価格改定'));
    expect(mail.text).toContain('1回のお届け ¥3,960（税込・送料込） → ¥5,060（税込・送料込）');
    expect(browser.errors).toEqual([]);
    await page.close();
  }, 60_000);
});
