import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { Text } from '../../../shared/text.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { checkNews, NewsFields } from '../catalogue/content-forms.tsx';
import { EnglishMissing, ENGLISH_PAIRS } from '../components/english-missing.tsx';
import { Pager } from '../components/pager.tsx';
import { pageParam } from '../data/page-param.ts';
import { StatusBadge } from '../catalogue/publish-panel.tsx';
import { publishStatusAt } from '../../../shared/publish-state.ts';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';
import { ScrollRegion } from '../components/scroll-region.tsx';

const COPY = {
  title: { ja: 'お知らせ', en: 'News' },
  back: { ja: 'カタログへ戻る', en: 'Back to the catalogue' },
  heading: { ja: 'タイトル', en: 'Title' },
  at: { ja: '掲載日時', en: 'Published at' },
  state: { ja: '状態', en: 'State' },
  empty: { ja: 'お知らせはまだありません。', en: 'No news yet.' },
  add: { ja: 'お知らせを追加', en: 'Add news' },
  submit: { ja: '追加する', en: 'Add' },
} as const satisfies Record<string, Text>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = mustStaff(await staffApiFrom(context).catalogueNews(pageParam(request)));
  const now = new Date();
  return { ...page, status: Object.fromEntries(page.items.map((n) => [n.id, publishStatusAt(n, now)])) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const { input, fields } = checkNews(values);
  if (fields) return formFailure({ fields }, values);
  const result = await staffApiFrom(context).createNews(input);
  return result.ok ? seeOther(adminHref('catalogueNewsItem', { id: String(result.data.news.id) })) : apiFailure(result, values);
}

export function Component() {
  const { items, page, pages, status } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <p><Link to={adminHref('catalogue')}>{t(COPY.back)}</Link></p>
      <h1>{t(COPY.title)}</h1>
      {items.length === 0 ? <p>{t(COPY.empty)}</p> : (
        <ScrollRegion label={t(COPY.title)}>
        <table className="console-table">
          <thead><tr><th scope="col">{t(COPY.heading)}</th><th scope="col">{t(COPY.at)}</th><th scope="col">{t(COPY.state)}</th></tr></thead>
          <tbody>
            {items.map((n) => (
              <tr key={n.id}>
                <td><Link to={adminHref('catalogueNewsItem', { id: String(n.id) })}>{n.title}</Link><EnglishMissing pairs={ENGLISH_PAIRS.news(n)} /></td>
                <td>{formatDateTime(n.publishedAt)}</td>
                <td>{status[n.id] ? <StatusBadge status={status[n.id]!} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </ScrollRegion>
      )}
      <Pager path={adminHref('catalogueNews')} page={page} pages={pages} hasNext={page < pages} />
      <h2>{t(COPY.add)}</h2>
      <ValidatedForm failure={failure} className="catalogue-form">
        <NewsFields news={null} />
        <SubmitButton label={COPY.submit} />
      </ValidatedForm>
    </main>
  );
}
