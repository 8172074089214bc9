import { useEffect, useEffectEvent } from 'react';

/** Calls `onEscape` when Escape is pressed anywhere, while `active`. */
export function useEscapeKey(active: boolean, onEscape: () => void): void {
  // An effect event always sees the latest callback without re-subscribing on each render.
  const handleEscape = useEffectEvent(onEscape);
  useEffect(() => {
    if (!active) return;
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key === 'Escape') handleEscape();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active]);
}
