import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { asksForEnglish, shouldTurnOffEnglish } from '../../shared/lang-rule.ts';
import type { LangState } from '../lang.tsx';

/**
 * docs/spec.md §2/§3: the English flag, kept in app state. On each route change (a new path or query;
 * in-page #anchors are not route changes) English turns off, except on the password reminder.
 * The flag is adjusted while rendering the new route, so the new page never flashes in English
 * (https://react.dev/learn/you-might-not-need-an-effect#adjusting-some-state-when-a-prop-changes).
 * A route asked with `?lang=en` (the switch as a link, without JavaScript) starts in English; the
 * server and the browser read the same URL, so hydration agrees.
 */
export function useEnglishFlag(): LangState {
  const { pathname, search } = useLocation();
  const route = pathname + search;
  const [english, setEnglish] = useState(() => asksForEnglish(search));
  const [seenRoute, setSeenRoute] = useState(route);
  if (seenRoute !== route) {
    setSeenRoute(route);
    if (asksForEnglish(search)) setEnglish(true);
    else if (shouldTurnOffEnglish(english, pathname)) setEnglish(false);
  }
  const toggle = useCallback(() => setEnglish((on) => !on), []);
  return useMemo(() => ({ english, toggle }), [english, toggle]);
}
