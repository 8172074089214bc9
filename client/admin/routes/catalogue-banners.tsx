import { Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { Text } from '../../../shared/text.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { BannerFields, checkBanner } from '../catalogue/content-forms.tsx';
import { EnglishMissing, ENGLISH_PAIRS } from '../components/english-missing.tsx';
import { Pager } from '../components/pager.tsx';
import { archivedParam, pageParam } from '../data/page-param.ts';
import { StatusBadge } from '../catalogue/publish-panel.tsx';
import { publishStatusAt } from '../../../shared/publish-state.ts';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';
import { ScrollRegion } from '../components/scroll-region.tsx';
import { loadImageChoices } from '../catalogue/image-field.tsx';

const COPY = {
  title: { ja: 'バナー', en: 'Banners' },
  back: { ja: 'カタログへ戻る', en: 'Back to the catalogue' },
  heading: { ja: 'タイトル', en: 'Title' },
  window: { ja: '掲載期間', en: 'Shown' },
  always: { ja: '制限なし', en: 'No bound' },
  sort: { ja: '表示順', en: 'Sort' },
  empty: { ja: 'バナーはまだありません。', en: 'No banners yet.' },
  add: { ja: 'バナーを追加', en: 'Add a banner' },
  upload: { ja: 'バナー画像をアップロード', en: 'Upload a banner picture' },
  submit: { ja: '追加する', en: 'Add' },
  publish: { ja: '公開', en: 'Publishing' },
  showArchived: { ja: 'アーカイブしたバナーを見る', en: 'Show archived banners' },
  showCurrent: { ja: 'アーカイブ以外のバナーを見る', en: 'Show current banners' },
} as const satisfies Record<string, Text>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = staffApiFrom(context);
  const archived = archivedParam(request);
  const page = mustStaff(await api.catalogueBanners(pageParam(request), archived));
  const now = new Date();
  const status = Object.fromEntries(page.items.map((b) => [b.id, publishStatusAt(b, now)]));
  return { ...page, archived, status, library: await loadImageChoices(api) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const { input, fields } = checkBanner(values);
  if (fields) return formFailure({ fields }, values);
  const result = await staffApiFrom(context).createBanner(input);
  return result.ok ? seeOther(adminHref('catalogueBanner', { id: String(result.data.banner.id) })) : apiFailure(result, values);
}

export function Component() {
  const { items, page, pages, archived, status, library } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : t(COPY.always));
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <p><Link to={adminHref('catalogue')}>{t(COPY.back)}</Link></p>
      <h1>{t(COPY.title)}</h1>
      <p><Link to={archived ? adminHref('catalogueBanners') : `${adminHref('catalogueBanners')}?archived=1`}>{t(archived ? COPY.showCurrent : COPY.showArchived)}</Link></p>
      {items.length === 0 ? <p>{t(COPY.empty)}</p> : (
        <ScrollRegion label={t(COPY.title)}>
        <table className="console-table">
          <thead><tr><th scope="col">{t(COPY.heading)}</th><th scope="col">{t(COPY.window)}</th><th scope="col">{t(COPY.sort)}</th><th scope="col">{t(COPY.publish)}</th></tr></thead>
          <tbody>
            {items.map((b) => (
              <tr key={b.id}>
                <td><Link to={adminHref('catalogueBanner', { id: String(b.id) })}>{b.title}</Link><EnglishMissing pairs={ENGLISH_PAIRS.banner(b)} /></td>
                <td>{when(b.startsAt)} – {when(b.endsAt)}</td>
                <td>{b.sort}</td>
                <td>{status[b.id] ? <StatusBadge status={status[b.id]!} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </ScrollRegion>
      )}
      <Pager path={adminHref('catalogueBanners')} page={page} pages={pages} hasNext={page < pages} />
      <h2>{t(COPY.add)}</h2>
      <p><Link to={`${adminHref('catalogueImage')}?kind=banner`}>{t(COPY.upload)}</Link></p>
      <ValidatedForm failure={failure} className="catalogue-form">
        <BannerFields banner={null} library={library} />
        <SubmitButton label={COPY.submit} />
      </ValidatedForm>
    </main>
  );
}
