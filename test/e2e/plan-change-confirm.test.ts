import { mkdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { formatDateTime, lastAcceptedMoment } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { waitForHydration, type Browser } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';
import { registerCard, seedSubscriptionCatalogue, type E2eCatalogue } from '../support/subscription-shop.ts';

/**
 * Issue 30 in Chromium: a tier or quantity change on a round already paid is confirmed on its own
 * page (the round, 「今回返金 ¥3,960」 and 「今回決済 ¥11,660」 with the payment method) before it is
 * made; the notice after it and the mail state both amounts. With JavaScript and without. In
 * English (?lang=en) every line of it reads English, on a paid round and on one not charged yet
 * (the new price is charged at the deadline).
 * Screenshots of the confirmation at 390/1280 px go to CHANGE_SCREENSHOTS=<dir> when set.
 */
const shop = useProfileShop({ noJs: true });
const SCREENSHOTS = process.env.CHANGE_SCREENSHOTS;
let catalogue: E2eCatalogue;
/** The English check's own artist, its tiers named in English too (Light plan, Premium plan). */
let english: E2eCatalogue;
/** Its name, as the catalogue gives it: the shop writes an artist's name as given, in both languages. */
const ARTIST_EN = '推しテスト change-en-artist';

beforeAll(async () => {
  const { db } = shop.stack.database.handle;
  catalogue = await seedSubscriptionCatalogue(db, 'change-sub-artist');
  english = await seedSubscriptionCatalogue(db, 'change-en-artist');
  await db.updateTable('plans').set({ name_en: 'Light plan' }).where('id', '=', english.light).execute();
  await db.updateTable('plans').set({ name_en: 'Premium plan' }).where('id', '=', english.premium).execute();
});

async function subscriber(of: E2eCatalogue = catalogue): Promise<TestUser> {
  const user = await signUpViaApi(shop);
  await registerCard(shop, user);
  const res = await request(shop.stack.api).post('/api/userPlan').set('cookie', `${SESSION_COOKIE}=${user.session}`)
    .set('idempotency-key', `change-e2e-${user.userId}`).send({ planId: of.light });
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
  const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('プランの変更'));
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

/** Japanese script: kana, kanji, and the full-width brackets and punctuation (「」（）、。：). */
const JAPANESE = /[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/;

/** The confirmation as a reader goes through it: the heading, then each line, button and link of the card. */
const confirmationLines = (page: Page) => page.locator('h1.page-title, .change-confirm p, .change-confirm button').allInnerTexts();

/** The confirmation of Light plan × 1 → Premium plan × 2 for the English artist, in English when asked. */
async function openChange(user: TestUser, lang: 'ja' | 'en'): Promise<Page> {
  await signInBrowser(shop.browser, shop, user);
  const page = await shop.browser.newPage();
  const query = `planId=${english.premium}&count=2${lang === 'en' ? '&lang=en' : ''}`;
  await page.goto(`${shop.stack.webUrl}${href('planChange', { slug: english.slug, planId: english.light })}?${query}`);
  await waitForHydration(page);
  return page;
}

async function screenshots(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

/** Every line in English but the artist's name, which is the artist's own (the shop writes it as given). */
async function expectEnglish(page: Page) {
  const lines = await confirmationLines(page);
  expect(lines.filter((line) => JAPANESE.test(line.replaceAll(ARTIST_EN, '')))).toEqual([]);
  return lines;
}

describe('in English (?lang=en), every line of the confirmation reads English', () => {
  it('on a paid round: the tiers, the round, and what is refunded and charged now', async () => {
    const user = await subscriber(english);
    const page = await openChange(user, 'en');
    await page.getByRole('heading', { level: 1, name: 'Change your plan?' }).waitFor();
    await screenshots(page, 'plan-change-paid-en');
    const lines = await expectEnglish(page);
    expect(lines).toEqual(expect.arrayContaining([
      `Now: ${ARTIST_EN} — Light plan × 1`,
      `After the change: ${ARTIST_EN} — Premium plan × 2`,
      expect.stringMatching(/^It applies from the [A-Z][a-z]{2} \d{4} box\.$/),
      'Refunded now: ¥3,960 (Credit card)',
      'Charged now: ¥11,660 (Credit card)',
      'Make this change',
    ]));
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('on a round not charged yet: the new price is charged at the round\'s deadline, said in English as in Japanese', async () => {
    const user = await subscriber(english);
    const { db } = shop.stack.database.handle;
    // The open round's deadline passes (it stays paid, to ship): the change applies from the next round, not charged yet.
    await db.updateTable('plan_orders').set({ end_date: new Date(Date.now() - 60_000) }).where('plan_id', 'in', [english.light, english.premium]).where('name', '=', '受付中の回').execute();
    const round = await db.selectFrom('plan_orders').select(['ship_date', 'end_date']).where('plan_id', '=', english.premium).where('name', '=', '次の回').executeTakeFirstOrThrow();
    const issue = issueLabel({ shipDate: round.ship_date.toISOString() });
    const deadline = formatDateTime(lastAcceptedMoment(round.end_date));

    const ja = await openChange(user, 'ja');
    await ja.getByText(`${issue.ja}から反映します。`, { exact: true }).waitFor();
    await ja.getByText(`今回の決済・返金はありません。新しい料金 ¥11,660（クレジットカード）は、${issue.ja}の申込締切（${deadline}）に決済します。`, { exact: true }).waitFor();
    await screenshots(ja, 'plan-change-deadline-ja');
    await ja.close();

    const page = await openChange(user, 'en');
    await page.getByRole('heading', { level: 1, name: 'Change your plan?' }).waitFor();
    await screenshots(page, 'plan-change-deadline-en');
    const lines = await expectEnglish(page);
    expect(lines).toEqual(expect.arrayContaining([
      `It applies from the ${issue.en}.`,
      `Nothing is charged or refunded now. The new price, ¥11,660 (Credit card), is charged at the deadline of the ${issue.en} (${deadline} JST).`,
    ]));
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
});
