import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { launchBrowser, waitForHydration, type Browser } from '../support/browser.ts';
import { startStack, type Stack } from '../support/stack.ts';

/**
 * Pages from the shared page cache in Chromium (docs/decisions/0041): the same bytes for every
 * visitor, they run under their CSP (the loader's hash, no nonce) without a single violation,
 * hydrate and navigate; an inline script anyone else adds is refused; without JavaScript the page
 * is whole.
 */
let stack: Stack;
let browser: Browser;
let noScript: Browser;

beforeAll(async () => {
  stack = await startStack({ env: { PAGE_CACHE: 'on' } });
  browser = await launchBrowser();
  noScript = await launchBrowser({ javaScriptEnabled: false });
}, 60_000);
afterAll(async () => {
  await noScript?.close();
  await browser?.close();
  await stack?.close();
});

/** A page that records every CSP violation it sees, from its first byte. */
async function watchedPage(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return { page, violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations) };
}

describe('a page from the cache, in the browser', () => {
  it('runs, hydrates and navigates under its CSP with no violation, the second visitor served from the cache', async () => {
    const cache = stack.pageCache ?? expect.fail('the page cache is off');
    const first = await browser.newPage();
    await first.goto(`${stack.webUrl}${href('lineup')}`);
    await waitForHydration(first);
    await first.close();
    const hits = cache.counts.hit;

    const { page, violations } = await watchedPage();
    const response = await page.goto(`${stack.webUrl}${href('lineup')}`);
    expect(response?.headers()['cache-control']).toContain('public');
    expect(cache.counts.hit).toBeGreaterThan(hits);
    await waitForHydration(page);
    await page.locator('a[href^="/lineup/"]').first().click();
    await page.waitForURL(/\/lineup\/[^/]+$/);
    await page.locator('h1').first().waitFor();
    expect(await violations()).toEqual([]);
    expect(browser.errors).toEqual([]);
    await page.close();
  });

  it('refuses an inline script the page does not name by its hash', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(`${stack.webUrl}${href('faq')}`);
    await waitForHydration(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
    });
    await expect.poll(violations).toEqual([expect.stringMatching(/^script-src/)]);
    expect(await page.evaluate(() => 'injected' in window || '__injected' in window)).toBe(false);
    browser.errors.length = 0;
    await page.close();
  });

  it('is whole without JavaScript', async () => {
    const page = await noScript.newPage();
    await page.goto(`${stack.webUrl}${href('lineup')}`);
    await page.goto(`${stack.webUrl}${href('lineup')}`);
    await expect.poll(() => page.locator('a[href^="/lineup/"]').count()).toBeGreaterThan(1);
    await page.locator('a[href^="/lineup/"]').first().click();
    await page.waitForURL(/\/lineup\/[^/]+$/);
    await page.locator('h1').first().waitFor();
    await page.close();
  });
});
