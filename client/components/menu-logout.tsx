import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { href } from '../../shared/routes.ts';
import type { FormFailure } from '../data/form-action.ts';
import { LOGOUT_INTENT } from '../data/logout.ts';
import { useT } from '../lang.tsx';

/**
 * docs/spec.md §4: logout calls the server, refreshes login status, closes the menu and goes to /. It is
 * a form posted to the top page's action (a plain POST works without JavaScript: 303 to /); with
 * JavaScript a fetcher posts it without leaving the page, and a refusal is shown here, in the menu.
 */
export function MenuLogout({ onDone }: { onDone: () => void }) {
  const fetcher = useFetcher<FormFailure>();
  const failure = fetcher.data;
  const t = useT();
  // After a successful logout the fetcher follows the redirect with no data of its own.
  const leaving = fetcher.state === 'loading' && fetcher.data === undefined;
  useEffect(() => {
    if (leaving) onDone();
  }, [leaving, onDone]);
  return (
    <fetcher.Form method="post" action={`${href('home')}?index`} className="menu-logout-form">
      <input type="hidden" name="intent" value={LOGOUT_INTENT} />
      <button type="submit" className="menu-link menu-logout" disabled={fetcher.state !== 'idle'}>
        {t({ ja: 'ログアウト', en: 'Log out' })}
      </button>
      {failure?.error ? (
        <p className="form-error menu-logout-error" role="alert">
          {t(failure.error)}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
