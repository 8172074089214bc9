import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { Text } from '../../../shared/text.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { checkNews, NewsFields } from '../catalogue/content-forms.tsx';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  back: { ja: 'お知らせ一覧へ戻る', en: 'Back to the news' },
  save: { ja: '保存する', en: 'Save' },
} as const satisfies Record<string, Text>;

export async function loader({ params, context }: LoaderFunctionArgs) {
  return mustStaff(await staffApiFrom(context).newsItem(params.id ?? ''));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const { input, fields } = checkNews(values);
  if (fields) return formFailure({ fields }, values);
  const id = params.id ?? '';
  const result = await staffApiFrom(context).saveNews(id, input);
  return result.ok ? seeOther(adminHref('catalogueNewsItem', { id })) : apiFailure(result, values);
}

export function Component() {
  const { news } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  return (
    <main>
      <title>{`${news.title} | OshiBox`}</title>
      <p><Link to={adminHref('catalogueNews')}>{t(COPY.back)}</Link></p>
      <h1>{news.title}</h1>
      <ValidatedForm failure={failure} className="catalogue-form">
        <NewsFields news={news} />
        <SubmitButton label={COPY.save} />
      </ValidatedForm>
    </main>
  );
}
