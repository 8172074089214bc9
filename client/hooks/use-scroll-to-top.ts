import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * docs/spec.md §2: navigating to a new full path scrolls to the top (to the #anchor if the new URL has
 * one). The first render is left alone so a reload or a shared #anchor link keeps its place.
 */
export function useScrollToTopOnNavigate(): void {
  const { pathname, search, hash } = useLocation();
  const route = pathname + search;
  const previous = useRef(route);
  useEffect(() => {
    if (previous.current === route) return;
    previous.current = route;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [route, hash]);
}
