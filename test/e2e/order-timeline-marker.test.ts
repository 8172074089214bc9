import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { waitForHydration, type Browser } from '../support/browser.ts';
import { insertHistory, insertSubscription, seedHistoryShop } from '../support/order-history-rows.ts';
import { signInBrowser, signUpViaApi, useProfileShop, type TestUser } from '../support/profile-shop.ts';

/**
 * The order timeline 「お届けまでの流れ」 is a <details> whose summary is laid out as flex, which
 * drops the browser's own triangle: the page drew no sign that it opens. It now shows a chevron
 * pointing right while closed and down while open, with JavaScript and without, and Chromium
 * names the disclosure by its text.
 */
const shop = useProfileShop({ noJs: true });
let user: TestUser;

beforeAll(async () => {
  const db = shop.stack.database.handle.db;
  const catalogue = await seedHistoryShop(db, 'e2e-timeline-marker');
  user = await signUpViaApi(shop);
  const userPlanId = await insertSubscription(db, user.userId, catalogue, new Date(), 'CANCELLED');
  await insertHistory(db, { userId: user.userId, userPlanId, shop: catalogue });
});

async function openHistory(browser: Browser, hydrate: boolean): Promise<Page> {
  await signInBrowser(browser, shop, user);
  const page = await browser.newPage();
  await page.goto(`${shop.stack.webUrl}${href('orderHistory')}`);
  if (hydrate) await waitForHydration(page);
  return page;
}

/** The summary's drawn marker: its size and which way it points (from its rotation). */
function markerOf(summary: Locator): Promise<{ width: number; height: number; visible: boolean; points: 'right' | 'down' | 'other' }> {
  return summary.evaluate((el) => {
    const style = getComputedStyle(el, '::before');
    const [a = 0, b = 0] = (/matrix\(([^)]+)\)/.exec(style.transform)?.[1] ?? '1, 0').split(',').map(Number);
    // The chevron is the bottom-right corner of a square: turned -45° it points right, +45° down.
    const points = Math.abs(a - Math.SQRT1_2) < 0.01 ? (b < -0.7 ? 'right' : b > 0.7 ? 'down' : 'other') : 'other';
    const visible = style.content !== 'none' && style.borderRightStyle === 'solid' && style.borderRightColor !== 'rgba(0, 0, 0, 0)';
    return { width: parseFloat(style.width), height: parseFloat(style.height), visible, points };
  });
}

async function expectMarkerTurns(page: Page): Promise<void> {
  const summary = page.locator('details.order-timeline > summary').first();
  expect(await summary.textContent()).toBe('お届けまでの流れ');
  await expect.poll(() => markerOf(summary)).toEqual({ width: 8, height: 8, visible: true, points: 'right' });
  await summary.click();
  await page.locator('details.order-timeline[open]').first().waitFor();
  await expect.poll(() => markerOf(summary)).toEqual({ width: 8, height: 8, visible: true, points: 'down' });
}

describe('order timeline disclosure', () => {
  it('shows a chevron that turns down when opened, and Chromium names it by its text', async () => {
    const page = await openHistory(shop.browser, true);
    const cdp = await shop.browser.context.newCDPSession(page);
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'document.querySelector("details.order-timeline > summary")' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
    expect(nodes[0]?.name?.value).toBe('お届けまでの流れ');
    expect(nodes[0]?.role?.value).toBe('DisclosureTriangle');
    await expectMarkerTurns(page);
    await page.close();
    expect(shop.browser.errors).toEqual([]);
  });

  it('does the same without JavaScript', async () => {
    const page = await openHistory(shop.noJs, false);
    await expectMarkerTurns(page);
    await page.locator('.order-step').first().waitFor();
    await page.close();
  });
});
