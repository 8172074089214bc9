import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/browser.ts';
import { listPublicPages } from '../support/public-pages.ts';
import { useShopInBrowser } from '../support/shop-in-browser.ts';

/**
 * Every public page in Chromium at a phone's and a desktop's width: a full-page screenshot kept
 * under test-results/screenshots/ (git-ignored) for a person to look at, and the checks a glance
 * would make: nothing wider than the screen, a title with the brand, one h1.
 */
const shop = useShopInBrowser();
const OUT = path.resolve('test-results/screenshots');
const WIDTHS = [390, 1280] as const;

describe('storefront screenshots', () => {
  it('renders every public page at 390 and 1280 px without sideways overflow', async () => {
    mkdirSync(OUT, { recursive: true });
    const problems: string[] = [];
    for (const { name, path: pagePath } of await listPublicPages(shop.stack)) {
      for (const width of WIDTHS) {
        const page = await shop.browser.newPage();
        await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
        await page.goto(`${shop.stack.webUrl}${pagePath}`);
        await waitForHydration(page);
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
        const found = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          title: document.title,
          h1: document.querySelectorAll('h1').length,
        }));
        if (found.scrollWidth > width) problems.push(`${name}@${width}: ${found.scrollWidth}px wide`);
        if (!found.title.includes('OshiBox')) problems.push(`${name}@${width}: title "${found.title}" lacks the brand`);
        if (found.h1 !== 1) problems.push(`${name}@${width}: ${found.h1} h1`);
        await page.close();
      }
    }
    expect(problems).toEqual([]);
    expect(shop.browser.errors.filter((e) => !e.includes('404'))).toEqual([]);
  }, 240_000);
});
