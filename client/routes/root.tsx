import { useEffect } from 'react';
import { isRouteErrorResponse, ScrollRestoration, useLoaderData, useRouteError, type LoaderFunctionArgs } from 'react-router';
import { href } from '../../shared/routes.ts';
import { pick, type Text } from '../../shared/text.ts';
import { Shell } from '../components/shell.tsx';
import { ShellErrorCard } from '../components/shell-error.tsx';
import { useDocumentLang } from '../hooks/use-document-lang.ts';
import { useEnglishFlag } from '../hooks/use-english-flag.ts';
import { usePageViews } from '../hooks/use-page-views.ts';
import { LangProvider } from '../lang.tsx';

export type { RootData } from '../data/root-data.ts';

/** The login status, from a module loaded on first use: the browser's first page hydrates from the server's data. */
export async function loader(args: LoaderFunctionArgs) {
  const { loadRootData } = await import('../data/root-data.ts');
  return loadRootData(args);
}

/** docs/spec.md §2: login status is refreshed on every route change. */
export function shouldRevalidate(): boolean {
  return true;
}

export function Component() {
  const { user, globalError, english } = useLoaderData<typeof loader>();
  const lang = useEnglishFlag(english);
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
