import { useEffect } from 'react';
import { planAnchor } from './plan-card.tsx';

/**
 * Scrolls `/lineup/{slug}/{no}` to its plan once the page is shown, and moves focus there so
 * keyboard and screen-reader users land on it too. It waits a frame because the root's
 * "new path scrolls to the top" effect (docs/spec.md §2) runs after this one in the same commit.
 */
export function useScrollToPlan(planId: number | null): void {
  useEffect(() => {
    if (planId === null) return;
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(planAnchor(planId));
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [planId]);
}
