import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/browser.ts';
import { useShopInBrowser } from '../support/shop-in-browser.ts';

/** The top page's banner carousel in Chromium: controls, keyboard, scrolling, auto-advance and pausing. */
const shop = useShopInBrowser();
let page: Page;

/** Longer than the 5 s interval, shorter than two of them. */
const ONE_INTERVAL_MS = 7_000;
const PAUSED_WAIT_MS = 6_000;

/** Presses for the scroll-then-press race, in turn; enough rounds to cover 60–160 ms finely. */
const RACE_PRESSES = ['next', 'previous', 'dot'] as const;
const RACE_ROUNDS = 24;

/**
 * In the page: notes when the scroll that the next wheel turn starts ends (Chromium's scrollend,
 * resting on a slide other than `from`, the slide number it starts on) and on which slide; not
 * the late end of an earlier press's scroll, which rests on `from`.
 */
function recordScrollEnd(track: HTMLElement, from: number): void {
  delete track.dataset.scrollEndedAt;
  const onEnd = () => {
    const at = track.scrollLeft / track.clientWidth;
    if (Math.abs(at - Math.round(at)) * track.clientWidth >= 2 || Math.round(at) + 1 === from) return;
    track.removeEventListener('scrollend', onEnd);
    track.dataset.scrollEndedAt = String(performance.now());
    track.dataset.scrollEndedOn = String(Math.round(at) + 1);
  };
  track.addEventListener('wheel', () => track.addEventListener('scrollend', onEnd), { once: true });
}

/**
 * In the page: waits for the scroll noted by recordScrollEnd to end, then presses the next or
 * previous arrow, or the dot two slides on, `delayMs` after that end (timed in the page, so the
 * test's own latency does not blur it). Returns the slide (from 1) the scroll landed on.
 */
async function pressAfterScrollEnd(
  track: HTMLElement,
  { delayMs, press, count }: { delayMs: number; press: (typeof RACE_PRESSES)[number]; count: number },
): Promise<number> {
  const deadline = performance.now() + 10_000;
  while (track.dataset.scrollEndedAt === undefined) {
    if (performance.now() > deadline) throw new Error('the strip never finished scrolling');
    await new Promise(requestAnimationFrame);
  }
  const endedAt = Number(track.dataset.scrollEndedAt);
  const landed = Number(track.dataset.scrollEndedOn);
  const label = press === 'next' ? '次のスライド' : press === 'previous' ? '前のスライド' : `${(landed + 1) % count + 1}枚目を表示`;
  const button = track.closest('section')?.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
  if (!button) throw new Error(`no button ${label}`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, endedAt + delayMs - performance.now())));
  button.click();
  return landed;
}

afterEach(async () => {
  await page?.close();
  expect(shop.browser.errors).toEqual([]);
});

/**
 * With `fakeTime`, the page's clock (Playwright's) runs as usual but the test can jump it ahead:
 * the 5 s auto-advance is then checked without the test waiting seconds of real time for it.
 */
async function openTopPage({ fakeTime = false } = {}): Promise<Locator> {
  page = await shop.browser.newPage();
  if (fakeTime) await page.clock.install();
  await page.goto(`${shop.stack.webUrl}/`);
  await waitForHydration(page);
  return page.getByRole('region', { name: 'おすすめ' });
}

/** The number of the slide shown now, from its "n / total" label. */
async function shown(carousel: Locator): Promise<number> {
  const label = await carousel.locator('[aria-roledescription="slide"][aria-hidden="false"]').getAttribute('aria-label');
  return Number(label?.split(' / ')[0]);
}

async function total(carousel: Locator): Promise<number> {
  return carousel.getByRole('button', { name: /枚目を表示$/ }).count();
}

/** Whether slide n (from 1) fills the strip's visible box, as the eye would check. */
async function slideInView(carousel: Locator, n: number): Promise<boolean> {
  const strip = await carousel.locator('.banner-track').boundingBox();
  const slide = await carousel.locator('[aria-roledescription="slide"]').nth(n - 1).boundingBox();
  return strip !== null && slide !== null && Math.abs(slide.x - strip.x) < 2;
}

function after(n: number, count: number): number {
  return (n % count) + 1;
}

/** Waits until the auto-advance is held (hover, focus, stop): the strip then speaks its changes. */
async function held(carousel: Locator): Promise<void> {
  await carousel.locator('.banner-track[aria-live="polite"]').waitFor({ state: 'attached' });
}

/** Rests the pointer on the strip, where the wheel turns, and waits for that to hold the auto-advance. */
async function pointAtStrip(carousel: Locator): Promise<{ width: number }> {
  const box = await carousel.locator('.banner-track').boundingBox();
  if (!box) throw new Error('no carousel strip');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await held(carousel);
  return box;
}

/** Takes the mouse and the focus out of the carousel, so nothing holds the auto-advance. */
async function leave(): Promise<void> {
  await page.mouse.move(5, 800);
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
}

