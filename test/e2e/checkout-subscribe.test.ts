import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, useProfileShop } from '../support/profile-shop.ts';
import { registerCardOnHostedPage } from '../support/subscription-card.ts';
import { registerCard, seedSubscriptionCatalogue, type E2eCatalogue } from '../support/subscription-shop.ts';

/**
 * Issue 8 in Chromium: checkout (the six items, address and payment), completion and its mail;
 * then My plans: change tier, skip, cancel; and checkout with JavaScript disabled.
 */
const shop = useProfileShop({ noJs: true });
let catalogue: E2eCatalogue | undefined;

async function shopCatalogue(): Promise<E2eCatalogue> {
  catalogue ??= await seedSubscriptionCatalogue(shop.stack.database.handle.db, 'e2e-sub-artist');
  return catalogue;
}

describe('checkout with JavaScript', () => {
  it('registers a card on the hosted page from checkout, subscribes: confirmation → complete (round, amount) → mail; then tier change, skip, pause, resume, cancel', async () => {
    const { slug, light, premium } = await shopCatalogue();
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, user);
    const page = await shop.browser.newPage();
    const checkout = href('checkout', { slug, planId: light });
    await page.goto(`${shop.stack.webUrl}${checkout}`);
    await waitForHydration(page);
    // No payment method yet: register a test card on the sandbox's hosted page, back to checkout.
    await registerCardOnHostedPage(page, shop.stack.webUrl, '4242424242424242', checkout);
    await waitForHydration(page);
    await page.getByText('•••• 4242').waitFor();
    for (const item of ['数量', '1回あたりのお支払い金額', '決済の時期', '発送の時期', '申込期間', '解約方法', '返品・交換']) {
      await page.getByRole('term').filter({ hasText: item }).waitFor();
    }
    // The round total with tax and shipping heads the price (issue 18).
    await page.locator('.plan-cost-amount').filter({ hasText: '¥3,960（税込・送料込）' }).waitFor();
    await page.getByRole('button', { name: '申し込む（決済する）' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug, planId: light })}`);
    const status = await page.getByRole('status').filter({ hasText: '月号からお届けします' }).textContent();
    expect(status).toMatch(/\d+月号からお届けします/);
    await page.locator('.plan-cost-amount').filter({ hasText: '¥3,960（税込・送料込）' }).waitFor();
    const mail = await shop.mailbox.waitFor(user.email, (m) => m.subject.includes('お申し込みを受け付けました'));
    expect(mail.subject).toMatch(/\d+月号/);
    expect(mail.text).toContain('1回のお届け ¥3,960（税込・送料込）');

    await page.getByRole('link', { name: 'プラン管理へ' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('plan')}`);
    await page.getByRole('heading', { name: /ライトプラン/ }).waitFor();
    await page.locator('select[name="planId"]').selectOption(String(premium));
    await page.getByRole('button', { name: /^変更する（\d+月号から）$/ }).click();
    // The change is confirmed on its own page first, with what it charges and refunds (issue 30).
    await page.getByRole('heading', { level: 1, name: 'プラン変更の確認' }).waitFor();
    await page.getByText('今回返金 ¥3,960（クレジットカードへ返金）', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'この内容で変更する' }).click();
    await page.getByRole('status').filter({ hasText: /プランを変更しました（\d+月号から反映）/ }).waitFor();
    await page.getByRole('heading', { name: /プレミアムプラン/ }).waitFor();

    // Skip and pause ask first, on their own pages (issue 18).
    await page.getByRole('link', { name: /^\d+月号をスキップする$/ }).click();
    await page.getByRole('button', { name: /^\d+月号をスキップする$/ }).click();
    await page.getByRole('status').filter({ hasText: /スキップを受け付けました/ }).waitFor();
    await page.getByText('スキップ済み').waitFor();

    await page.getByRole('link', { name: /^休止する（\d+月号から）$/ }).click();
    await page.getByRole('button', { name: '休止する' }).click();
    await page.getByRole('status').filter({ hasText: /休止しました（\d+月号から反映）/ }).waitFor();
    await page.getByText('休止中').waitFor();
    await page.getByRole('button', { name: /^再開する（\d+月号から）$/ }).click();
    await page.getByRole('status').filter({ hasText: /再開しました（\d+月号から反映）/ }).waitFor();

    await page.getByRole('link', { name: '解約する' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('planDelete', { slug, planId: premium })}`);
    await page.getByText(/月号からお届けしません/).waitFor();
    await page.getByRole('button', { name: '解約する' }).click();
    await page.getByRole('status').filter({ hasText: /解約しました（\d+月号から反映）/ }).waitFor();
    await page.getByText('お申し込み中のプランはありません。').waitFor();
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('payment method NONE: the checkout says why and links to the payment page that comes back', async () => {
    const { slug, light } = await shopCatalogue();
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, user);
    const page = await shop.browser.newPage();
    const checkout = href('checkout', { slug, planId: light });
    await page.goto(`${shop.stack.webUrl}${checkout}`);
    await waitForHydration(page);
    await page.getByText('お支払い方法が登録されていません。').waitFor();
    const link = page.getByRole('link', { name: 'お支払い方法を設定する' });
    expect(await link.getAttribute('href')).toBe(`${href('profilePayment')}?url=${encodeURIComponent(checkout)}`);
    expect(await page.getByRole('button', { name: '申し込む（決済する）' }).count()).toBe(0);
    await page.close();
  });
});

describe('a declined card', () => {
  it('stays on checkout, says nothing was created and links to the payment page; My plans stays empty', async () => {
    const { slug, light } = await shopCatalogue();
    const user = await signUpViaApi(shop);
    await registerCard(shop, user, '4000000000000341');
    await signInBrowser(shop.browser, shop, user);
    const page = await shop.browser.newPage();
    const checkout = href('checkout', { slug, planId: light });
    await page.goto(`${shop.stack.webUrl}${checkout}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: '申し込む（決済する）' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('お申し込みは作成されていません').waitFor();
    expect(await alert.getByRole('link', { name: 'お支払い方法を設定する' }).getAttribute('href'))
      .toBe(`${href('profilePayment')}?url=${encodeURIComponent(checkout)}`);
    expect(new URL(page.url()).pathname).toBe(checkout);
    await page.goto(`${shop.stack.webUrl}${href('plan')}`);
    await page.getByText('お申し込み中のプランはありません。').waitFor();
    await page.close();
  });
});

