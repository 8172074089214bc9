import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runBilling } from '../../api/billing/run-billing.ts';
import type { ApiContext } from '../../api/context.ts';
import { href } from '../../shared/routes.ts';
import { waitForHydration, type Browser } from '../support/browser.ts';
import { insertSubscription } from '../support/order-history-rows.ts';
import { signInBrowser, signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';
import { snapAtWidths } from '../support/screenshots.ts';
import { silentLogger } from '../support/stack.ts';

/**
 * Issue 34, a later round a konbini fan pays herself, in Chromium with and without JavaScript: the
 * billing pass sends the request (a week before the deadline), my page shows it under "needs
 * action" with the amount and the deadline, 「お支払いへ進む」 opens the voucher, the sandbox's test
 * button pays it "at the store", and the round is paid (order row SUCCESS, my plans お支払い済み).
 * SHOPPER_ROUND_SCREENSHOTS=<dir> saves my page's request and the request mail at 390 and 1280 px.
 */
const shop = useProfileShop({ noJs: true });
const SHOTS = process.env.SHOPPER_ROUND_SCREENSHOTS;
const DAY = 86_400_000;
let serial = 0;

const db = () => shop.stack.database.handle.db;

/** A fan paying each round at a konbini, subscribed to a plan whose next round closes in five days. */
async function konbiniFan(): Promise<{ user: TestUser; artistName: string }> {
  serial += 1;
  const now = Date.now();
  const user = await signUpViaApi(shop);
  const artistName = `推しテスト konbini-${serial}`;
  const artist = await db().insertInto('artists').values({ slug: `e2e-konbini-${serial}-${now}`, name: artistName, type: 'VTUBER', attribute: JSON.stringify({ links: [] }) })
    .returning('id').executeTakeFirstOrThrow();
  const plan = await db().insertInto('plans').values({ artist_id: artist.id, name: 'ライトプラン', price: 3300, pre_tax_price: 3000, sort: 1 }).returning('id').executeTakeFirstOrThrow();
  const round = await db().insertInto('plan_orders').values({
    plan_id: plan.id, name: '受付中の回', price: 3300, pre_tax_price: 3000, start_date: new Date(now - 20 * DAY), end_date: new Date(now + 5 * DAY), ship_date: new Date(now + 30 * DAY),
  }).returning('id').executeTakeFirstOrThrow();
  await insertSubscription(db(), user.userId, { artistName, planName: 'ライトプラン', planId: plan.id, decemberRound: round.id, januaryRound: round.id }, new Date(now - 30 * DAY));
  await db().updateTable('users').set({ payment_method: 'KONBINI' }).where('id', '=', user.userId).execute();
  // The billing pass, as the scheduler runs it: the request and its mail.
  const ctx: ApiContext = { db: db(), logger: silentLogger, now: () => new Date(), publicOrigin: shop.stack.config.PUBLIC_ORIGIN, mailer: shop.stack.mailer };
  await runBilling(ctx, { concurrency: 4, leaseMs: 60_000 });
  return { user, artistName };
}

async function myPage(browser: Browser, user: TestUser, js: boolean): Promise<Page> {
  await signInBrowser(browser, shop, user);
  const page = await browser.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${shop.stack.webUrl}${href('profile')}`);
  if (js) await waitForHydration(page);
  return page;
}

describe.each([['js', true], ['nojs', false]] as const)('a konbini fan pays a round from my page (%s)', (which, js) => {
  it('sees the request, opens the voucher, pays it at the store: the round is paid', async () => {
    const { user, artistName } = await konbiniFan();
    const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('のお支払いのお願い'));
    expect(mail.text).toContain('¥3,960');
    const page = await myPage(js ? shop.browser : shop.noJs, user, js);
    const actions = page.getByRole('region', { name: 'お手続きが必要です' });
    const item = actions.getByRole('listitem').filter({ hasText: artistName });
    await item.getByText(/のお支払い ¥3,960（税込）を、.*までにコンビニでお願いします/).waitFor();
    // Nothing is charged on a date: the next payment names its pay-by moment instead.
    await page.getByRole('region', { name: '次回のお支払い' }).getByText('お支払い期限').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    if (js) {
      await snapAtWidths(page, SHOTS, 'my-page-request', { restoreWidth: 390, height: 844 });
      const mailPage = await shop.browser.newPage();
      await mailPage.setContent(mail.html);
      await snapAtWidths(mailPage, SHOTS, 'request-mail', { height: 600 });
      await mailPage.close();
    }

    await item.getByRole('button', { name: 'お支払いへ進む' }).click();
    await page.waitForURL(/\/api\/sandbox\/konbini\/sp_/);
    await page.getByText('お支払い金額 ¥3,960').waitFor();
    if (js && SHOTS) await snapAtWidths(page, SHOTS, 'voucher', { restoreWidth: 390, height: 844 });
    await page.getByRole('button', { name: /店頭で支払ったことにする/ }).click();
    await page.getByText('お支払いを受け付けました').waitFor();

    await expect.poll(async () => (await db().selectFrom('plan_order_histories').select(['payment_status', 'payment_method', 'total'])
      .where('user_id', '=', user.userId).execute())).toEqual([{ payment_status: 'SUCCESS', payment_method: 'KONBINI', total: 3960 }]);
    expect((await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('承諾通知'))).text).toContain('¥3,960');

    // My page no longer asks; my plans says the round is paid.
    await page.goto(`${shop.stack.webUrl}${href('profile')}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'お手続きが必要です' }).getByText(artistName).count()).toBe(0);
    await page.goto(`${shop.stack.webUrl}${href('plan')}`);
    await page.getByText('お支払い済み').waitFor();
    if (js && SHOTS) await snapAtWidths(page, SHOTS, `my-plans-paid-${which}`, { restoreWidth: 390, height: 844 });
    await page.close();
    expect((js ? shop.browser : shop.noJs).errors).toEqual([]);
  });
});
