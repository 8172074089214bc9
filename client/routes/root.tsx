import { useEffect } from 'react';
import { data, isRouteErrorResponse, ScrollRestoration, useLoaderData, useRouteError, type LoaderFunctionArgs } from 'react-router';
import type { CurrentUser } from '../../shared/api/types.ts';
import { loginStatusError } from '../../shared/global-error.ts';
import { href } from '../../shared/routes.ts';
import { pick, type Text } from '../../shared/text.ts';
import { Shell } from '../components/shell.tsx';
import { ShellErrorCard } from '../components/shell-error.tsx';
import { LOGIN_STATUS_FAILED } from '../data/api.ts';
import { loadLoginStatus } from '../data/login-status.ts';
import { useDocumentLang } from '../hooks/use-document-lang.ts';
import { useEnglishFlag } from '../hooks/use-english-flag.ts';
import { usePageViews } from '../hooks/use-page-views.ts';
import { LangProvider } from '../lang.tsx';

export interface RootData {
  user: CurrentUser | null;
  /** docs/spec.md §2: when set, the whole shell shows only this text. */
  globalError: Text | null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const status = await loadLoginStatus(request, context);
  // The page is an error page then: a 503 (never cached, crawlers come back), not a 200.
  if (!status.ok) return data<RootData>({ user: null, globalError: loginStatusError(status.status) }, { status: LOGIN_STATUS_FAILED });
  return data<RootData>({ user: status.data.user, globalError: null });
}

/** docs/spec.md §2: login status is refreshed on every route change (after the English rule has run). */
export function shouldRevalidate(): boolean {
  return true;
}

export function Component() {
  const { user, globalError } = useLoaderData<typeof loader>();
  const lang = useEnglishFlag();
  useDocumentLang(lang.english);
  usePageViews();
  useEffect(() => {
    // Tells tests (and anyone curious) that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <LangProvider value={lang}>
      {globalError ? <GlobalError text={globalError} english={lang.english} /> : <Shell signedIn={user !== null} />}
      {/* A new page starts at the top (at its #anchor if it has one); Back and Forward return to
          where the fan was (positions kept in sessionStorage). Outside React Router's framework
          mode it renders no inline script, so the page's CSP nonce is not needed for it. */}
      <ScrollRestoration />
    </LangProvider>
  );
}

/** docs/spec.md §2/§8: the global error replaces the whole shell with its text. */
function GlobalError({ text, english }: { text: Text; english: boolean }) {
  return (
    <ShellErrorCard title={english ? 'Error' : 'エラー'} lang={english ? 'en' : 'ja'}>
      <p className="global-error-text">{pick(text, english)}</p>
    </ShellErrorCard>
  );
}

/** Last resort: an error the pages could not show themselves (outside the language state). */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <ShellErrorCard title={`${status} エラー`} lang="ja">
      <p className="global-error-code">{status}</p>
      <p className="global-error-text">エラーが発生しました。時間をおいて再度お試しください。</p>
      <p className="global-error-text" lang="en">Something went wrong. Please try again later.</p>
      <p><a href={href('home')}>トップページへ</a></p>
    </ShellErrorCard>
  );
}
