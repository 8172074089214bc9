import { mkdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { waitForHydration, type Browser } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';
import { registerCard, seedSubscriptionCatalogue, type E2eCatalogue } from '../support/subscription-shop.ts';

/**
 * Issue 32 in Chromium at 390 px: the fan's cancel page asks why (optional) and offers skip,
 * pause or a cheaper plan, and the 解約する button stays in the first screen, above the offers
 * (特商法・消費者契約法: nothing stands between the fan and the cancellation). With JavaScript and
 * without. Screenshots at 390/1280 px go to CANCEL_SCREENSHOTS=<dir> when set.
 */
const shop = useProfileShop({ noJs: true });
const SCREENSHOTS = process.env.CANCEL_SCREENSHOTS;
const PHONE = { width: 390, height: 844 };
let catalogue: E2eCatalogue;

beforeAll(async () => {
  catalogue = await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'cancel-survey-artist');
});

/** A fan on the premium plan (so the light plan is the cheaper offer). */
async function subscriber(): Promise<TestUser> {
  const user = await signUpViaApi(shop);
  await registerCard(shop, user);
  const res = await request(shop.stack.api).post('/api/userPlan').set('cookie', `${SESSION_COOKIE}=${user.session}`)
    .set('idempotency-key', `cancel-e2e-${user.userId}`).send({ planId: catalogue.premium });
  expect(res.status, res.text).toBe(201);
  return user;
}

/** From My plans to the cancel page at 390 px, as a fan gets there. */
async function openCancelPage(browser: Browser, user: TestUser, js: boolean): Promise<Page> {
  await signInBrowser(browser, shop, user);
  const page = await browser.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`${shop.stack.webUrl}${href('plan')}`);
  if (js) await waitForHydration(page);
  await page.getByRole('link', { name: '解約する' }).click();
  await page.waitForURL((url) => url.pathname === href('planDelete', { slug: catalogue.slug, planId: catalogue.premium }));
  await page.getByRole('heading', { level: 1, name: 'プランの解約' }).waitFor();
  return page;
}

/** The cancel button is in the first screen without scrolling, and above every offer. */
async function expectCancelFirst(page: Page) {
  const cancel = await page.getByRole('button', { name: '解約する', exact: true }).boundingBox();
  const offers = await page.getByRole('region', { name: '解約のかわりに、こんな方法もあります' }).boundingBox();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(cancel).not.toBeNull();
  expect(offers).not.toBeNull();
  expect(cancel!.y + cancel!.height).toBeLessThanOrEqual(PHONE.height);
  expect(cancel!.y + cancel!.height).toBeLessThanOrEqual(offers!.y);
}

async function screenshots(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? PHONE.height : 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`) });
  }
  // The first screen above; the whole page (the offers and the rule below them) here.
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-390-full.png`), fullPage: true });
  await page.setViewportSize(PHONE);
}

const offerTexts = (page: Page) => page.locator('.cancel-offers button').allInnerTexts();
const planRow = (user: TestUser) => shop.stack.database.handle.db.selectFrom('user_plans').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
const offersOf = (user: TestUser) => shop.stack.database.handle.db.selectFrom('cancel_offers').selectAll().where('user_id', '=', user.userId).execute();

describe('the cancel page at 390 px', () => {
  it('with JavaScript: the offer that fits the reason comes first; 解約する with a reason and note cancels and records them', async () => {
    const user = await subscriber();
    const page = await openCancelPage(shop.browser, user, true);
    await waitForHydration(page);
    await expectCancelFirst(page);
    expect((await offerTexts(page))[0]).toMatch(/月号をスキップする$/);
    await page.getByRole('combobox', { name: '解約の理由（任意）' }).selectOption({ label: '料金が負担になった' });
    await expect.poll(async () => (await offerTexts(page))[0]).toBe('「ライトプラン」に変更する');
    await page.getByText('ライトプラン：1回のお届け ¥3,960（税込・送料込）').waitFor();
    await page.getByRole('textbox', { name: /ご意見/ }).fill('また余裕ができたら戻ります');
    await screenshots(page, 'cancel-survey-js');
    await expectCancelFirst(page);
    await page.getByRole('button', { name: '解約する', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /解約しました（\d+月号から反映）/ }).waitFor();
    expect(await planRow(user)).toMatchObject({ status: 'CANCELLED', cancel_reason: 'price', cancel_note: 'また余裕ができたら戻ります', cancel_by: 'fan' });
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('without JavaScript: 解約する with no reason chosen cancels in one POST', async () => {
    const user = await subscriber();
    const page = await openCancelPage(shop.noJs, user, false);
    await screenshots(page, 'cancel-survey-nojs');
    await expectCancelFirst(page);
    await page.getByRole('button', { name: '解約する', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /解約しました（\d+月号から反映）/ }).waitFor();
    expect(await planRow(user)).toMatchObject({ status: 'CANCELLED', cancel_reason: null, cancel_by: 'fan' });
    await page.close();
  });

  it('without JavaScript: taking the pause offer with a reason pauses the plan and records the offer', async () => {
    const user = await subscriber();
    const page = await openCancelPage(shop.noJs, user, false);
    await page.getByRole('combobox', { name: '解約の理由（任意）' }).selectOption({ label: 'しばらく受け取れない・今は不要' });
    await page.getByRole('button', { name: '休止する' }).click();
    await page.getByRole('status').filter({ hasText: /休止しました（\d+月号から反映）/ }).waitFor();
    await page.getByText('休止中').waitFor();
    expect(await planRow(user)).toMatchObject({ status: 'ACTIVE' });
    expect(await offersOf(user)).toMatchObject([{ offer: 'pause', reason: 'temporary' }]);
    await page.close();
  });

  it('with JavaScript: taking the cheaper plan changes the tier and records the offer', async () => {
    const user = await subscriber();
    const page = await openCancelPage(shop.browser, user, true);
    await waitForHydration(page);
    if (SCREENSHOTS) {
      await page.goto(`${page.url()}?lang=en`);
      await page.getByRole('heading', { level: 1, name: 'Cancel a plan' }).waitFor();
      await screenshots(page, 'cancel-survey-en');
      await page.goto(page.url().replace('?lang=en', '?lang=ja'));
    }
    await page.getByRole('button', { name: '「ライトプラン」に変更する' }).click();
    await page.getByRole('status').filter({ hasText: /プランを変更しました（\d+月号から反映）/ }).waitFor();
    expect(await offersOf(user)).toMatchObject([{ offer: 'cheaper', plan_id: catalogue.premium, to_plan_id: catalogue.light, reason: null }]);
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
});
