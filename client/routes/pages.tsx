import { isRouteErrorResponse, useRouteError } from 'react-router';
import type { ApiErrorBody } from '../../shared/api/errors.ts';
import { COMMUNICATION_ERROR } from '../../shared/global-error.ts';
import { NotFoundView } from '../components/not-found-view.tsx';
import { useT } from '../lang.tsx';

/** Errors of any page render inside the shell: 404 as the not-found page, others as a notice. */
export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  const data = isRouteErrorResponse(error) ? (error.data as Partial<ApiErrorBody> | null) : null;
  // docs/spec.md §8: a network failure asks the shopper to retry in a better network environment.
  const body = data?.code === 'NETWORK' ? { message: COMMUNICATION_ERROR.ja, messageEn: COMMUNICATION_ERROR.en } : data;
  return (
    <section className="page notice-page" role="alert">
      <title>{t({ ja: 'エラー', en: 'Error' })}</title>
      <h1>{t({ ja: 'ページを表示できませんでした', en: 'This page could not be shown' })}</h1>
      <p>
        {body?.message && body.messageEn
          ? t({ ja: body.message, en: body.messageEn })
          : t({ ja: '時間をおいて再度お試しください。', en: 'Please try again later.' })}
      </p>
    </section>
  );
}
