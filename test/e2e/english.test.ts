import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { launchBrowser, waitForHydration } from '../support/browser.ts';
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

describe('English stays on (issue 31, docs/decisions/0067-english-stays-on.md)', () => {
  it('switched on, it stays on across route changes, a reload and a new tab; switched off, it stays off', async () => {
    const { page, loginStatusCalls } = await open(href('lineup'));
    expect(await langToggle(page).textContent()).toBe('English');
    expect(await shellLang(page)).toBe('ja');

    await langToggle(page).click();
    await expect.poll(() => langToggle(page).textContent()).toBe('日本語');
    await expect.poll(() => shellLang(page)).toBe('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('heading', { level: 1, name: 'Lineup' }).waitFor();
    const footer = page.locator('footer');
    await page.locator('.menu-toggle').click();
    const menu = page.locator('#site-menu');
    for (const name of ['Lineup', 'How to use', 'FAQ', 'Log in', 'Sign up']) {
      await menu.getByRole('link', { name, exact: true }).waitFor({ state: 'visible' });
    }
    await page.keyboard.press('Escape');
    // Toggling the language is not a route change: no login-status call yet.
    expect(loginStatusCalls()).toBe(0);

    // A route change keeps English (the spec's "toggle" re-applied the translation; decision 0067).
    await footer.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('faq')}`);
    expect(await sameDocument(page)).toBe(true);
    await page.getByRole('heading', { level: 1, name: /FAQ|Frequently asked questions/ }).waitFor();
    expect(await shellLang(page)).toBe('en');
    await expect.poll(loginStatusCalls).toBe(1);

    // A reload and a new tab come back in English: the server reads the remembered choice.
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await langToggle(page).textContent()).toBe('日本語');
    const tab = await shop.browser.newPage({ keepLanguage: true });
    await tab.goto(`${shop.stack.webUrl}${href('news')}`);
    expect(await shellLang(tab)).toBe('en');
    await tab.close();

    // Off again: it stays off, reload included.
    await waitForHydration(page);
    await langToggle(page).click();
    await expect.poll(() => shellLang(page)).toBe('ja');
    await page.locator('footer').getByRole('link', { name: 'お知らせ', exact: true }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('news')}`);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    expect(await shellLang(page)).toBe('ja');
    expect(shop.browser.errors).toEqual([]);
    await page.close();
    await shop.browser.context.clearCookies();
  });

  it('works as a link without JavaScript: ?lang=en renders English on the server and is remembered; the cache serves each language its own page', async () => {
    const html = async (path: string, cookie?: string) => {
      const res = await fetch(`${shop.stack.webUrl}${path}`, cookie ? { headers: { cookie } } : {});
      return { text: await res.text(), setCookie: res.headers.get('set-cookie') };
    };
    const asked = await html(`${href('lineup')}?lang=en`);
    expect(asked.text).toMatch(/<html lang="en"/);
    expect(asked.text).toMatch(/<div class="shell" id="top" lang="en">/);
    expect(asked.text).toMatch(/<h1 class="page-title">Lineup<\/h1>/);
    expect(asked.text).toContain(`<a href="${href('lineup')}?lang=ja" class="lang-toggle"`);
    expect(asked.setCookie).toMatch(/^oshibox_lang=en; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    // The same page twice (the second from the shared cache) remembers the choice both times.
    expect((await html(`${href('lineup')}?lang=en`)).setCookie).toMatch(/^oshibox_lang=en;/);

    // The remembered choice: every page of the shop in English, cached or not, with its alternates.
    for (const path of [href('faq'), href('faq'), href('news'), href('login')]) {
      const page = await html(path, 'oshibox_lang=en');
      expect(page.text, path).toMatch(/<html lang="en"/);
      expect(page.setCookie).toBeNull();
    }
    const faq = (await html(href('faq'), 'oshibox_lang=en')).text;
    expect(faq).toContain(`<link rel="canonical" href="${shop.stack.config.PUBLIC_ORIGIN}${href('faq')}?lang=en"/>`);
    expect(faq).toContain(`<link rel="alternate" hrefLang="ja" href="${shop.stack.config.PUBLIC_ORIGIN}${href('faq')}"/>`);
    expect(faq).toContain(`<link rel="alternate" hrefLang="en" href="${shop.stack.config.PUBLIC_ORIGIN}${href('faq')}?lang=en"/>`);
    // A visitor without the cookie gets the Japanese page of the same path from the same cache.
    expect((await html(href('faq'))).text).toMatch(/<html lang="ja"/);
    // The switch back as a link: Japanese, and remembered.
    const back = await html(`${href('faq')}?lang=ja`, 'oshibox_lang=en');
    expect(back.text).toMatch(/<html lang="ja"/);
    expect(back.setCookie).toMatch(/^oshibox_lang=ja;/);

    // In a browser without JavaScript: the switch, then plain links, stay English.
    const noJs = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await noJs.newPage();
      await page.goto(`${shop.stack.webUrl}${href('lineup')}`);
      await page.locator('.lang-toggle').click();
      await page.getByRole('heading', { level: 1, name: 'Lineup' }).waitFor();
      await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
      await page.waitForURL(`${shop.stack.webUrl}${href('faq')}`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.locator('.lang-toggle').click();
      await page.waitForURL(/lang=ja/);
      await page.locator('footer').getByRole('link', { name: 'お知らせ', exact: true }).click();
      await page.waitForURL(`${shop.stack.webUrl}${href('news')}`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    } finally {
      await noJs.close();
    }
  });

  it('a page asked with ?lang=en hydrates as rendered, and switching off there leaves a URL that reloads in Japanese', async () => {
    const { page } = await open(`${href('lineup')}?lang=en`);
    expect(await shellLang(page)).toBe('en');
    await langToggle(page).click();
    await expect.poll(() => shellLang(page)).toBe('ja');
    await page.waitForURL(`${shop.stack.webUrl}${href('lineup')}`);
    await page.reload();
    expect(await shellLang(page)).toBe('ja');
    expect(shop.browser.errors).toEqual([]);
    await page.close();
    await shop.browser.context.clearCookies();
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
