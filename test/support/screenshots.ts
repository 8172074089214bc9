import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Full-page screenshots of `page` at each width, into `dir` as `<name>-<width>.png` (looked at,
 * not committed); nothing when `dir` is unset (the files' *_SCREENSHOTS variables). The page is
 * left at `restoreWidth` when given.
 */
export async function snapAtWidths(page: Page, dir: string | undefined, name: string, options: { widths?: number[]; height?: number; restoreWidth?: number } = {}): Promise<void> {
  const height = options.height ?? 900;
  // The page ends at `restoreWidth` whether or not screenshots are taken: what the test checks next is the same in CI.
  if (!dir) {
    if (options.restoreWidth) await page.setViewportSize({ width: options.restoreWidth, height });
    return;
  }
  mkdirSync(dir, { recursive: true });
  for (const width of options.widths ?? [390, 1280]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (options.restoreWidth) await page.setViewportSize({ width: options.restoreWidth, height });
}
