import { useEffect, useRef, useSyncExternalStore, type PointerEvent, type MouseEvent } from 'react';

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

export const SWIPE_THRESHOLD_PX = 40;

interface SwipeHandlers {
  onPointerDown: (event: PointerEvent) => void;
  onPointerUp: (event: PointerEvent) => void;
  onPointerCancel: () => void;
  onClickCapture: (event: MouseEvent) => void;
}

/**
 * A horizontal swipe of at least 40px calls `onSwipe(1)` (to the next slide, finger moving left)
 * or `onSwipe(-1)`. The click that ends a swipe is swallowed so a swipe never follows a link.
 * The viewport sets `touch-action: pan-y`, so the browser leaves horizontal gestures to us.
 */
export function useSwipe(onSwipe: (direction: 1 | -1) => void): SwipeHandlers {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  return {
    onPointerDown(event) {
      if (!event.isPrimary) return;
      start.current = { x: event.clientX, y: event.clientY };
      swiped.current = false;
    },
    onPointerUp(event) {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(event.clientY - from.y)) return;
      swiped.current = true;
      onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start.current = null;
    },
    onClickCapture(event) {
      if (!swiped.current) return;
      swiped.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
