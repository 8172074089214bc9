import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { waitForHydration, type Browser } from '../support/browser.ts';
import { useShopInBrowser } from '../support/shop-in-browser.ts';

/** Every public page of spec §2, checked by axe-core in Chromium: no serious or critical violation. */
const shop = useShopInBrowser();
let pages: string[] = [];

beforeAll(async () => {
  const db = shop.stack.database.handle.db;
  const artist = await db.selectFrom('artists').select('slug').where('is_close', '=', false).orderBy('sort').executeTakeFirstOrThrow();
  const news = await db.selectFrom('news').select('id').where('open_flag', '=', true).orderBy('id').executeTakeFirstOrThrow();
  pages = [
    href('home'), href('lineup'), href('lineupClose'), href('artist', { slug: artist.slug }),
    href('artistNo', { slug: artist.slug, no: 1 }), href('cogimyun'), href('daruma'), href('reBox'),
    href('news'), href('newsDetail', { id: news.id }), href('faq'), href('howto'), href('transactions'),
    href('privacy'), href('terms'), '/no-such-page',
  ];
});

async function seriousViolations(path: string, prepare?: (page: Awaited<ReturnType<Browser['newPage']>>) => Promise<void>) {
  const page = await shop.browser.newPage();
  await page.goto(`${shop.stack.webUrl}${path}`);
  await waitForHydration(page);
  await prepare?.(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  await page.close();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility', () => {
  it('has no serious or critical axe violation on any public page', async () => {
    const found: string[] = [];
    for (const path of pages) found.push(...(await seriousViolations(path)));
    expect(found).toEqual([]);
    expect(shop.browser.errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('keeps the open menu and the English pages accessible', async () => {
    const withMenu = await seriousViolations(href('lineup'), async (page) => {
      await page.locator('button[aria-controls="site-menu"]').click();
      await page.locator('#site-menu a').first().waitFor();
    });
    const english = await seriousViolations(href('faq'), async (page) => {
      await page.getByRole('link', { name: 'English' }).click();
      await page.locator('[lang="en"]').first().waitFor();
    });
    expect([...withMenu, ...english]).toEqual([]);
  });
});
