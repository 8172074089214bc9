import type { Page } from 'playwright-core';

/** What makes a page scroll sideways: its scroll width and the element reaching furthest right. */
export interface Reflow {
  scrollWidth: number;
  /** e.g. `main.main > section.plan-card > dl.plan-round` (right edge 352px): "…text…" */
  widest: string | null;
  /** Boxes that cut their content off sideways (overflow hidden; not an ellipsis, not visually-hidden text): lost, not reflowed. */
  clipped: string[];
}

/**
 * Measures the page as laid out now. The widest offender is the element whose right edge lies
 * furthest out (the deepest one of a tie, so the cause rather than its wrappers), skipping what a
 * scroll container or a fixed layer holds: those do not widen the page.
 */
export async function measureReflow(page: Page): Promise<Reflow> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const name = (el: Element) => el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') +
      [...el.classList].map((c) => `.${c}`).join('');
    const contained = (el: Element): boolean => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return getComputedStyle(el).position === 'fixed';
    };
    let widest: { el: Element; right: number } | null = null;
    for (const el of document.body.querySelectorAll('*')) {
      const right = el.getBoundingClientRect().right + window.scrollX;
      if (right <= limit + 0.5 || (widest && right < widest.right) || contained(el)) continue;
      widest = { el, right };
    }
    const describe = (el: Element, detail: string) => {
      const path: string[] = [];
      for (let up: Element | null = el; up && up !== document.body && path.length < 4; up = up.parentElement) path.unshift(name(up));
      return `${path.join(' > ')} (${detail}): "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    const clipped = [...document.body.querySelectorAll('*')].filter((el) => {
      const style = getComputedStyle(el);
      return ['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis' && style.clip === 'auto' && el.clientWidth > 1 &&
        el.scrollWidth > el.clientWidth + 1 && style.visibility !== 'hidden';
    }).map((el) => describe(el, `${el.scrollWidth}px of content in ${el.clientWidth}px`));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      widest: widest ? describe(widest.el, `right edge ${Math.round(widest.right)}px`) : null,
      clipped,
    };
  });
}
