import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { startStack, type Stack } from '../support/stack.ts';

/**
 * Progressive enhancement, as a shopper with JavaScript off would go: browse the top page and its
 * banners, open and close the menu, read a page in English by the switch, jump back to the top
 * and reach the login form. Every step is a plain link or CSS, checked in Chromium without scripts.
 */
/** Kept as test artefacts beside the JavaScript screenshots (git-ignored). */
const SHOTS = path.resolve('test-results/screenshots');
let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser({ javaScriptEnabled: false });
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const menu = () => page.locator('#site-menu');
const url = (path: string) => `${stack.webUrl}${path}`;

describe('the storefront without JavaScript', () => {
  it('shows every banner of the carousel: each slide is reachable by Tab and scrolls into the strip', async () => {
    await page.goto(url(href('home')));
    const carousel = page.getByRole('region', { name: 'おすすめ' });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    const count = await slides.count();
    expect(count).toBeGreaterThan(2);
    // No slide is hidden or inert, and the script's controls are absent rather than dead.
    expect(await carousel.locator('[inert], [aria-hidden="true"]').count()).toBe(0);
    expect(await carousel.getByRole('button').count()).toBe(0);
    // The banner's words are text in the page, not only in the picture.
    expect((await slides.nth(1).locator('.banner-title').textContent())?.length).toBeGreaterThan(0);

    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'nojs-home-390.png'), fullPage: true });
    await slides.nth(0).getByRole('link').focus();
    for (let n = 2; n <= count; n += 1) {
      await page.keyboard.press('Tab');
      const slideLink = slides.nth(n - 1).getByRole('link');
      await expect.poll(() => slideLink.evaluate((a) => a === document.activeElement)).toBe(true);
      // The strip scrolls the focused slide into view by itself (scroll-snap, no script): all of it
      // shows in the row, whose next banner peeks in at the edge (issue 31).
      await expect.poll(() => slideLink.evaluate((a) => {
        const slide = a.closest('[aria-roledescription="slide"]')?.getBoundingClientRect();
        const row = a.closest('.banner-track')?.getBoundingClientRect();
        return Boolean(slide && row && slide.left >= row.left - 1 && slide.right <= row.right + 1);
      })).toBe(true);
    }
  });

  it('opens the menu by its link, closes it by its close link, and reaches the shop pages', async () => {
    await page.goto(url(href('home')));
    expect(await menu().isVisible()).toBe(false);
    await page.getByRole('link', { name: 'メニューを開く' }).click();
    await menu().getByRole('link', { name: 'よくある質問', exact: true }).waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(SHOTS, 'nojs-menu-390.png') });
    await menu().getByRole('link', { name: 'メニューを閉じる' }).click();
    await menu().waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'メニューを開く' }).click();
    await menu().getByRole('link', { name: 'ラインナップ', exact: true }).click();
    await page.waitForURL(url(href('lineup')));
    await page.getByRole('heading', { level: 1, name: 'ラインナップ' }).waitFor();
    // The menu is closed on the new page (no #fragment there).
    expect(await menu().isVisible()).toBe(false);
    // Browse on: a category chip is an in-page link, an artist card a page link.
    await page.locator('.category-nav a').nth(1).click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#category-/);
    await page.locator('.artist-card').first().click();
    await page.waitForURL(/\/lineup\/[^/]+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('switches to English by a link, the next page stays English, and 日本語 switches back', async () => {
    await page.goto(url(href('faq')));
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(url(`${href('faq')}?lang=en`));
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    expect(await page.locator('.shell').getAttribute('lang')).toBe('en');
    await page.getByRole('link', { name: '日本語' }).waitFor();

    await page.locator('footer').getByRole('link', { name: 'Terms of service' }).click();
    await page.waitForURL(url(href('terms')));
    // Remembered (decision 0067): a plain link keeps English.
    expect(await page.locator('.shell').getAttribute('lang')).toBe('en');
    await page.getByRole('link', { name: '日本語' }).click();
    await page.waitForURL(url(`${href('terms')}?lang=ja`));
    expect(await page.locator('.shell').getAttribute('lang')).toBe('ja');
    await page.locator('footer').getByRole('link', { name: 'よくある質問', exact: true }).click();
    await page.waitForURL(url(href('faq')));
    expect(await page.locator('.shell').getAttribute('lang')).toBe('ja');
  });

  it('jumps back to the top with the page-top link', async () => {
    await page.goto(url(href('lineup')));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const pageTop = page.getByRole('link', { name: 'ページの先頭へ' });
    await pageTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).hash).toBe('#top');
  });

  it('reaches the login form from the menu', async () => {
    await page.goto(url(href('howto')));
    await page.getByRole('link', { name: 'メニューを開く' }).click();
    await menu().getByRole('link', { name: 'ログイン', exact: true }).click();
    await page.waitForURL(url(href('login')));
    await page.getByLabel('メールアドレス').waitFor();
    await page.getByRole('button', { name: 'ログイン' }).waitFor();
    expect(await page.title()).toMatch(/ \| OshiBox$/);
    expect(browser.errors).toEqual([]);
  });
});
