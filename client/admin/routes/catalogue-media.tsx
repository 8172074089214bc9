import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { describeMediaUse, type MediaImage, type MediaUse } from '../../../shared/api/media-library.ts';
import { formatDateTime, formatNumber } from '../../../shared/format.ts';
import type { Text } from '../../../shared/text.ts';
import { FormError } from '../../components/form/form-message.tsx';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { Pager } from '../components/pager.tsx';
import { mustStaff } from '../data/console-load.ts';
import { pageParam } from '../data/page-param.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: 'メディアライブラリ', en: 'Media library' },
  back: { ja: 'カタログへ戻る', en: 'Back to the catalogue' },
  lead: {
    ja: 'アップロードした画像の一覧です。カタログの画像欄ではここから選びます。使われている画像は削除できません。',
    en: 'The pictures uploaded. The catalogue’s picture fields choose from them. A picture in use cannot be deleted.',
  },
  upload: { ja: '画像をアップロード', en: 'Upload a picture' },
  empty: { ja: '画像はまだありません。', en: 'No pictures yet.' },
  size: { ja: 'サイズ', en: 'Size' },
  uploaded: { ja: '登録日時', en: 'Uploaded' },
  usedBy: { ja: '使用箇所', en: 'Used by' },
  unused: { ja: '未使用', en: 'Not used' },
  remove: { ja: '削除する', en: 'Delete' },
  removed: { ja: '画像を削除しました。', en: 'The picture was deleted.' },
  badForm: { ja: '削除する画像が指定されていません。', en: 'No picture was named to delete.' },
} as const satisfies Record<string, Text>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = mustStaff(await staffApiFrom(context).mediaLibrary(pageParam(request)));
  return { ...page, removed: new URL(request.url).searchParams.get('removed') === '1' };
}

/** One intent: delete the picture `path` (the API refuses one in use, saying where). */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  if (values.intent !== 'delete' || !values.path) return formFailure({ error: COPY.badForm }, values);
  const result = await staffApiFrom(context).deleteMedia(values.path);
  return result.ok ? seeOther(`${adminHref('catalogueMedia')}?removed=1`) : apiFailure(result, values);
}

const sizeOf = (bytes: number) => `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;

function hrefOfUse(use: MediaUse): string {
  if (use.kind === 'banner') return adminHref('catalogueBanner', { id: String(use.id) });
  if (use.kind === 'goods') return adminHref('catalogueRound', { id: String(use.id) });
  return adminHref('catalogueArtist', { id: String(use.id) });
}

export function Component() {
  const { images, page, hasNext, removed } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <p><Link to={adminHref('catalogue')}>{t(COPY.back)}</Link></p>
      <h1>{t(COPY.title)}</h1>
      <p>{t(COPY.lead)}</p>
      <p><Link className="button button-primary" to={adminHref('catalogueImage')}>{t(COPY.upload)}</Link></p>
      {removed ? <p role="status" className="console-status">{t(COPY.removed)}</p> : null}
      {failure?.error ? <FormError text={failure.error} /> : null}
      {images.length === 0 ? <p>{t(COPY.empty)}</p> : (
        <ul className="media-library">{images.map((image) => <MediaCard key={image.path} image={image} />)}</ul>
      )}
      <Pager path={adminHref('catalogueMedia')} page={page} hasNext={hasNext} />
    </main>
  );
}

function MediaCard({ image }: { image: MediaImage }) {
  const t = useT();
  const title = image.name || image.path;
  return (
    <li className="media-card">
      <img className="media-thumb" src={image.url} alt="" width={160} height={160} loading="lazy" />
      <h2 className="media-name">{title}</h2>
      <dl className="console-facts">
        <dt>{t(COPY.size)}</dt><dd>{sizeOf(image.bytes)}</dd>
        <dt>{t(COPY.uploaded)}</dt><dd>{formatDateTime(image.uploadedAt)}</dd>
        <dt>{t(COPY.usedBy)}</dt>
        <dd>
          {image.usedBy.length === 0 ? t(COPY.unused) : (
            <ul className="media-uses">{image.usedBy.map((use) => <li key={`${use.kind}-${use.id}`}><Link to={hrefOfUse(use)}>{t(describeMediaUse(use))}</Link></li>)}</ul>
          )}
        </dd>
      </dl>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="path" value={image.path} />
        <button type="submit" className="button button-ghost" aria-label={`${t(COPY.remove)}: ${title}`}>{t(COPY.remove)}</button>
      </Form>
    </li>
  );
}
