import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';

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

/** Where scrollend is missing (Safari before 26), how long the strip must be still to count as settled. */
const SETTLE_MS = 120;

/** The slide (from 0) nearest the strip's scroll position. */
function slideAt(track: HTMLElement): number {
  return Math.round(track.scrollLeft / track.clientWidth);
}

function isAt(track: HTMLElement, slide: number): boolean {
  return Math.abs(track.scrollLeft - slide * track.clientWidth) < 2;
}

/**
 * What the strip is doing. `target`: the slide a press asked for, until the strip reaches it;
 * while set, scrolling on the way there never sets the index. `pending`: a visitor's scroll
 * (swipe, wheel) has moved the strip and not yet settled, so the index is behind the strip.
 */
interface Motion {
  index: number;
  target: number | null;
  pending: boolean;
  timer: number;
  behavior: ScrollBehavior;
}

/**
 * The shown slide (from 0), kept in step with the scroll-snap strip. A visitor's scroll (swipe,
 * trackpad) sets it once the strip has settled (scrollend; a quiet spell where that is missing).
 * A press goes through `moveTo`: it moves from the slide the strip shows, even when a scroll has
 * not settled yet, and wins over whatever that scroll left pending; an old settle timer used to
 * put the strip back after a press (issue 17).
 */
export function useSnapSync(trackRef: RefObject<HTMLElement | null>, reducedMotion: boolean) {
  const [index, setIndex] = useState(0);
  const motion = useRef<Motion>({ index: 0, target: null, pending: false, timer: 0, behavior: 'smooth' });
  useEffect(() => followVisitorScrolls(trackRef.current, motion.current, setIndex), [trackRef]);
  const moveTo = useCallback((choose: (shown: number) => number) => {
    const m = motion.current;
    const track = trackRef.current;
    window.clearTimeout(m.timer);
    const ready = track !== null && track.clientWidth > 0;
    const shown = m.target ?? (ready && m.pending ? slideAt(track) : m.index);
    const next = choose(shown);
    m.pending = false;
    m.target = null;
    m.index = next;
    m.behavior = reducedMotion ? 'instant' : 'smooth';
    if (ready && !isAt(track, next)) {
      m.target = next;
      track.scrollTo({ left: next * track.clientWidth, behavior: m.behavior });
    }
    setIndex(next);
  }, [trackRef, reducedMotion]);
  return { index, moveTo };
}

/** Listens to the strip: its own scrolls settle into the index; a press's scroll only arrives. */
function followVisitorScrolls(track: HTMLElement | null, m: Motion, setIndex: (index: number) => void): (() => void) | undefined {
  if (!track) return undefined;
  const hasScrollEnd = 'onscrollend' in track;
  const settle = () => {
    window.clearTimeout(m.timer);
    m.pending = false;
    if (track.clientWidth === 0) return;
    m.index = slideAt(track);
    setIndex(m.index);
  };
  const onScroll = () => {
    if (m.target !== null) {
      if (isAt(track, m.target)) m.target = null;
      return;
    }
    m.pending = true;
    window.clearTimeout(m.timer);
    if (!hasScrollEnd) m.timer = window.setTimeout(settle, SETTLE_MS);
  };
  const onScrollEnd = () => {
    if (m.target === null) {
      if (m.pending) settle();
    } else if (!isAt(track, m.target)) {
      // Cut short by something other than the visitor's hand (a late end of an earlier scroll,
      // a resize): carry on to the slide the press asked for.
      track.scrollTo({ left: m.target * track.clientWidth, behavior: m.behavior });
    }
  };
  // The visitor's own hand takes over from a press's scroll still on its way.
  const onTakeOver = () => {
    m.target = null;
  };
  const listeners: [string, () => void][] = [
    ['scroll', onScroll], ['scrollend', onScrollEnd], ['wheel', onTakeOver], ['touchstart', onTakeOver], ['pointerdown', onTakeOver],
  ];
  for (const [type, listener] of listeners) track.addEventListener(type, listener, { passive: true });
  return () => {
    window.clearTimeout(m.timer);
    for (const [type, listener] of listeners) track.removeEventListener(type, listener);
  };
}
