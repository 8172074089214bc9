import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { switchToEnglish, waitForHydration } from '../support/browser.ts';
import { useShopInBrowser } from '../support/shop-in-browser.ts';

/**
 * Moving between pages in the browser (client-side navigation) as a phone user expects: a new
 * page starts at the top with focus on its heading; Back returns to where the fan was.
 */
const shop = useShopInBrowser();

async function open(path: string): Promise<Page> {
  const page = await shop.browser.newPage();
  await page.goto(`${shop.stack.webUrl}${path}`);
  await waitForHydration(page);
  // Marks the document, so a full page load (which would reset everything by itself) shows.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  return page;
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const sameDocument = (page: Page) => page.evaluate(() => '__sameDocument' in window);
/** What has focus: `h1 <its text>`, or the tag name of anything else. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.tagName === 'H1' ? `h1 ${el.textContent?.trim()}` : (el?.tagName.toLowerCase() ?? 'none');
  });

describe('navigation', () => {
  it('opens an artist at the top with focus on its name, and Back returns to the place in the lineup', async () => {
    const page = await open(href('lineup'));
    expect(await focused(page)).toBe('body');
    const card = page.locator('a.artist-card').nth(6);
    await card.scrollIntoViewIfNeeded();
    const lineupY = await scrollY(page);
    expect(lineupY).toBeGreaterThan(500);
    const name = (await card.locator('.artist-card-name').textContent())?.trim() ?? '';

    await card.click();
    await page.locator('h1.artist-name').waitFor();
    await expect.poll(() => focused(page)).toBe(`h1 ${name}`);
    expect(await scrollY(page)).toBe(0);
    expect(await sameDocument(page)).toBe(true);

    await page.mouse.wheel(0, 600);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'ラインナップ' }).waitFor();
    await expect.poll(async () => Math.abs((await scrollY(page)) - lineupY)).toBeLessThanOrEqual(3);
    await expect.poll(() => focused(page)).toBe('h1 ラインナップ');

    // A new navigation from the restored place starts at the top again.
    await page.locator('footer').getByRole('link', { name: 'よくある質問', exact: true }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('faq')}`);
    await expect.poll(() => focused(page)).toMatch(/^h1 /);
    expect(await scrollY(page)).toBe(0);
    expect(await sameDocument(page)).toBe(true);
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });

  it('keeps focus in a form answered on its own page, and follows the English flag in <html lang>', async () => {
    const page = await open(href('login'));
    await page.getByLabel('メールアドレス').fill('nobody@example.com');
    await page.getByLabel('パスワード').fill('wrong-password-1');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.locator('[role="alert"]').first().waitFor();
    expect(await focused(page)).not.toMatch(/^h1 /);

    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await switchToEnglish(page);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(`${shop.stack.webUrl}${href('faq')}`);
    // English stays on across a change of page (decision 0067), and so does the document's.
    await page.getByRole('heading', { level: 1, name: /FAQ|Frequently asked questions/ }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await sameDocument(page)).toBe(true);
    expect(shop.browser.errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await page.close();
  });
});
