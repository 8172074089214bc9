import { useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, Link, Outlet, ScrollRestoration, useLocation, useRouteError } from 'react-router';
import type { ApiErrorBody } from '../../../shared/api/errors.ts';
import { asksForEnglish, withEnglish } from '../../../shared/lang-rule.ts';
import { pick, type Text } from '../../../shared/text.ts';
import { useDocumentLang } from '../../hooks/use-document-lang.ts';
import { useEnglishFlag } from '../../hooks/use-english-flag.ts';
import { LangProvider, useLang, useT } from '../../lang.tsx';

const COPY = {
  brand: { ja: 'OshiBox 管理画面', en: 'OshiBox console' },
  english: { ja: 'English', en: '日本語' },
  error: { ja: 'エラーが発生しました。時間をおいて再度お試しください。', en: 'Something went wrong. Please try again later.' },
  notFound: { ja: 'ページが見つかりません。', en: 'Page not found.' },
  skip: { ja: '本文へスキップ', en: 'Skip to content' },
} as const satisfies Record<string, Text>;

/** The language switch as a link (`?lang=en`, `?lang=ja`), so it works without JavaScript, as on the shop. */
function LangSwitch() {
  const { english } = useLang();
  const { pathname } = useLocation();
  const t = useT();
  return (
    <Link className="console-lang" to={withEnglish(pathname, '', !english)} lang={english ? 'ja' : 'en'}>
      {t(COPY.english)}
    </Link>
  );
}

function Frame({ children }: { children: ReactNode }) {
  // The console starts in the language its URL asks (the server renders that URL alone), then
  // keeps it across its pages until switched.
  const lang = useEnglishFlag(asksForEnglish(useLocation().search));
  useDocumentLang(lang.english);
  const t = (text: Text) => pick(text, lang.english);
  return (
    <LangProvider value={lang}>
      <div className="console">
        <a className="skip-link" href="#console-main">{t(COPY.skip)}</a>
        <header className="console-bar">
          <span className="console-brand">{t(COPY.brand)}</span>
          <LangSwitch />
        </header>
        {children}
      </div>
      <ScrollRestoration />
    </LangProvider>
  );
}

export function Component() {
  useEffect(() => {
    // Tells tests that the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const body = isRouteErrorResponse(error) ? (error.data as Partial<ApiErrorBody> | null) : null;
  const text: Text = body?.message ? { ja: body.message, en: body.messageEn ?? body.message } : isRouteErrorResponse(error) && error.status === 404 ? COPY.notFound : COPY.error;
  return (
    <Frame>
      <main className="console-main console-narrow" id="console-main" tabIndex={-1}>
        <ErrorText text={text} />
      </main>
    </Frame>
  );
}

function ErrorText({ text }: { text: Text }) {
  const t = useT();
  return (
    <p role="alert" className="form-error">
      {t(text)}
    </p>
  );
}
