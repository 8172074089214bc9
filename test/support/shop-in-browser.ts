import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type Browser } from './browser.ts';
import { startStack, type Stack } from './stack.ts';

export interface ShopInBrowser {
  stack: Stack;
  browser: Browser;
}

/**
 * For a browser test file: the shop (API + web over a fresh seeded database) and Chromium,
 * started before its tests and closed after them.
 */
export function useShopInBrowser(): ShopInBrowser {
  const shop = {} as ShopInBrowser;
  beforeAll(async () => {
    shop.stack = await startStack();
    shop.browser = await launchBrowser();
  });
  afterAll(async () => {
    await shop.browser?.close();
    await shop.stack?.close();
  });
  return shop;
}
