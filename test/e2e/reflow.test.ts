import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { withEnglish } from '../../shared/lang-rule.ts';
import { href } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { insertHistory, insertSubscription, seedHistoryShop } from '../support/order-history-rows.ts';
import { signInBrowser, signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';
import { listPublicPages } from '../support/public-pages.ts';
import { measureReflow } from '../support/reflow.ts';
import { registerCard, seedSubscriptionCatalogue, type E2eCatalogue } from '../support/subscription-shop.ts';

/**
 * WCAG 1.4.10 (reflow): at 320 CSS px nothing scrolls sideways and no box cuts its content off,
 * on every page a shopper can open, in Japanese and in English: the public pages (an artist and
 * its tier page among them), then checkout, completion and all of my page signed in as a
 * subscriber with a shipped order (timelines opened). One browser page walks them all, one sign-in.
 * Full-page screenshots at 320 px go to REFLOW_SCREENSHOTS=<dir> when set.
 */
const WIDTH = 320;
const SCREENSHOTS = process.env.REFLOW_SCREENSHOTS;
const shop = useProfileShop({ seed: true });
let catalogue: E2eCatalogue;
let subscriber: TestUser;
let receiptId: number;

/**
 * Made after the public pages are walked: these test artists have no pictures, and their cards in
 * the lineup would render `src=""` (a React warning, which fails the test).
 */
async function seedSubscriber(): Promise<void> {
  const db = shop.stack.database.handle.db;
  catalogue = await seedSubscriptionCatalogue(db, 'reflow-artist');
  subscriber = await signUpViaApi(shop);
  await registerCard(shop, subscriber);
  const res = await request(shop.stack.api).post('/api/userPlan').set('cookie', `${SESSION_COOKIE}=${subscriber.session}`)
    .set('idempotency-key', `reflow-${subscriber.userId}-key`).send({ planId: catalogue.light });
  if (res.status !== 201) throw new Error(`subscribing failed: ${res.status} ${res.text}`);
  const history = await seedHistoryShop(db, 'reflow-history');
  const userPlanId = await insertSubscription(db, subscriber.userId, history, new Date(), 'CANCELLED');
  receiptId = await insertHistory(db, { userId: subscriber.userId, userPlanId, shop: history }, { payment_status: 'SHIPSTART', ship_number: '1234-5678-9012', carrier: 'yamato' });
}

function memberPages(): { name: string; path: string }[] {
  const { slug, light, premium } = catalogue;
  return [
    { name: 'checkout', path: href('checkout', { slug, planId: premium }) },
    { name: 'complete', path: href('complete', { slug, planId: light }) },
    { name: 'my-plans', path: href('plan') },
    { name: 'plan-delete', path: href('planDelete', { slug, planId: light }) },
    { name: 'order-history', path: href('orderHistory') },
    { name: 'receipt', path: href('receipt', { id: receiptId }) },
    { name: 'profile', path: href('profile') },
    { name: 'profile-address', path: href('profileAddress') },
    { name: 'profile-email', path: href('profileEmail') },
    { name: 'profile-password', path: href('profilePassword') },
    { name: 'profile-payment', path: href('profilePayment') },
  ];
}

/** What the current test found; each test starts empty. */
const problems: string[] = [];
let page: Page;

/**
 * Opens a page at 320 px, in Japanese and then in English (longer words), and notes each that is
 * wider than that, naming the widest element.
 */
async function visit(target: { name: string; path: string }): Promise<void> {
  await visitIn(target, false);
  await visitIn({ name: `${target.name}-en`, path: target.path }, true);
}

async function visitIn({ name, path }: { name: string; path: string }, english: boolean): Promise<void> {
  await page.goto(`${shop.stack.webUrl}${withEnglish(path, '', english)}`);
  await waitForHydration(page);
  expect(new URL(page.url()).pathname, `${name} was not redirected`).toBe(path);
  await page.evaluate(() => document.fonts.ready);
  // Disclosures count open: the order timeline is part of the page a shopper reads.
  await page.locator('details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
  const { scrollWidth, widest, clipped } = await measureReflow(page);
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}-${WIDTH}.png`), fullPage: true, animations: 'disabled' });
  if (scrollWidth > WIDTH) problems.push(`${name} (${path}) is ${scrollWidth}px wide; widest: ${widest ?? 'not found'}`);
  for (const box of clipped) problems.push(`${name} (${path}) cuts off ${box}`);
}

beforeAll(async () => {
  if (SCREENSHOTS) mkdirSync(SCREENSHOTS, { recursive: true });
  page = await shop.browser.newPage();
  await page.setViewportSize({ width: WIDTH, height: 800 });
});

describe('reflow at 320 px', () => {
  beforeEach(() => {
    problems.length = 0;
  });

  it('no public page scrolls sideways', async () => {
    await shop.browser.context.clearCookies();
    for (const target of await listPublicPages(shop.stack)) await visit(target);
    expect(problems).toEqual([]);
  }, 120_000);

  it('no page of checkout or my page scrolls sideways for a subscriber', async () => {
    await seedSubscriber();
    await signInBrowser(shop.browser, shop, subscriber);
    for (const target of memberPages()) await visit(target);
    await page.close();
    expect(problems).toEqual([]);
    expect(shop.browser.errors.filter((e) => !e.includes('404'))).toEqual([]);
  }, 120_000);
});
