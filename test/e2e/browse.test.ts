import { describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/browser.ts';
import { useShopInBrowser } from '../support/shop-in-browser.ts';

const shop = useShopInBrowser();

describe('browsing the shop', () => {
  it('goes from the top page to an artist and sees its plans without a full page load', async () => {
    const page = await shop.browser.newPage();
    await page.goto(`${shop.stack.webUrl}/`);
    await waitForHydration(page);
    // A marker on window survives client-side navigation only.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    const card = page.locator('.artist-card').first();
    const name = (await card.locator('.artist-card-name').textContent()) ?? '';
    expect(name.length).toBeGreaterThan(0);
    await card.click();

    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/lineup\/[a-z0-9_-]+$/);
    const plans = page.locator('.plan-card');
    await plans.first().waitFor();
    await expect.poll(() => plans.first().locator('.plan-cost-amount').textContent()).toMatch(/^¥[\d,]+（税込・送料込）/);
    expect(await page.evaluate(() => 'oshiboxSameDocument' in window || '__sameDocument' in window)).toBe(true);
    await expect.poll(() => page.title()).toBe(`${name} | OshiBox`);
    expect(shop.browser.errors).toEqual([]);
    await page.close();
  });
});