describe('checkout without JavaScript', () => {
  it('the confirm form posts to the page, 303 to complete; a second post of the same form charges nothing more', async () => {
    const { slug, light } = await shopCatalogue();
    const user = await signUpViaApi(shop);
    await registerCard(shop, user);
    await signInBrowser(shop.noJs, shop, user);
    const page = await shop.noJs.newPage();
    await page.goto(`${shop.stack.webUrl}${href('checkout', { slug, planId: light })}?count=2`);
    await page.locator('.plan-cost-amount').filter({ hasText: '¥7,260（税込・送料込）' }).waitFor();
    const key = await page.locator('input[name="idempotencyKey"]').inputValue();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await page.getByRole('button', { name: '申し込む（決済する）' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('complete', { slug, planId: light })}`);
    await page.locator('.plan-cost-amount').filter({ hasText: '¥7,260（税込・送料込）' }).waitFor();
    // The browser's "resend form" after going back: the same key, the same answer, one charge.
    const again = await page.request.post(`${shop.stack.webUrl}${href('checkout', { slug, planId: light })}`, {
      form: { count: '2', expectedTotal: '7260', idempotencyKey: key }, maxRedirects: 0, headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(again.status()).toBe(303);
    const rows = await shop.stack.database.handle.db.selectFrom('plan_order_histories').select('id').where('user_id', '=', user.userId).execute();
    expect(rows).toHaveLength(1);
    await page.close();
  });
});
