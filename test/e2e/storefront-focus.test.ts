import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/browser.ts';
import { listPublicPages } from '../support/public-pages.ts';
import { useShopInBrowser } from '../support/shop-in-browser.ts';

/**
 * The focus ring, measured (WCAG 2.4.11/2.4.13): Tab through every public page and, for each
 * control that takes focus, compute the contrast of its ring against the colour behind the ring.
 * The ring is two-tone (a dark outline round a white band), so one tone must reach 3:1.
 */
const shop = useShopInBrowser();
let pages: { name: string; path: string }[] = [];
/** Enough presses to pass the header, the page's controls and the footer of the longest page. */
const MAX_TABS = 90;

beforeAll(async () => {
  pages = await listPublicPages(shop.stack);
});

interface Ring {
  label: string;
  /** Focus came back to a control already measured: Tab has gone round the page. */
  repeat: boolean;
  outline: string | null;
  outlineContrast: number;
  haloContrast: number;
  background: string;
}

/** Runs in the page: the focused element's ring, and the colour behind it. */
function measureFocusRing(): Ring | null {
  type Rgba = [number, number, number, number];
  const parse = (css: string): Rgba | null => {
    const m = css.match(/rgba?\(([^)]+)\)/);
    if (!m?.[1]) return null;
    const [r = 0, g = 0, b = 0, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  };
  const over = (top: Rgba, under: Rgba): Rgba => {
    const a = top[3];
    return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
  };
  const backgroundOf = (el: Element | null): Rgba => {
    if (!el) return [255, 255, 255, 1];
    const own = parse(getComputedStyle(el).backgroundColor) ?? [0, 0, 0, 0];
    if (own[3] >= 1) return own;
    const under = backgroundOf(el.parentElement);
    return own[3] === 0 ? under : over(own, under);
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || active.id === 'main') return null;
  const repeat = active.dataset.ringSeen === 'true';
  active.dataset.ringSeen = 'true';
  // The ring may be drawn by the element, by its ::before, or (inside a clipping strip) by a child.
  const candidates: [Element, string | null][] = [[active, null], [active, '::before']];
  for (const child of Array.from(active.querySelectorAll('*'))) candidates.push([child, null]);
  const found = candidates.find(([el, pseudo]) => {
    const style = getComputedStyle(el, pseudo);
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  });
  const label = `${active.tagName.toLowerCase()}.${String(active.className).split(' ')[0]} "${(active.textContent ?? '').trim().slice(0, 24)}"`;
  const behind = backgroundOf(active.parentElement);
  if (!found) return { label, repeat, outline: null, outlineContrast: 0, haloContrast: 0, background: String(behind) };
  const style = getComputedStyle(found[0], found[1]);
  const outline = parse(style.outlineColor) ?? [0, 0, 0, 0];
  const halo = parse(style.boxShadow) ?? [0, 0, 0, 0];
  const ringBehind = found[0] === active ? behind : backgroundOf(found[0].parentElement);
  return {
    label,
    repeat,
    outline: style.outlineColor,
    outlineContrast: contrast(over(outline, ringBehind), ringBehind),
    haloContrast: halo[3] === 0 ? 0 : contrast(over(halo, ringBehind), ringBehind),
    background: String(ringBehind),
  };
}

async function weakRings(page: Page, name: string): Promise<string[]> {
  const weak: string[] = [];
  let measured = 0;
  for (let i = 0; i < MAX_TABS; i += 1) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(measureFocusRing);
    if (!ring) continue;
    if (ring.repeat) break;
    measured += 1;
    const best = Math.max(ring.outlineContrast, ring.haloContrast);
    if (best < 3) weak.push(`${name} ${ring.label}: ${ring.outline ?? 'no ring'} on ${ring.background} → ${best.toFixed(2)}:1`);
  }
  expect(measured, `${name}: focus reached no control`).toBeGreaterThan(3);
  return weak;
}

/**
 * A page may move focus itself once it is shown (/lineup/{slug}/{no} focuses its plan in the frame
 * after mount: client/components/plan-scroll.ts); Tab starts from there. Its frame was asked for
 * before the hydration flag was set, so it has run once two more frames have.
 */
async function afterMountFocus(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

describe('focus ring', () => {
  it('stands out at 3:1 or more against what lies behind it, on every public page and in the open menu', async () => {
    const weak: string[] = [];
    const page = await shop.browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const { name, path } of pages) {
      await page.goto(`${shop.stack.webUrl}${path}`);
      await waitForHydration(page);
      await afterMountFocus(page);
      weak.push(...(await weakRings(page, name)));
    }
    // The phone's menu: its links on the white panel.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${shop.stack.webUrl}/`);
    await waitForHydration(page);
    await page.locator('.menu-toggle').click();
    await page.locator('#site-menu a').first().waitFor();
    weak.push(...(await weakRings(page, 'menu')));
    await page.close();
    expect(weak).toEqual([]);
    expect(shop.browser.errors.filter((e) => !e.includes('404'))).toEqual([]);
  }, 300_000);
});