describe('banner carousel', () => {
  it('moves with the next and previous buttons, the dots and the arrow keys', async () => {
    const carousel = await openTopPage();
    const count = await total(carousel);
    expect(count).toBeGreaterThan(2);
    // On a phone the controls take less height than the banner they drive.
    const banner = await carousel.locator('.banner-track').boundingBox();
    const controls = await carousel.locator('.banner-controls').boundingBox();
    expect(controls?.height).toBeLessThan((banner?.height ?? 0) / 3);
    await carousel.hover();
    await held(carousel);
    const start = await shown(carousel);

    await carousel.getByRole('button', { name: '次のスライド' }).click();
    await expect.poll(() => shown(carousel)).toBe(after(start, count));
    await carousel.getByRole('button', { name: '前のスライド' }).click();
    await expect.poll(() => shown(carousel)).toBe(start);

    const third = carousel.getByRole('button', { name: '3枚目を表示' });
    await third.click();
    await expect.poll(() => shown(carousel)).toBe(3);
    await expect.poll(() => third.getAttribute('aria-current')).toBe('true');
    await expect.poll(() => slideInView(carousel, 3)).toBe(true);
    expect(await slideInView(carousel, 1)).toBe(false);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown(carousel)).toBe(after(3, count));
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shown(carousel)).toBe(3);
  });

  it('keeps keyboard focus on the banner link when the arrow keys move from it', async () => {
    const carousel = await openTopPage();
    const count = await total(carousel);
    await carousel.locator('[aria-roledescription="slide"][aria-hidden="false"] a').focus();
    const start = await shown(carousel);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown(carousel)).toBe(after(start, count));
    const focusedSlide = () => page.evaluate(() => document.activeElement?.closest('[aria-roledescription="slide"]')?.getAttribute('aria-label'));
    await expect.poll(focusedSlide).toBe(`${after(start, count)} / ${count}`);
  });

  it('follows a sideways scroll of the strip (a swipe, a trackpad) without following a link', async () => {
    const carousel = await openTopPage();
    const count = await total(carousel);
    const box = await pointAtStrip(carousel);
    const start = await shown(carousel);
    await page.mouse.wheel(box.width * 0.7, 0);
    await expect.poll(() => shown(carousel)).toBe(after(start, count));
    await expect.poll(() => slideInView(carousel, after(start, count))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('obeys every arrow and dot pressed 60–160 ms after a scroll has ended', { timeout: 180_000 }, async () => {
    const carousel = await openTopPage();
    const count = await total(carousel);
    const track = carousel.locator('.banner-track');
    const box = await pointAtStrip(carousel);
    for (let round = 0; round < RACE_ROUNDS; round += 1) {
      const start = await shown(carousel);
      const delayMs = 60 + Math.round((100 * round) / (RACE_ROUNDS - 1));
      const press = RACE_PRESSES[round % RACE_PRESSES.length] ?? 'next';
      await track.evaluate(recordScrollEnd, start);
      await page.mouse.wheel((start < count ? 0.7 : -0.7) * box.width, 0);
      const landed = await track.evaluate(pressAfterScrollEnd, { delayMs, press, count });
      const want = press === 'next' ? after(landed, count) : press === 'previous' ? after(landed - 2 + count, count) : after(landed + 1, count);
      await expect
        .poll(async () => `${await shown(carousel)} ${await slideInView(carousel, want)}`, {
          timeout: 10_000,
          message: `round ${round}: ${press} pressed ${delayMs} ms after the strip settled on slide ${landed}`,
        })
        .toBe(`${want} true`);
    }
  });

  it('advances by itself every few seconds', async () => {
    const carousel = await openTopPage({ fakeTime: true });
    const count = await total(carousel);
    await leave();
    const start = await shown(carousel);
    await page.clock.runFor(ONE_INTERVAL_MS);
    await expect.poll(() => shown(carousel)).toBe(after(start, count));
  });

  it('holds still while hovered, then carries on', async () => {
    const carousel = await openTopPage({ fakeTime: true });
    const count = await total(carousel);
    await carousel.hover();
    await held(carousel);
    const start = await shown(carousel);
    await page.clock.runFor(PAUSED_WAIT_MS);
    expect(await shown(carousel)).toBe(start);
    await leave();
    await page.clock.runFor(ONE_INTERVAL_MS);
    await expect.poll(() => shown(carousel)).toBe(after(start, count));
  });

  it('stops with the pause button and starts again with play', async () => {
    const carousel = await openTopPage({ fakeTime: true });
    const count = await total(carousel);
    await carousel.getByRole('button', { name: '自動再生を停止' }).click();
    const play = carousel.getByRole('button', { name: '自動再生を開始' });
    await play.waitFor();
    await leave();
    await held(carousel);
    const start = await shown(carousel);
    await page.clock.runFor(PAUSED_WAIT_MS);
    expect(await shown(carousel)).toBe(start);

    await play.click();
    await leave();
    await page.clock.runFor(ONE_INTERVAL_MS);
    await expect.poll(() => shown(carousel)).toBe(after(start, count));
  });

  it('does not advance by itself when reduced motion is asked for', async () => {
    page = await shop.browser.newPage();
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${shop.stack.webUrl}/`);
    await waitForHydration(page);
    const carousel = page.getByRole('region', { name: 'おすすめ' });
    await expect.poll(() => carousel.getByRole('button', { name: '自動再生を開始' }).count()).toBe(1);
    await page.clock.runFor(PAUSED_WAIT_MS);
    expect(await shown(carousel)).toBe(1);
  });
});
