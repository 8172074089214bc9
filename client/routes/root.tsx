import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLoaderData, useLocation, useRouteError, type LoaderFunctionArgs } from 'react-router';
import type { CurrentUser } from '../../shared/api/types.ts';
import { shouldTurnOffEnglish } from '../../shared/lang-rule.ts';
import { loginStatusError } from '../../shared/messages.ts';
import type { Text } from '../../shared/text.ts';
import { Shell } from '../components/shell.tsx';
import { apiFrom } from '../data/api.ts';
import { LangProvider } from '../lang.tsx';

export interface RootData {
  user: CurrentUser | null;
  /** Spec §2: when set, the whole shell shows only this text. */
  globalError: Text | null;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const status = await apiFrom(context).loginStatus();
  if (!status.ok) return { user: null, globalError: loginStatusError(status.status) };
  return { user: status.data.user, globalError: null };
}

/** Spec §2: login status is refreshed on every route change. */
export function shouldRevalidate(): boolean {
  return true;
}

export function Component() {
  const { globalError } = useLoaderData() as RootData;
  const [english, setEnglish] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    setEnglish((on) => (shouldTurnOffEnglish(on, pathname) ? false : on));
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    // Tells tests (and anyone curious) that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const lang = { english, toggle: () => setEnglish((on) => !on) };
  return (
    <LangProvider value={lang}>
      {globalError ? <GlobalError text={globalError} english={english} /> : <Shell />}
    </LangProvider>
  );
}

function GlobalError({ text, english }: { text: Text; english: boolean }) {
  return (
    <main className="global-error" role="alert">
      <p>{english ? text.en : text.ja}</p>
    </main>
  );
}

/** Last resort: an error the pages could not show themselves. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="global-error" role="alert">
      <h1>{status}</h1>
      <p>エラーが発生しました。時間をおいて再度お試しください。</p>
      <p lang="en">Something went wrong. Please try again later.</p>
      <a href="/">トップページへ</a>
    </main>
  );
}
