import { useEffect, useRef, type MouseEvent } from 'react';
import { useT } from '../lang.tsx';
import { TOP_ID } from './menu.tsx';

/** docs/spec.md §9: the page-top scroll moves one step every 10 ms. */
export const SCROLL_STEP_MS = 10;
/** Each step keeps this share of the remaining distance: fast at first, easing into the top. */
const KEEP_PER_STEP = 0.86;
/** Any of these on the page means the user took over, so the animation stops (docs/spec.md §2). */
const INTERRUPTIONS = ['touchstart', 'mousedown', 'wheel'] as const;

/** The next scroll position; reaches 0 in finitely many steps. */
export function nextScrollTop(y: number): number {
  return Math.floor(y * KEEP_PER_STEP);
}

/**
 * Scrolls the window to the top in 10 ms steps (not CSS smooth scrolling, so it can be
 * interrupted). Returns a function that stops it; `onDone` runs only if the top is reached.
 */
function animateToTop(onDone: () => void): () => void {
  const timer = window.setInterval(() => {
    const next = nextScrollTop(window.scrollY);
    window.scrollTo({ top: next, behavior: 'instant' });
    if (next <= 0) {
      stop();
      onDone();
    }
  }, SCROLL_STEP_MS);
  function stop(): void {
    window.clearInterval(timer);
    for (const type of INTERRUPTIONS) window.removeEventListener(type, stop);
  }
  for (const type of INTERRUPTIONS) window.addEventListener(type, stop, { passive: true });
  return stop;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * docs/spec.md §2: the footer's page-top control, a round link to #top on the footer's top edge
 * (shell.css). It used to float over the window's corner and covered whatever passed under it, the
 * checkout's prices among them (issue 31); where it sits now nothing of the page ever goes, and it
 * is the same with JavaScript and without (decision 0069).
 */
export function PageTop() {
  const t = useT();
  const stopRef = useRef<(() => void) | null>(null);
  useEffect(() => () => stopRef.current?.(), []);

  function scrollToTop(event: MouseEvent<HTMLAnchorElement>): void {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // The link jumps to #top by itself; with JavaScript the page glides there instead (docs/spec.md §9).
    event.preventDefault();
    // A keyboard press (detail 0) also moves focus to the top, or Tab would continue in the footer.
    const fromKeyboard = event.detail === 0;
    const focusTop = () => {
      if (fromKeyboard) document.getElementById('main')?.focus({ preventScroll: true });
    };
    stopRef.current?.();
    if (prefersReducedMotion()) {
      window.scrollTo({ top: 0, behavior: 'instant' });
      focusTop();
      return;
    }
    stopRef.current = animateToTop(focusTop);
  }

  return (
    <a href={`#${TOP_ID}`} className="page-top" onClick={scrollToTop}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 5.5 4.5 13l1.6 1.6 4.8-4.8V19h2.2V9.8l4.8 4.8 1.6-1.6z" fill="currentColor" />
      </svg>
      <span className="visually-hidden">{t({ ja: 'ページの先頭へ', en: 'Back to top' })}</span>
    </a>
  );
}
