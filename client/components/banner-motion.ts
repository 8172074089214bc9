import { useEffect, useSyncExternalStore, type RefObject } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The visitor's reduced-motion wish; false while rendering on the server and hydrating. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * Calls `advance` (a stable callback) after `intervalMs` while `running`. Keyed on the shown
 * slide, so any move, by hand or by the timer, starts a full interval again.
 */
export function useAutoAdvance(running: boolean, intervalMs: number, slide: number, advance: () => void): void {
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(advance, intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, intervalMs, slide, advance]);
}

function subscribeNever(): () => void {
  return () => {};
}

/**
 * False on the server and while hydrating, true once the script runs: what only the script can
 * drive (dots, arrows, auto-advance) appears then, and the server's HTML stays the no-JS page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}

/** How long the strip must be still before a scroll (a swipe, a wheel) counts as settled. */
const SETTLE_MS = 120;

/**
 * Keeps the scroll-snap strip and the slide index in step: a new index scrolls the strip to
 * its slide; a scroll the visitor makes (swipe, trackpad, Tab into a slide) sets the index once
 * the strip has settled on a slide.
 */
export function useSnapSync(
  trackRef: RefObject<HTMLElement | null>,
  index: number,
  setIndex: (index: number) => void,
  reducedMotion: boolean,
): void {
  useEffect(() => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const left = index * track.clientWidth;
    if (Math.abs(track.scrollLeft - left) < 2) return;
    track.scrollTo({ left, behavior: reducedMotion ? 'instant' : 'smooth' });
  }, [trackRef, index, reducedMotion]);
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let timer = 0;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (track.clientWidth > 0) setIndex(Math.round(track.scrollLeft / track.clientWidth));
      }, SETTLE_MS);
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      track.removeEventListener('scroll', onScroll);
    };
  }, [trackRef, setIndex]);
}
