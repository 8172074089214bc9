import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { useShopInBrowser } from '../support/shop-in-browser.ts';
import { startStack } from '../support/stack.ts';

const shop = useShopInBrowser();

async function open(path: string): Promise<{ page: Page; loginStatusCalls: () => number }> {
  const page = await shop.browser.newPage();
  let calls = 0;
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/login/loginStatus') calls += 1;
  });
  await page.goto(`${shop.stack.webUrl}${path}`);
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  return { page, loginStatusCalls: () => calls };
}

const langToggle = (page: Page) => page.locator('.lang-toggle');
const shellLang = (page: Page) => page.locator('.shell').getAttribute('lang');
const sameDocument = (page: Page) => page.evaluate(() => '__sameDocument' in window);

describe('English flag (docs/spec.md §2)', () => {
  it('switches the shell to English, and turns off again on the next route change', async () => {
    const { page, loginStatusCalls } = await open(href('lineup'));
    expect(await langToggle(page).textContent()).toBe('English');
    expect(await shellLang(page)).toBe('ja');

    await langToggle(page).click();
    await expect.poll(() => langToggle(page).textContent()).toBe('日本語');
    await expect.poll(() => shellLang(page)).toBe('en');
    await page.getByRole('heading', { level: 1, name: 'Lineup' }).waitFor();
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'FAQ', exact: true }).waitFor();
    await footer.getByRole('link', { name: 'Privacy policy' }).waitFor();
    await page.locator('.menu-toggle').click();
    const menu = page.locator('#site-menu');
    for (const name of ['Lineup', 'How to use', 'FAQ', 'Log in', 'Sign up']) {
      await menu.getByRole('link', { name, exact: true }).waitFor({ state: 'visible' });
    }
    await page.keyboard.press('Escape');
    // Toggling the language is not a route change: no login-status call yet.
    expect(loginStatusCalls()).toBe(0);

    await footer.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('faq')}`);
    expect(await sameDocument(page)).toBe(true);
    // The URL changes before React commits the new route (a transition), so poll.
    await expect.poll(() => langToggle(page).textContent()).toBe('English');
    expect(await shellLang(page)).toBe('ja');
    await footer.getByRole('link', { name: 'よくある質問', exact: true }).waitFor();
    // …and the login status was refreshed for the new route.
    await expect.poll(loginStatusCalls).toBe(1);
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('works as a link: ?lang=en renders the page in English on the server, and the next route change turns it off', async () => {
    // The server's own HTML, before any script: the page in English, the switch linking back.
    const html = await (await fetch(`${shop.stack.webUrl}${href('lineup')}?lang=en`)).text();
    expect(html).toMatch(/<div class="shell" id="top" lang="en">/);
    expect(html).toMatch(/<h1 class="page-title">Lineup<\/h1>/);
    expect(html).toMatch(new RegExp(`<a href="${href('lineup')}" class="lang-toggle"`));
    const plain = await (await fetch(`${shop.stack.webUrl}${href('faq')}?x=1`)).text();
    expect(plain).toContain(`<a href="${href('faq')}?x=1&amp;lang=en" class="lang-toggle"`);

    // In the browser it hydrates as it was rendered (a mismatch logs an error) and stays English…
    const { page } = await open(`${href('lineup')}?lang=en`);
    expect(await shellLang(page)).toBe('en');
    expect(await langToggle(page).textContent()).toBe('日本語');
    // …until the next route change (docs/spec.md §2).
    await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('faq')}`);
    await expect.poll(() => shellLang(page)).toBe('ja');
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('stays on when the route changes to the password reminder, the one exempt route', async () => {
    const { page, loginStatusCalls } = await open(href('faq'));
    // No page links to the reminder yet, so the router is taken there by a history traversal
    // (a real client-side POP navigation): put the reminder URL after this entry, step back…
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.history.back();
    }, href('reminder'));
    await expect.poll(() => page.evaluate(() => window.location.pathname)).toBe(href('faq'));
    await expect.poll(loginStatusCalls).toBe(1);

    // …turn English on, and go forward to it.
    await langToggle(page).click();
    await expect.poll(() => langToggle(page).textContent()).toBe('日本語');
    await page.evaluate(() => window.history.forward());
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(href('reminder'));
    expect(await sameDocument(page)).toBe(true);
    expect(await langToggle(page).textContent()).toBe('日本語');
    expect(await shellLang(page)).toBe('en');
    await expect.poll(loginStatusCalls).toBe(2);

    // Leaving the reminder by a link is an ordinary route change again.
    await page.locator('main').getByRole('link', { name: 'Log in instead' }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('login')}`);
    await expect.poll(() => langToggle(page).textContent()).toBe('English');
    // The shell refreshes the status; the login page's own loader asks once more.
    await expect.poll(loginStatusCalls).toBeGreaterThanOrEqual(3);
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
});

describe('analytics (docs/spec.md §7)', () => {
  it('loads the tag once (its host allowed by the CSP) and sends a page view per client-side navigation', async () => {
    const tracked = await startStack({ env: { ANALYTICS_ID: 'G-TEST123' } });
    const page = await shop.browser.newPage();
    let tagRequests = 0;
    // There is no outside network here: answer the tag with an empty script.
    await page.route('https://www.googletagmanager.com/**', async (route) => {
      tagRequests += 1;
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtag stub */' });
    });
    try {
      await page.goto(`${tracked.webUrl}${href('lineup')}`);
      await waitForHydration(page);
      const pageViews = () =>
        page.evaluate(() =>
          (window.dataLayer ?? [])
            .map((entry) => Array.from(entry as ArrayLike<unknown>))
            .filter((args) => args[0] === 'event' && args[1] === 'page_view')
            .map((args) => args[2] as { page_path: string; page_title: string; page_location: string }),
        );
      await expect.poll(async () => (await pageViews()).map((v) => v.page_path)).toEqual([href('lineup')]);
      const config = await page.evaluate(() => (window.dataLayer ?? []).map((e) => Array.from(e as ArrayLike<unknown>)).find((a) => a[0] === 'config'));
      expect(config).toEqual(['config', 'G-TEST123', { send_page_view: false }]);
      const script = page.locator('script[src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"]');
      expect(await script.count()).toBe(1);
      await expect.poll(() => tagRequests).toBe(1);

      await page.locator('footer').getByRole('link', { name: 'よくある質問' }).click();
      await page.waitForURL(`${tracked.webUrl}${href('faq')}`);
      await page.locator('.menu-toggle').click();
      await page.locator('#site-menu').getByRole('link', { name: 'ラインナップ' }).click();
      await page.waitForURL(`${tracked.webUrl}${href('lineup')}`);

      await expect.poll(async () => (await pageViews()).map((v) => v.page_path)).toEqual([href('lineup'), href('faq'), href('lineup')]);
      const [, faqView] = await pageViews();
      expect(faqView?.page_location).toBe(`${tracked.webUrl}${href('faq')}`);
      expect(faqView?.page_title).toMatch(/よくある質問|FAQ/);
      expect(tagRequests).toBe(1);
      expect(shop.browser.errors).toEqual([]);
    } finally {
      await page.close();
      await tracked.close();
    }
  });
});
