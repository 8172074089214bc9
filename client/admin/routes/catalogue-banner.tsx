import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { Text } from '../../../shared/text.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { checkBanner, BannerFields } from '../catalogue/content-forms.tsx';
import { mustStaff } from '../data/console-load.ts';
import { PublishPanel } from '../catalogue/publish-panel.tsx';
import { isPublishStep, runPublishStep } from '../catalogue/publish-step.ts';
import { publishStatusAt } from '../../../shared/publish-state.ts';
import { staffApiFrom } from '../data/staff-api.ts';
import { loadImageChoices } from '../catalogue/image-field.tsx';

const COPY = {
  back: { ja: 'バナー一覧へ戻る', en: 'Back to the banners' },
  save: { ja: '保存する', en: 'Save' },
} as const satisfies Record<string, Text>;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = staffApiFrom(context);
  const data = mustStaff(await api.banner(params.id ?? ''));
  return { ...data, status: publishStatusAt(data.banner, new Date()), library: await loadImageChoices(api) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  if (isPublishStep(values.intent)) {
    const id = params.id ?? '';
    return runPublishStep(context, 'banners', id, values, adminHref('catalogueBanner', { id }), adminHref('catalogueBanners'));
  }
  const { input, fields } = checkBanner(values);
  if (fields) return formFailure({ fields }, values);
  const id = params.id ?? '';
  const result = await staffApiFrom(context).saveBanner(id, input);
  return result.ok ? seeOther(adminHref('catalogueBanner', { id })) : apiFailure(result, values);
}

export function Component() {
  const { banner, status, library } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { intent?: string }>();
  const failure = answer?.intent === 'state' ? undefined : answer;
  const t = useT();
  return (
    <main>
      <title>{`${banner.title} | OshiBox`}</title>
      <p><Link to={adminHref('catalogueBanners')}>{t(COPY.back)}</Link></p>
      <h1>{banner.title}</h1>
      <PublishPanel item={banner} status={status} archivable={true} deletable={true} failure={answer?.intent === 'state' ? answer : undefined}
        previewHref={adminHref('catalogueBannerPreview', { id: String(banner.id) })} />
      <ValidatedForm failure={failure} className="catalogue-form">
        <BannerFields banner={banner} library={library} />
        <SubmitButton label={COPY.save} />
      </ValidatedForm>
    </main>
  );
}
