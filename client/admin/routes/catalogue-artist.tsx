import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as z from 'zod/mini';
import { adminHref } from '../../../shared/admin-routes.ts';
import { formatPrice } from '../../../shared/format.ts';
import type { Text } from '../../../shared/text.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useLang, useT } from '../../lang.tsx';
import { ArtistForm, checkArtist } from '../catalogue/artist-form.tsx';
import { loadImageChoices } from '../catalogue/image-field.tsx';
import { checkPlan, PlanFields } from '../catalogue/plan-form.tsx';
import { PublishPanel, StatusBadge } from '../catalogue/publish-panel.tsx';
import { isPublishStep, runPublishStep } from '../catalogue/publish-step.ts';
import { publishStatusAt } from '../../../shared/publish-state.ts';
import { EnglishMissing, ENGLISH_PAIRS } from '../components/english-missing.tsx';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  back: { ja: 'カタログへ戻る', en: 'Back to the catalogue' },
  edit: { ja: 'アーティスト情報', en: 'Artist' },
  save: { ja: '保存する', en: 'Save' },
  pictures: { ja: '画像', en: 'Pictures' },
  uploadIcon: { ja: 'アイコンをアップロード', en: 'Upload the icon' },
  uploadCover: { ja: 'カバーをアップロード', en: 'Upload the cover' },
  icon: { ja: '現在のアイコン', en: 'Current icon' },
  cover: { ja: '現在のカバー', en: 'Current cover' },
  plans: { ja: 'プラン', en: 'Plans' },
  milestones: { ja: '継続特典（6回・12回・24回など、続けてくれたファンに開く特典）', en: 'Milestone bonuses (opening for fans at 6, 12, 24… boxes in a row)' },
  noPlans: { ja: 'プランはまだありません。', en: 'No plans yet.' },
  addPlan: { ja: 'プランを追加', en: 'Add a plan' },
  add: { ja: '追加する', en: 'Add' },
  badIntent: { ja: 'フォームが正しくありません。', en: 'Unknown form.' },
} as const satisfies Record<string, Text>;

const Intent = z.enum(['artist', 'plan']);

export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = staffApiFrom(context);
  const data = mustStaff(await api.catalogueArtist(params.id ?? ''));
  // Decided here, on the server's clock, so the page and its hydration agree.
  const now = new Date();
  const status = publishStatusAt(data.artist, now);
  return { ...data, status, planStatus: Object.fromEntries(data.plans.map((p) => [p.id, publishStatusAt(p, now)])), library: await loadImageChoices(api) };
}

/** Two forms: the artist's fields (`intent=artist`) and a new plan (`intent=plan`). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const id = params.id ?? '';
  if (isPublishStep(values.intent)) return runPublishStep(context, 'artists', id, values, adminHref('catalogueArtist', { id }), adminHref('catalogue'));
  const intent = Intent.safeParse(values.intent);
  if (!intent.success) return formFailure({ error: COPY.badIntent }, values);
  const api = staffApiFrom(context);
  if (intent.data === 'artist') {
    const { input, fields } = checkArtist(values);
    if (fields) return formFailure({ fields }, values, 400, { intent: 'artist' });
    const result = await api.saveArtist(id, input);
    return result.ok ? seeOther(adminHref('catalogueArtist', { id })) : apiFailure(result, values, { intent: 'artist' });
  }
  const { input, fields } = checkPlan(values, true);
  if (fields) return formFailure({ fields }, values, 400, { intent: 'plan' });
  const result = await api.createPlan(id, input);
  return result.ok ? seeOther(adminHref('cataloguePlan', { id: String(result.data.plan.id) })) : apiFailure(result, values, { intent: 'plan' });
}

type Answer = FormFailure & { intent?: string };

export function Component() {
  const { artist, plans, status, planStatus, library } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const t = useT();
  const { english } = useLang();
  const id = String(artist.id);
  const failureOf = (intent: string) => (answer?.intent === intent ? answer : undefined);
  return (
    <main>
      <title>{`${artist.name} | OshiBox`}</title>
      <p><Link to={adminHref('catalogue')}>{t(COPY.back)}</Link></p>
      <h1>{artist.name}</h1>
      <PublishPanel item={artist} status={status} archivable deletable failure={failureOf('state')}
        previewHref={adminHref('catalogueArtistPreview', { id })} />
      <h2>{t(COPY.pictures)}</h2>
      <div className="catalogue-pictures">
        {artist.icon ? <img src={artist.icon} alt={t(COPY.icon)} width={96} height={96} /> : null}
        {artist.coverImage ? <img src={artist.coverImage} alt={t(COPY.cover)} width={320} height={180} /> : null}
      </div>
      <p className="catalogue-actions">
        <Link to={`${adminHref('catalogueImage')}?artist=${id}&kind=icon`}>{t(COPY.uploadIcon)}</Link>
        <Link to={`${adminHref('catalogueImage')}?artist=${id}&kind=cover`}>{t(COPY.uploadCover)}</Link>
      </p>
      <p><Link to={adminHref('catalogueArtistBonuses', { id })}>{t(COPY.milestones)}</Link></p>
      <h2>{t(COPY.plans)}</h2>
      {plans.length === 0 ? <p>{t(COPY.noPlans)}</p> : (
        <ul>
          {plans.map((p) => (
            <li key={p.id}>
              <Link to={adminHref('cataloguePlan', { id: String(p.id) })}>{p.name}</Link>（{formatPrice(p.price, english)}）{' '}
              {planStatus[p.id] ? <StatusBadge status={planStatus[p.id]!} /> : null}<EnglishMissing pairs={ENGLISH_PAIRS.plan(p)} />
            </li>
          ))}
        </ul>
      )}
      <h2>{t(COPY.edit)}</h2>
      <ArtistForm artist={artist} failure={failureOf('artist')} submit={COPY.save} intent="artist" library={library} />
      <h2>{t(COPY.addPlan)}</h2>
      <ValidatedForm failure={failureOf('plan')} intent="plan" className="catalogue-form">
        <PlanFields plan={null} withPrice />
        <SubmitButton label={COPY.add} />
      </ValidatedForm>
    </main>
  );
}
