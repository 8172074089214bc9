import { LANG_COOKIE } from '../../shared/lang-rule.ts';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';


export interface Browser {
  context: BrowserContext;
  /** Every console error and uncaught page error, so a test can fail on them. */
  errors: string[];
  /** A new tab; `keepLanguage` keeps the language the context remembers (a new tab of the same fan). */
  newPage(options?: { keepLanguage?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Debian's Chromium driven by playwright-core, with a fresh profile each time.
 * `javaScriptEnabled: false` is a shopper without JavaScript (progressive enhancement tests).
 */
export async function launchBrowser(options: { javaScriptEnabled?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to another Chromium binary).',
    );
  }
  const profile = mkdtempSync(path.join(os.tmpdir(), 'oshibox-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    locale: 'ja-JP',
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const errors: string[] = [];
  return {
    context,
    errors,
    async newPage(options: { keepLanguage?: boolean } = {}) {
      // Each page starts as a new visitor's, in Japanese: a language one test chose (it is
      // remembered in a cookie, decision 0067) does not leak into the next test's page.
      if (!options.keepLanguage) await context.clearCookies({ name: LANG_COOKIE });
      const page = await context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until React has hydrated the page (the root sets data-hydrated). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
}

/** Turns the page to English by its switch, and waits until the shell has been redrawn in it. */
export async function switchToEnglish(page: Page): Promise<void> {
  await page.locator('.lang-toggle').click();
  await page.locator('.shell[lang="en"]').waitFor({ state: 'attached' });
}
