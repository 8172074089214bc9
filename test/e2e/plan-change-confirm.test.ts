import { mkdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { waitForHydration, type Browser } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';
import { registerCard, seedSubscriptionCatalogue, type E2eCatalogue } from '../support/subscription-shop.ts';

/**
 * Issue 30 in Chromium: a tier or quantity change on a round already paid is confirmed on its own
 * page (the round, 「今回返金 ¥3,960」 and 「今回決済 ¥11,660」 with the payment method) before it is
 * made; the notice after it and the mail state both amounts. With JavaScript and without.
 * Screenshots of the confirmation at 390/1280 px go to CHANGE_SCREENSHOTS=<dir> when set.
 */
const shop = useProfileShop({ noJs: true });
const SCREENSHOTS = process.env.CHANGE_SCREENSHOTS;
let catalogue: E2eCatalogue;

beforeAll(async () => {
  catalogue = await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'change-sub-artist');
});

async function subscriber(): Promise<TestUser> {
  const user = await signUpViaApi(shop);
  await registerCard(shop, user);
  const res = await request(shop.stack.api).post('/api/userPlan').set('cookie', `${SESSION_COOKIE}=${user.session}`)
    .set('idempotency-key', `change-e2e-${user.userId}`).send({ planId: catalogue.light });
  expect(res.status, res.text).toBe(201);
  return user;
}

const REFUND = '今回返金 ¥3,960（クレジットカードへ返金）';
const CHARGE = '今回決済 ¥11,660（クレジットカード）';

async function changeWithConfirmation(browser: Browser, js: boolean) {
  const user = await subscriber();
  await signInBrowser(browser, shop, user);
  const page = await browser.newPage();
  await page.goto(`${shop.stack.webUrl}${href('plan')}`);
  if (js) await waitForHydration(page);
  await page.locator('select[name="planId"]').selectOption(String(catalogue.premium));
  await page.locator('select[name="count"]').selectOption('2');
  await page.getByRole('button', { name: /^変更する（\d+月号から）$/ }).click();
  await page.waitForURL((url) => url.pathname === href('planChange', { slug: catalogue.slug, planId: catalogue.light }));
  await page.getByRole('heading', { level: 1, name: 'プラン変更の確認' }).waitFor();
  await page.getByText(/^\d+月号から反映します。$/).waitFor();
  await page.getByText(/「プレミアムプラン」/).waitFor();
  await page.getByText(REFUND, { exact: true }).waitFor();
  await page.getByText(CHARGE, { exact: true }).waitFor();
  // Nothing has moved yet: the plan is still ライト × 1, charged once.
  const before = await shop.stack.database.handle.db.selectFrom('plan_order_histories').select(['total', 'payment_status']).where('user_id', '=', user.userId).execute();
  expect(before).toEqual([{ total: 3960, payment_status: 'SUCCESS' }]);
  if (SCREENSHOTS && js) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SCREENSHOTS, `plan-change-confirm-${width}.png`), fullPage: true });
    }
  }
  await page.getByRole('button', { name: 'この内容で変更する' }).click();
  await page.waitForURL((url) => url.pathname === href('plan'));
  const notice = page.getByRole('status').filter({ hasText: /プランを変更しました（\d+月号から反映）/ });
  await notice.filter({ hasText: REFUND }).filter({ hasText: CHARGE }).waitFor();
  await page.getByRole('heading', { name: /プレミアムプラン/ }).waitFor();
  if (SCREENSHOTS && js) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'plan-change-done-390.png'), fullPage: true });
  }
  const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('コースの変更'));
  expect(mail.text).toContain(REFUND);
  expect(mail.text).toContain(CHARGE);
  await page.close();
}

describe('a tier and quantity change on a paid round is confirmed first', () => {
  it('with JavaScript: the confirmation names the round and both amounts; confirming changes and says both', async () => {
    await changeWithConfirmation(shop.browser, true);
    expect(shop.browser.errors).toEqual([]);
  });

  it('without JavaScript: the same by a GET form and a POST form', async () => {
    await changeWithConfirmation(shop.noJs, false);
  });
});
