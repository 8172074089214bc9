import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { href } from '../../shared/routes.ts';
import { waitForHydration } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, useProfileShop } from '../support/profile-shop.ts';
import { registerCard } from '../support/subscription-shop.ts';

const shop = useProfileShop({ seed: true });
const OUT = '/work/shots-lead';

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 900 });
}

describe('look', () => {
  it('walks', async () => {
    const db = shop.stack.database.handle.db;
    const user = await signUpViaApi(shop);
    await registerCard(shop, user);
    await signInBrowser(shop.browser, shop, user);
    const page = await shop.browser.newPage();
    const go = async (p: string) => { await page.goto(`${shop.stack.webUrl}${p}`); await waitForHydration(page); };
    await go('/lineup'); await shots(page, 'lineup');
    const artist = await db.selectFrom('artists').innerJoin('plans', 'plans.artist_id', 'artists.id').select(['artists.slug', 'plans.id'])
      .where('artists.is_close', '=', false).where('artists.slug', 'not like', '%nuigurumi').orderBy('artists.sort').orderBy('plans.sort').executeTakeFirstOrThrow();
    await go(`/lineup/${artist.slug}`); await shots(page, 'artist');
    await go(href('checkout', { slug: artist.slug, planId: artist.id })); await shots(page, 'checkout');
    await page.getByRole('button', { name: '申し込む（決済する）' }).click();
    await page.waitForURL(`**/complete`);
    await page.getByRole('status').first().waitFor();
    await shots(page, 'complete');
    await go(href('plan')); await shots(page, 'my-plans');
    await page.getByRole('link', { name: /^\d+月号をスキップする$/ }).click();
    await page.getByRole('button', { name: /^\d+月号をスキップする$/ }).waitFor();
    await shots(page, 'skip-confirm');
    await page.getByRole('button', { name: /^\d+月号をスキップする$/ }).click();
    await page.getByRole('status').filter({ hasText: /スキップ/ }).waitFor();
    await shots(page, 'my-plans-skipped');
    await go(href('profile')); await shots(page, 'my-page');
    await go(href('orderHistory')); await shots(page, 'order-history');
    await go('/'); await shots(page, 'home');
  }, 240_000);
});
