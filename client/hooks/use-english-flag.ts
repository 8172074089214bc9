import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { askedLang, langCookie, withoutLang } from '../../shared/lang-rule.ts';
import type { LangState } from '../lang.tsx';

/**
 * The English flag (issue 31, docs/decisions/0067-english-stays-on.md): it starts as the server
 * decided for the first page (its `?lang=`, else the fan's cookie, in the root data, so hydration
 * agrees), stays as it is across route changes, and changes only when the fan switches it or a
 * link asks for a language (`?lang=en`, `?lang=ja`). Either way the choice is remembered in the
 * cookie, so a reload or a new tab keeps it. The flag is adjusted while rendering the new route,
 * so a page asked in English never flashes in Japanese
 * (https://react.dev/learn/you-might-not-need-an-effect#adjusting-some-state-when-a-prop-changes).
 */
export function useEnglishFlag(initial: boolean): LangState {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const route = pathname + search;
  const [english, setEnglish] = useState(initial);
  const [seenRoute, setSeenRoute] = useState(route);
  const asked = askedLang(search);
  if (seenRoute !== route) {
    setSeenRoute(route);
    if (asked !== null) setEnglish(asked === 'en');
  }
  // A link that asked for a language, followed in the browser: remembered as the server would.
  useEffect(() => {
    if (asked !== null) document.cookie = langCookie(asked);
  }, [asked]);
  const toggle = useCallback(() => {
    const next = !english;
    document.cookie = langCookie(next ? 'en' : 'ja');
    setEnglish(next);
    // A URL naming the other language would bring it back on reload: it names none now.
    if (asked !== null) void navigate(withoutLang(pathname, search), { replace: true, preventScrollReset: true });
  }, [english, asked, pathname, search, navigate]);
  return useMemo(() => ({ english, toggle }), [english, toggle]);
}
