import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side change of page (a new path or query; not the first load, not an in-page
 * #anchor, not a form answered on its own page), focus moves to the new page's main heading, so
 * a screen reader announces the page and the next Tab starts from it, as after a full page load.
 * `preventScroll`: the scroll position is React Router's <ScrollRestoration> to set (top, or where
 * the fan was on Back). While `blocked` (the menu still open over an inert page) it waits.
 */
export function useFocusOnNavigate(main: RefObject<HTMLElement | null>, blocked: boolean): void {
  const { pathname, search } = useLocation();
  const route = pathname + search;
  const focused = useRef(route);
  useEffect(() => {
    if (blocked || focused.current === route) return;
    focused.current = route;
    const target = main.current?.querySelector('h1') ?? main.current;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }, [main, route, blocked]);
}
