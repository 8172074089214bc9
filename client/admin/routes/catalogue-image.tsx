import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import * as z from 'zod/mini';
import { adminHref } from '../../../shared/admin-routes.ts';
import { IMAGE_KINDS, type ImageKind, type UploadedImage } from '../../../shared/api/catalogue-admin.ts';
import { IMAGE_MESSAGES, IMAGE_SIZES, MAX_IMAGE_BYTES } from '../../../shared/catalogue-images.ts';
import { MEDIA_NAME_MAX } from '../../../shared/api/media-library.ts';
import type { Text } from '../../../shared/text.ts';
import { FieldMessage } from '../../components/form/field.tsx';
import { FormError } from '../../components/form/form-message.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { apiFailure, formFailure, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { staffApiFrom, type StaffApi } from '../data/staff-api.ts';

const COPY = {
  title: { ja: '画像のアップロード', en: 'Upload a picture' },
  back: { ja: 'カタログへ戻る', en: 'Back to the catalogue' },
  lead: {
    ja: `PNG・JPEG・WebP、${MAX_IMAGE_BYTES / 1024 / 1024}MBまで。画像は中身で確認し、用途の大きさに縮小してWebPに変換します。`,
    en: `PNG, JPEG or WebP, up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB. The picture is checked by its content, scaled down to its use and converted to WebP.`,
  },
  kind: { ja: '用途', en: 'Use' },
  file: { ja: '画像ファイル', en: 'Picture file' },
  submit: { ja: 'アップロードする', en: 'Upload' },
  done: { ja: 'アップロードしました。カタログの画像の欄で選べます:', en: 'Uploaded. The catalogue’s picture fields offer it:' },
  preview: { ja: 'アップロードした画像', en: 'The uploaded picture' },
} as const satisfies Record<string, Text>;

const KIND_LABELS: Record<ImageKind, Text> = {
  icon: { ja: 'アーティストのアイコン', en: 'Artist icon' },
  cover: { ja: 'アーティストのカバー', en: 'Artist cover' },
  banner: { ja: 'バナー', en: 'Banner' },
  box: { ja: '過去のボックス', en: 'Past box' },
};

const Kind = z.enum(IMAGE_KINDS);
const ArtistId = z.string().check(z.regex(/^[1-9]\d{0,9}$/));

export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const kind = Kind.safeParse(params.get('kind'));
  const artist = ArtistId.safeParse(params.get('artist'));
  return { kind: kind.success ? kind.data : 'cover', artist: artist.success ? artist.data : null };
}

/** An icon or cover uploaded for an artist becomes that artist's picture at once (two audited calls). */
async function setArtistPicture(api: StaffApi, artistId: string, kind: ImageKind, url: string) {
  const found = await api.catalogueArtist(artistId);
  if (!found.ok) return found;
  // The form's fields only: the publish state changes by its own steps, never by a save.
  const { id: _id, publishState: _state, publishAt: _at, ...fields } = found.data.artist;
  return api.saveArtist(artistId, kind === 'icon' ? { ...fields, icon: url } : { ...fields, coverImage: url });
}

/**
 * The form is multipart: on the server (JavaScript off) its body was read, bounded, into memory
 * by the SSR handler (server/ssr/form-body.server.ts); the bytes go on to the API, which bounds
 * and checks them again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const kind = Kind.safeParse(form.get('kind'));
  const artist = ArtistId.safeParse(form.get('artist') ?? undefined);
  const values = { kind: kind.success ? kind.data : '' };
  const file = form.get('file');
  if (!kind.success) return formFailure({ fields: { kind: IMAGE_MESSAGES.notImage } }, values);
  if (!(file instanceof Blob) || file.size === 0) return formFailure({ fields: { file: IMAGE_MESSAGES.missing } }, values);
  if (file.size > MAX_IMAGE_BYTES) return formFailure({ fields: { file: IMAGE_MESSAGES.tooLarge } }, values);
  const api = staffApiFrom(context);
  const uploaded = await api.uploadImage(kind.data, file, file instanceof File ? file.name.slice(0, MEDIA_NAME_MAX) : '');
  if (!uploaded.ok) return apiFailure(uploaded, values);
  if (artist.success && (kind.data === 'icon' || kind.data === 'cover')) {
    const saved = await setArtistPicture(api, artist.data, kind.data, uploaded.data.url);
    return saved.ok ? seeOther(adminHref('catalogueArtist', { id: artist.data })) : apiFailure(saved, values);
  }
  return { uploaded: uploaded.data };
}

type Answer = FormFailure & { uploaded?: UploadedImage };

export function Component() {
  const { kind, artist } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <p><Link to={artist ? adminHref('catalogueArtist', { id: artist }) : adminHref('catalogue')}>{t(COPY.back)}</Link></p>
      <h1>{t(COPY.title)}</h1>
      <p>{t(COPY.lead)}</p>
      {answer?.uploaded ? <Uploaded image={answer.uploaded} /> : null}
      <UploadForm kind={kind} artist={artist} failure={answer?.uploaded ? undefined : answer} />
    </main>
  );
}

function UploadForm({ kind, artist, failure }: { kind: ImageKind; artist: string | null; failure: FormFailure | undefined }) {
  const t = useT();
  return (
    <Form method="post" encType="multipart/form-data" className="form catalogue-form">
      {failure?.error ? <FormError text={failure.error} /> : null}
      {artist ? <input type="hidden" name="artist" value={artist} /> : null}
      <div className="form-field">
        <label htmlFor="upload-kind" className="form-label">{t(COPY.kind)}</label>
        <select id="upload-kind" name="kind" className="form-input" defaultValue={failure?.values?.kind || kind}>
          {IMAGE_KINDS.map((k) => <option key={k} value={k}>{`${t(KIND_LABELS[k])}（${IMAGE_SIZES[k].width}×${IMAGE_SIZES[k].height}）`}</option>)}
        </select>
        <FieldMessage id="upload-kind-error" error={failure?.fields?.kind} />
      </div>
      <div className="form-field">
        <label htmlFor="upload-file" className="form-label">{t(COPY.file)}</label>
        <input id="upload-file" type="file" name="file" accept="image/png,image/jpeg,image/webp" required
          aria-invalid={failure?.fields?.file ? true : undefined} aria-describedby={failure?.fields?.file ? 'upload-file-error' : undefined} />
        <FieldMessage id="upload-file-error" error={failure?.fields?.file} />
      </div>
      <SubmitButton label={COPY.submit} />
    </Form>
  );
}

function Uploaded({ image }: { image: UploadedImage }) {
  const t = useT();
  return (
    <section role="status" className="console-status">
      <p>{t(COPY.done)} <code>{image.url}</code>（{image.width}×{image.height}）</p>
      <img src={image.url} alt={t(COPY.preview)} width={Math.min(image.width, 320)} height={Math.round(Math.min(image.width, 320) * image.height / image.width)} />
    </section>
  );
}
