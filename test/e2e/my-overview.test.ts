import { mkdirSync } from 'node:fs';
import { insertHistory } from '../support/order-history-rows.ts';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { waitForHydration, type Browser } from '../support/browser.ts';
import { seedOverviewRows } from '../support/overview-rows.ts';
import { signInBrowser, signUpViaApi, useProfileShop } from '../support/profile-shop.ts';

/**
 * My page as a home (issue 18) in Chromium on a phone (390 px), with and without JavaScript: the
 * action items come first and their links lead to the page that fixes them. With
 * OVERVIEW_SCREENSHOTS=<dir> the page is saved at 390 and 1280 px for a human to look at. The
 * stack's database is thrown away after the file, with every row made here.
 */
const shop = useProfileShop({ noJs: true });
const SCREENSHOTS = process.env.OVERVIEW_SCREENSHOTS;
let serial = 0;
const DAY = 86_400_000;

/** A round of the same plan shipped ten days ago and delivered: one paid round, 継続 1か月 (shared/tenure.ts). */
async function deliveredEarlierRound(userId: number, artistName: string): Promise<void> {
  const db = shop.stack.database.handle.db;
  const sub = await db.selectFrom('user_plans').select(['id', 'plan_id']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  const now = Date.now();
  const round = await db.insertInto('plan_orders').values({
    plan_id: sub.plan_id, name: '前々回の回', price: 3300, pre_tax_price: 3000,
    start_date: new Date(now - 60 * DAY), end_date: new Date(now - 32 * DAY), ship_date: new Date(now - 10 * DAY),
  }).returning('id').executeTakeFirstOrThrow();
  const ids = { userId, userPlanId: sub.id, shop: { artistName, planName: 'ライトプラン', planId: sub.plan_id, decemberRound: round.id, januaryRound: round.id } };
  await insertHistory(db, ids, { plan_order_id: round.id, payment_status: 'DELIVERED', created_at: new Date(now - 32 * DAY) });
}

async function openMyPage(browser: Browser, hydrate: boolean, tenure = false) {
  serial += 1;
  const user = await signUpViaApi(shop);
  const rows = await seedOverviewRows(shop.stack.database.handle.db, user.userId, `e2e-overview-${serial}-${Date.now()}`);
  if (tenure) await deliveredEarlierRound(user.userId, rows.artistName);
  await signInBrowser(browser, shop, user);
  const page = await browser.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${shop.stack.webUrl}${href('profile')}`);
  if (hydrate) await waitForHydration(page);
  return { page, rows };
}

async function saveScreenshots(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

describe('my page overview at 390 px', () => {
  it('shows what needs action, the next box and payment within a phone\'s width; the card link leads to the payment page', async () => {
    const { page, rows } = await openMyPage(shop.browser, true, true);
    const actions = page.getByRole('region', { name: 'お手続きが必要です' });
    await actions.getByText('のお支払い ¥3,960（税込）ができませんでした').waitFor();
    await actions.getByText(`有効期限は ${rows.cardExpiry} です`).waitFor();
    const nextBox = page.getByRole('region', { name: '次のお届け' });
    await nextBox.getByText(issueLabel({ shipDate: rows.openRound.shipDate.toISOString() }).ja).waitFor();
    await page.getByRole('region', { name: '次回のお支払い' }).getByText('Visa 末尾 4242').waitFor();
    // The delivered round counts; the declined one, still being retried, neither counts nor breaks it.
    await expect.poll(() => page.getByRole('region', { name: '継続月数' }).innerText()).toContain('継続 1か月（1回連続）');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    expect(await seriousAxeViolations(page, 'my-overview')).toEqual([]);
    await saveScreenshots(page, 'my-page-overview');
    await page.setViewportSize({ width: 390, height: 844 });

    await actions.getByRole('link', { name: '新しいカードを登録する' }).click();
    await page.waitForURL(`**${href('profilePayment')}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.close();
    expect(shop.browser.errors).toEqual([]);
  });

  it('renders the same without JavaScript', async () => {
    const { page, rows } = await openMyPage(shop.noJs, false);
    await page.getByRole('region', { name: 'お手続きが必要です' }).getByText(`有効期限は ${rows.cardExpiry} です`).waitFor();
    await page.getByRole('region', { name: '次のお届け' }).getByRole('link', { name: 'プラン管理へ' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.close();
  });
});
