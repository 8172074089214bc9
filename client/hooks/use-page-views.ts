import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { startAnalytics, trackPageView } from '../analytics.ts';
import { useConfig } from '../config.tsx';

/**
 * docs/spec.md §7: a page view per route change, when an analytics id is configured. It runs after the
 * new page has committed, so document.title is already the new page's.
 */
export function usePageViews(): void {
  const { analyticsId } = useConfig();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!analyticsId) return;
    startAnalytics(analyticsId);
    trackPageView(pathname + search);
  }, [analyticsId, pathname, search]);
}
