import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { seriousAxeViolations } from '../support/axe.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { href } from '../../shared/routes.ts';
import { switchToEnglish, waitForHydration } from '../support/browser.ts';
import { signInBrowser, signUpViaApi, useProfileShop } from '../support/profile-shop.ts';

/**
 * axe-core on every profile page and state (overview, deletion confirmation, the forms empty,
 * with messages and on their second step): no serious or critical violation. With
 * PROFILE_SCREENSHOTS=<dir> each state is also saved at 390 px and 1280 px for a human to look at.
 */
const shop = useProfileShop();
const SCREENSHOTS = process.env.PROFILE_SCREENSHOTS;

interface PageState {
  name: string;
  path: string;
  prepare?: (page: Page) => Promise<void>;
}

const submit = (name: string) => async (page: Page) => {
  await page.getByRole('button', { name }).click();
  await page.locator('.form-field-error').first().waitFor();
};

const STATES: PageState[] = [
  { name: 'profile', path: `${href('profile')}?done=address` },
  { name: 'profile-en', path: href('profile'), prepare: switchToEnglish },
  { name: 'delete-confirm', path: `${href('profile')}?step=delete` },
  { name: 'password', path: href('profilePassword') },
  { name: 'password-errors', path: href('profilePassword'), prepare: submit('パスワードを変更する') },
  { name: 'email', path: href('profileEmail') },
  {
    name: 'email-code',
    path: href('profileEmail'),
    prepare: async (page) => {
      await page.locator('input[name="email"]').fill(`a11y-${Date.now()}@example.com`);
      await page.getByRole('button', { name: '認証コードを送信する' }).click();
      await page.locator('input[name="code"]').waitFor();
    },
  },
  { name: 'address', path: href('profileAddress') },
  {
    name: 'address-errors',
    path: href('profileAddress'),
    prepare: async (page) => {
      await page.locator('input[name="address"]').fill('');
      await page.locator('input[name="tel"]').fill('03-1234');
      await submit('変更を保存する')(page);
    },
  },
];

async function check(state: PageState): Promise<string[]> {
  const page = await shop.browser.newPage();
  await page.goto(`${shop.stack.webUrl}${state.path}`);
  await waitForHydration(page);
  await state.prepare?.(page);
  const violations = await seriousAxeViolations(page, state.name);
  // Nothing may widen the page past a phone's screen (long e-mail addresses, English labels).
  await page.setViewportSize({ width: 390, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (SCREENSHOTS) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${state.name}-${width}.png`), fullPage: true });
    }
  }
  await page.close();
  const wide = overflow > 0 ? [`${state.name}: ${overflow}px wider than a 390px screen`] : [];
  return [...wide, ...violations];
}

describe('profile pages accessibility', () => {
  // Every profile page and state, each checked by axe: about a minute on a busy machine, so its own time (2× headroom).
  it('has no serious or critical axe violation, nor a page wider than a phone, on any profile page or state', { timeout: 150_000 }, async () => {
    const user = await signUpViaApi(shop);
    await signInBrowser(shop.browser, shop, user);
    const found: string[] = [];
    for (const state of STATES) found.push(...(await check(state)));
    expect(found).toEqual([]);
    expect(shop.browser.errors).toEqual([]);
  });
});
