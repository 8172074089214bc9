import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits for the page's CSS transitions and finite animations to end: a hover or focus colour
 * fading in (the language toggle just clicked) would otherwise be measured half-way, a contrast
 * no shopper sees for more than 0.2 s. Endless animations (a floating icon) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe-core's serious and critical WCAG 2.2 AA violations on the page as it settles, one line each,
 * named; and content outside every landmark (axe's best-practice rule "region", of moderate
 * impact), which a screen reader's landmark navigation would skip (the test-mode bar once was).
 */
export async function seriousAxeViolations(page: Page, name: string): Promise<string[]> {
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules: { region: { enabled: true } } }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'region')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
