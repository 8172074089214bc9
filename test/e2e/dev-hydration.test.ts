import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { launchBrowser, waitForHydration } from '../support/browser.ts';
import { buildDevelopment, type DevBuild } from '../support/dev-build.ts';
import { startMailbox } from '../support/mailbox.ts';
import { signInBrowser, signUpViaApi, type ProfileShop } from '../support/profile-shop.ts';
import { listPublicPages } from '../support/public-pages.ts';
import { startStack } from '../support/stack.ts';
import { registerCard, seedSubscriptionCatalogue } from '../support/subscription-shop.ts';

/**
 * Every kind of page, server-rendered and then hydrated by the development build (`npm run dev`),
 * where React reports a tree that differs between the two (a `useId` that does not match, a text
 * that changed). Any such report, or any other console error, fails the test.
 */
const HYDRATION_REPORT = /hydrat|did not match|didn't match|recoverable|server rendered/i;
const shop = {} as ProfileShop;
let build: DevBuild;

beforeAll(async () => {
  build = buildDevelopment();
  shop.mailbox = await startMailbox();
  shop.stack = await startStack({ env: { SMTP_URL: shop.mailbox.url }, clientDir: build.clientDir });
  shop.browser = await launchBrowser();
});

afterAll(async () => {
  await shop.browser?.close();
  await shop.stack?.close();
  await shop.mailbox?.close();
  build?.remove();
});

/** The pages of a signed-in fan with a card and one subscription: my page, checkout, receipt. */
async function myPages(): Promise<{ name: string; path: string }[]> {
  const db = shop.stack.database.handle.db;
  const { slug, light, premium } = await seedSubscriptionCatalogue(db, 'dev-hydration-artist');
  // Pictures of a demo artist: the bare test artist has none, and an empty `src` is a warning of its own.
  const pictures = await db.selectFrom('artists').select(['icon', 'cover_image']).where('slug', '!=', slug).executeTakeFirstOrThrow();
  await db.updateTable('artists').set(pictures).where('slug', '=', slug).execute();
  const fan = await signUpViaApi(shop);
  await registerCard(shop, fan);
  const res = await request(shop.stack.api).post('/api/userPlan').set('cookie', `${SESSION_COOKIE}=${fan.session}`)
    .set('idempotency-key', `dev-hydration-${fan.userId}`).send({ planId: light });
  expect(res.status, res.text).toBe(201);
  const order = await db.selectFrom('plan_order_histories').select('id').where('user_id', '=', fan.userId).executeTakeFirstOrThrow();
  await signInBrowser(shop.browser, shop, fan);
  return [
    { name: 'profile', path: href('profile') },
    { name: 'profile-password', path: href('profilePassword') },
    { name: 'profile-email', path: href('profileEmail') },
    { name: 'profile-payment', path: href('profilePayment') },
    { name: 'profile-address', path: href('profileAddress') },
    { name: 'my-plans', path: href('plan') },
    { name: 'plan-delete', path: href('planDelete', { slug, planId: light }) },
    { name: 'order-history', path: href('orderHistory') },
    { name: 'receipt', path: href('receipt', { id: order.id }) },
    { name: 'checkout', path: href('checkout', { slug, planId: premium }) },
    { name: 'complete', path: href('complete', { slug, planId: light }) },
  ];
}

/** Opens each page in turn; returns what the browser reported, one line each, named by page. */
async function reportsWhileHydrating(pages: { name: string; path: string }[]): Promise<string[]> {
  const reports: string[] = [];
  const page = await shop.browser.newPage();
  let current = '';
  page.on('console', (msg) => {
    if (msg.type() === 'error' || HYDRATION_REPORT.test(msg.text())) reports.push(`${current}: [${msg.type()}] ${msg.text().slice(0, 600)}`);
  });
  page.on('pageerror', (error) => reports.push(`${current}: ${error.message}`));
  for (const { name, path: target } of pages) {
    current = name;
    await page.goto(`${shop.stack.webUrl}${target}`);
    await waitForHydration(page);
    // Whatever React logs after the commit that marks the page hydrated is seen before leaving.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  }
  await page.close();
  // The not-found page's own document answers 404, which Chromium reports as a failed resource.
  return reports.filter((line) => !/^not-found: \[error\] Failed to load resource: .* 404/.test(line));
}

describe('the development build', () => {
  it('serves React development bundles, which report hydration mismatches', () => {
    const assets = path.join(build.clientDir, 'assets');
    const entry = readdirSync(assets).find((f) => f.startsWith('entry.client-') && f.endsWith('.js')) ?? '';
    expect(readFileSync(path.join(assets, entry), 'utf8')).toContain('A tree hydrated but some attributes');
  });

  it('hydrates every kind of page without a mismatch or console error', { timeout: 120_000 }, async () => {
    // A few in English too (`?lang=en`: the server renders English from the first byte).
    const english = [href('lineup'), href('transactions'), href('profile')].map((path) => ({ name: `${path} (English)`, path: `${path}?lang=en` }));
    // The public pages first, as a visitor sees them (the sign-in page shows a form only then).
    const reports = await reportsWhileHydrating(await listPublicPages(shop.stack));
    reports.push(...(await reportsWhileHydrating([...(await myPages()), ...english])));
    expect(reports).toEqual([]);
  });
});
