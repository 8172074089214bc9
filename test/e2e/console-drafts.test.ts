import type { Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../api/password/password-hash.ts';
import { newTotpSecret, totpCodeAt } from '../../api/staff/totp.ts';
import { freePorts } from '../integration/process-fixtures.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { createConsoleApp } from '../support/console.ts';
import { snapAtWidths } from '../support/screenshots.ts';
import { startStack, type Stack } from '../support/stack.ts';

/**
 * Issue 32, drafts and publishing in Chromium, with JavaScript and without: a catalogue member
 * adds an artist (a draft), previews it under the 「プレビュー（未公開）」 banner, the shop answers
 * 404 for it, publishes it, and the shop shows it. DRAFTS_SCREENSHOTS=<dir> keeps the list with
 * its state badges and the preview at 390 and 1280 px.
 */
const SHOTS = process.env.DRAFTS_SCREENSHOTS;
const PASSWORD = 'console-pass-1';
const EMAIL = 'drafts-e2e@oshibox.example';
let stack: Stack;
let server: Server;
let origin: string;
let secret: string;
const browsers: Browser[] = [];

beforeAll(async () => {
  const [port = 0] = await freePorts(1);
  origin = `http://127.0.0.1:${port}`;
  stack = await startStack({ seed: false, env: { PUBLIC_ORIGIN: origin } });
  server = await new Promise<Server>((resolve) => {
    const s = createConsoleApp(stack, { ADMIN_ORIGIN: origin }).listen(port, '127.0.0.1', () => resolve(s));
  });
  secret = newTotpSecret();
  const now = new Date();
  await stack.database.handle.db.insertInto('staff').values({
    email: EMAIL, role: 'catalogue', password_hash: await hashPassword('e2e', PASSWORD), totp_secret: secret, enrolled_at: now, created_at: now, updated_at: now,
  }).execute();
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await new Promise((resolve) => server?.close(resolve));
  await stack?.close();
});

async function signIn(page: Page, js: boolean, step: number): Promise<void> {
  await page.goto(`${origin}/login`);
  if (js) await waitForHydration(page);
  await page.locator('input[name="email"]').fill(EMAIL);
  await page.locator('input[name="password"]').fill(PASSWORD);
  // A code is taken once: the second sign-in uses the next one.
  await page.locator('input[name="otp"]').fill(totpCodeAt(secret, new Date(Date.now() + step * 30_000)));
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.getByRole('navigation', { name: '管理メニュー' }).waitFor();
}

const PLAN = '下書きのプラン';

/** A draft plan with a round open now, as the artist page's form would add it (the form is tested in console-catalogue). */
async function addDraftPlan(slug: string): Promise<void> {
  const db = stack.database.handle.db;
  const { id } = await db.selectFrom('artists').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  const plan = await db.insertInto('plans').values({ artist_id: id, name: PLAN, price: 3300, pre_tax_price: 3000, publish_state: 'draft' }).returning('id').executeTakeFirstOrThrow();
  const day = 86_400_000;
  await db.insertInto('plan_orders').values({
    plan_id: plan.id, name: '受付中の回', price: 3300, pre_tax_price: 3000, start_date: new Date(Date.now() - day), end_date: new Date(Date.now() + 10 * day), ship_date: new Date(Date.now() + 40 * day),
  }).execute();
}

async function shopStatus(slug: string): Promise<number> {
  return (await fetch(`${stack.webUrl}/lineup/${slug}`)).status;
}

for (const js of [true, false]) {
  describe(`a catalogue member, JavaScript ${js ? 'on' : 'off'}`, () => {
    it('adds a draft artist, previews it, the shop 404s; publishes it and the shop shows it', async () => {
      const browser = await launchBrowser({ javaScriptEnabled: js });
      browsers.push(browser);
      const page = await browser.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page, js, js ? 0 : 1);
      const slug = js ? 'draft-e2e' : 'draft-e2e-nojs';
      const name = js ? '下書きE2E' : '下書きE2E（JSなし）';

      await page.goto(`${origin}/catalogue/artists/new`);
      await page.locator('input[name="slug"]').fill(slug);
      await page.locator('input[name="name"]').fill(name);
      await page.getByRole('button', { name: '追加する' }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      const panel = page.getByRole('region', { name: '公開' });
      await expect.poll(() => panel.innerText()).toContain('下書き');
      expect(await shopStatus(slug)).toBe(404);
      if (js) await snapAtWidths(page, SHOTS, 'artist-panel', { restoreWidth: 1280 });

      await addDraftPlan(slug);
      await panel.getByRole('link', { name: 'プレビューを見る' }).click();
      const banner = page.getByRole('status').filter({ hasText: 'プレビュー（未公開）' });
      await banner.waitFor();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByRole('heading', { name: PLAN }).waitFor();
      if (js) await snapAtWidths(page, SHOTS, 'preview', { restoreWidth: 1280 });
      await banner.getByRole('link', { name: '編集に戻る' }).click();

      await page.getByRole('region', { name: '公開' }).getByRole('button', { name: '今すぐ公開する' }).click();
      await expect.poll(() => page.getByRole('region', { name: '公開' }).innerText()).toContain('公開中');
      expect(await shopStatus(slug)).toBe(200);
      const shop = await browser.newPage();
      await shop.goto(`${stack.webUrl}/lineup/${slug}`);
      await shop.getByRole('heading', { name, level: 1 }).waitFor();
      // The artist is published; its plan is still a draft, so the shop does not offer it.
      expect(await shop.getByRole('heading', { name: PLAN }).count()).toBe(0);
      await shop.close();

      if (js) {
        // Beside it, one of each other state, so the list shows every badge.
        const db = stack.database.handle.db;
        const row = (slug: string, n: string, state: string, at: Date | null) => ({ slug, name: n, type: 'OTHER', attribute: JSON.stringify({ links: [] }), publish_state: state, publish_at: at });
        await db.insertInto('artists').values([row('draft-e2e-b', '下書きのまま', 'draft', null), row('draft-e2e-c', '予約済み', 'published', new Date(Date.now() + 86_400_000))]).execute();
      }
      await page.goto(`${origin}/catalogue`);
      await page.getByRole('link', { name }).waitFor();
      if (js) await snapAtWidths(page, SHOTS, 'catalogue-list', { restoreWidth: 1280 });
      expect(browser.errors).toEqual([]);
      await page.close();
    }, 90_000);
  });
}
