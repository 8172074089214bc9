import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hashToken, SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { switchToEnglish, waitForHydration } from '../support/browser.ts';
import { useShopInBrowser } from '../support/shop-in-browser.ts';

const shop = useShopInBrowser();

async function open(path: string): Promise<Page> {
  const page = await shop.browser.newPage();
  await page.goto(`${shop.stack.webUrl}${path}`);
  await waitForHydration(page);
  // A marker on window survives client-side navigation only.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  return page;
}

const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const expanded = (page: Page) => page.locator('.menu-toggle').getAttribute('aria-expanded');
const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);
const toggleFocused = (page: Page) => page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'));

describe('slide-out menu', () => {
  it('opens and closes with the toggle, moving focus in and locking the page scroll', async () => {
    const page = await open('/');
    const menu = page.locator('#site-menu');
    expect(await page.locator('.menu-toggle').getAttribute('aria-controls')).toBe('site-menu');
    expect(await expanded(page)).toBe('false');
    expect(await menu.isVisible()).toBe(false);

    await page.locator('.menu-toggle').click();
    await expect.poll(() => expanded(page)).toBe('true');
    for (const name of ['ラインナップ', 'ご利用方法', 'よくある質問', 'ログイン', '新規会員登録', 'お知らせ', 'Re-box（再販BOX）', '販売終了したアーティスト', 'お問い合わせ']) {
      await menu.getByRole('link', { name, exact: true }).waitFor({ state: 'visible' });
    }
    expect(await menu.getByRole('link', { name: 'お問い合わせ' }).getAttribute('href')).toBe(`mailto:${shop.stack.config.COMPANY_EMAIL}`);
    for (const name of ['会員情報', 'プラン管理', '注文履歴', 'ログアウト']) {
      expect(await menu.getByText(name, { exact: true }).count()).toBe(0);
    }
    await expect.poll(() => activeText(page)).toBe('ラインナップ');
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');

    await page.locator('.menu-toggle').click();
    await expect.poll(() => expanded(page)).toBe('false');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => bodyOverflow(page)).toBe('');
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('closes when a link is used, and the link navigates client-side', async () => {
    const page = await open('/');
    await page.locator('.menu-toggle').click();
    await page.locator('#site-menu').getByRole('link', { name: 'よくある質問' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('faq')}`);
    await expect.poll(() => expanded(page)).toBe('false');
    await page.locator('#site-menu').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('closes on Escape and on the backdrop, giving focus back to the toggle', async () => {
    const page = await open('/lineup');
    await page.locator('.menu-toggle').click();
    await page.keyboard.press('Escape');
    await expect.poll(() => expanded(page)).toBe('false');
    await expect.poll(() => toggleFocused(page)).toBe(true);

    await page.locator('.menu-toggle').click();
    await page.locator('.menu-backdrop').click({ position: { x: 10, y: 200 } });
    await expect.poll(() => expanded(page)).toBe('false');
    await expect.poll(() => toggleFocused(page)).toBe(true);
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('traps focus: Tab from the last item goes to the first, Shift+Tab from the first to the last', async () => {
    const page = await open('/');
    await page.locator('.menu-toggle').click();
    await expect.poll(() => activeText(page)).toBe('ラインナップ');
    // Shop (3), guest (2), more (3 pages and the contact address).
    for (let i = 0; i < 8; i += 1) await page.keyboard.press('Tab');
    await expect.poll(() => activeText(page)).toBe('お問い合わせ');
    await page.keyboard.press('Tab');
    await expect.poll(() => activeText(page)).toBe('ラインナップ');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => activeText(page)).toBe('お問い合わせ');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#site-menu')))).toBe(true);
    await page.close();
  });

  it('shows the member links and logout, not login and sign-up, when signed in', async () => {
    const db = shop.stack.database.handle.db;
    const user = await db.insertInto('users').values({ email: `menu-${Date.now()}@example.test`, password_hash: 'x', deleted_at: null })
      .returning('id').executeTakeFirstOrThrow();
    const token = randomBytes(24).toString('base64url');
    await db.insertInto('sessions')
      .values({ token_hash: hashToken(token), user_id: user.id, expires_at: new Date(Date.now() + 3_600_000), secure_until: null })
      .execute();
    try {
      await shop.browser.context.addCookies([{ name: SESSION_COOKIE, value: token, url: shop.stack.webUrl }]);
      const page = await open('/');
      await page.locator('.menu-toggle').click();
      const menu = page.locator('#site-menu');
      for (const name of ['会員情報', 'プラン管理', '注文履歴']) {
        await menu.getByRole('link', { name, exact: true }).waitFor({ state: 'visible' });
      }
      await menu.getByRole('button', { name: 'ログアウト' }).waitFor({ state: 'visible' });
      expect(await menu.getByRole('link', { name: 'ログイン', exact: true }).count()).toBe(0);
      expect(await menu.getByRole('link', { name: '新規会員登録', exact: true }).count()).toBe(0);
      // The desktop header names the member's page instead of the login.
      await page.locator('.menu-toggle').click();
      await page.setViewportSize({ width: 1280, height: 900 });
      const nav = page.getByRole('navigation', { name: 'メインメニュー' });
      expect(await nav.getByRole('link', { name: 'マイページ' }).getAttribute('href')).toBe(href('profile'));
      expect(await nav.getByRole('link', { name: 'ログイン' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: '新規会員登録' }).count()).toBe(0);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(shop.browser.errors).toEqual([]);
      await page.close();
    } finally {
      await shop.browser.context.clearCookies();
      await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      await db.deleteFrom('users').where('id', '=', user.id).execute();
    }
  });
});

describe('header navigation', () => {
  it('shows the main destinations on a desktop and leaves them to the menu on a phone', async () => {
    const page = await open('/');
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    expect(await nav.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await nav.waitFor({ state: 'visible' });
    const links = await nav.getByRole('link').evaluateAll((els) => els.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      ['ラインナップ', href('lineup')], ['ご利用方法', href('howto')], ['よくある質問', href('faq')], ['お知らせ', href('news')], ['ログイン', href('login')],
      ['新規会員登録', href('signup')],
    ]);
    await nav.getByRole('link', { name: 'お知らせ' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('news')}`);
    // The URL changes before React commits the new route (a transition), so poll.
    await expect.poll(() => nav.getByRole('link', { name: 'お知らせ' }).getAttribute('aria-current')).toBe('page');
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
  it('gives a visitor login and sign-up side by side, the header fitting from 1024 px up in both languages', async () => {
    const page = await open('/');
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    // Too tight, the row overflows, or the logo's words (nowrap, measured as text) run under the first link.
    const overflowing = () => page.locator('.header-inner').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el.querySelector('.logo-words') ?? el);
      const taglineEnd = range.getBoundingClientRect().right;
      const navStart = el.querySelector('.header-nav-link')?.getBoundingClientRect().left ?? 0;
      return el.scrollWidth > el.clientWidth || taglineEnd > navStart - 8;
    });
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const name of ['ログイン', '新規会員登録']) await nav.getByRole('link', { name, exact: true }).waitFor({ state: 'visible' });
      expect(await overflowing(), `header at ${width}px`).toBe(false);
    }
    await switchToEnglish(page);
    await page.setViewportSize({ width: 1024, height: 900 });
    const english = page.getByRole('navigation', { name: 'Main' });
    expect(await english.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(href('signup'));
    expect(await overflowing(), 'English header at 1024px').toBe(false);
    await english.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('signup')}`);
    // English stays on across pages (decision 0067).
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
});

describe('footer', () => {
  it('links to the pages, the company site and the shop social accounts', async () => {
    const page = await open('/');
    const footer = page.locator('footer');
    for (const [name, path] of [['よくある質問', href('faq')], ['プライバシーポリシー', href('privacy')], ['利用規約', href('terms')], ['特定商取引法に基づく表記', href('transactions')],
      ['お知らせ', href('news')], ['Re-box（再販BOX）', href('reBox')], ['販売終了したアーティスト', href('lineupClose')], ['お問い合わせ', `mailto:${shop.stack.config.COMPANY_EMAIL}`]]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(path);
    }
    const company = footer.getByRole('link', { name: /運営会社/ });
    expect(await company.getAttribute('href')).toBe(shop.stack.config.COMPANY_URL);
    expect(await company.getAttribute('target')).toBe('_blank');
    expect(await footer.getByRole('link', { name: /Twitter/ }).getAttribute('href')).toBe(shop.stack.config.TWITTER_URL);
    expect(await footer.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe(shop.stack.config.INSTAGRAM_URL);
    // No analytics id in this stack: no tag, no data layer.
    expect(await page.evaluate(() => 'dataLayer' in window || Boolean(document.querySelector('script[src*="googletagmanager"]')))).toBe(false);
    await page.close();
  });
});

/**
 * In the page: the scroll position now and after ten of the page-top glide's 10 ms steps, counted
 * on the page's own timer (as slow as the glide's on a busy machine), not on a wall clock.
 */
function positionOverTenSteps(): Promise<[number, number]> {
  const before = window.scrollY;
  return new Promise((resolve) => {
    let steps = 0;
    const timer = window.setInterval(() => {
      steps += 1;
      if (steps < 10) return;
      window.clearInterval(timer);
      resolve([before, window.scrollY]);
    }, 10);
  });
}

describe('page-top control', () => {
  async function scrollToBottom(page: Page): Promise<number> {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // At the end of the page the control sits on the footer's top edge (issue 31).
    await page.getByRole('link', { name: 'ページの先頭へ' }).waitFor({ state: 'visible' });
    return page.evaluate(() => window.scrollY);
  }

  it('scrolls smoothly back to the top', async () => {
    const page = await open('/lineup');
    const bottom = await scrollToBottom(page);
    expect(bottom).toBeGreaterThan(1000);
    const seen = await page.evaluateHandle(() => {
      const positions: number[] = [];
      window.addEventListener('scroll', () => positions.push(window.scrollY), { passive: true });
      return positions;
    });
    await page.getByRole('link', { name: 'ページの先頭へ' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    // Stepped, not a jump: on its way it stood between the bottom and the top.
    expect((await seen.jsonValue()).filter((y) => y > 0 && y < bottom)).not.toEqual([]);
    // The script glides instead of following the link: no #top lands in the address.
    expect(new URL(page.url()).hash).toBe('');
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('stops as soon as the user clicks', async () => {
    const page = await open('/lineup');
    await scrollToBottom(page);
    await page.getByRole('link', { name: 'ページの先頭へ' }).click();
    // A real press on the page's left gutter (no link there), as a user grabbing the page would.
    await page.mouse.move(4, 400);
    await page.mouse.down();
    // Still once ten glide steps have gone by; one that went on would be still only at the top.
    let stoppedAt = -1;
    await expect.poll(async () => {
      const [before, after] = await page.evaluate(positionOverTenSteps);
      stoppedAt = after;
      return before === after;
    }).toBe(true);
    // Short of the top (not a fixed distance: on a busy machine the press comes some steps late).
    expect(stoppedAt).toBeGreaterThan(0);
    await page.mouse.up();
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
});
