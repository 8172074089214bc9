import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { Text } from '../../../shared/text.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { checkNews, NewsFields } from '../catalogue/content-forms.tsx';
import { mustStaff } from '../data/console-load.ts';
import { PublishPanel } from '../catalogue/publish-panel.tsx';
import { isPublishStep, runPublishStep } from '../catalogue/publish-step.ts';
import { publishStatusAt } from '../../../shared/publish-state.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  back: { ja: 'お知らせ一覧へ戻る', en: 'Back to the news' },
  save: { ja: '保存する', en: 'Save' },
} as const satisfies Record<string, Text>;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const data = mustStaff(await staffApiFrom(context).newsItem(params.id ?? ''));
  return { ...data, status: publishStatusAt(data.news, new Date()) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  if (isPublishStep(values.intent)) {
    const id = params.id ?? '';
    return runPublishStep(context, 'news', id, values, adminHref('catalogueNewsItem', { id }), adminHref('catalogueNews'));
  }
  const { input, fields } = checkNews(values);
  if (fields) return formFailure({ fields }, values);
  const id = params.id ?? '';
  const result = await staffApiFrom(context).saveNews(id, input);
  return result.ok ? seeOther(adminHref('catalogueNewsItem', { id })) : apiFailure(result, values);
}

export function Component() {
  const { news, status } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { intent?: string }>();
  const failure = answer?.intent === 'state' ? undefined : answer;
  const t = useT();
  return (
    <main>
      <title>{`${news.title} | OshiBox`}</title>
      <p><Link to={adminHref('catalogueNews')}>{t(COPY.back)}</Link></p>
      <h1>{news.title}</h1>
      <PublishPanel item={news} status={status} archivable={false} deletable={false} failure={answer?.intent === 'state' ? answer : undefined}
        previewHref={adminHref('catalogueNewsPreview', { id: String(news.id) })} />
      <ValidatedForm failure={failure} className="catalogue-form">
        <NewsFields news={news} />
        <SubmitButton label={COPY.save} />
      </ValidatedForm>
    </main>
  );
}
