import type { AdminArtist } from '../../../shared/api/catalogue-admin.ts';
import { ARTIST_TYPE_LABELS, ARTIST_TYPES } from '../../../shared/artist-types.ts';
import { ArtistInputSchema } from '../../../shared/catalogue-import-schema.ts';
import { catalogueFieldErrors } from '../../../shared/catalogue-import-problems.ts';
import type { Text } from '../../../shared/text.ts';
import { Field } from '../../components/form/field.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { ValidatedForm } from '../../components/form/validated-form.tsx';
import type { FormFailure, FormValues } from '../../data/form-action.ts';
import { formWholeNumber } from '../../../shared/digits.ts';
import { Checkbox, Select, TextArea } from './form-fields.tsx';
import { ImageField, type ImageChoice } from './image-field.tsx';

const L = {
  slug: { ja: 'スラッグ（URL）', en: 'Slug (URL)' },
  slugHint: { ja: '半角英小文字・数字・-・_', en: 'Lower-case letters, digits, - and _' },
  name: { ja: '名前', en: 'Name' },
  subName: { ja: 'サブ名', en: 'Sub-name' },
  type: { ja: '種別', en: 'Type' },
  description: { ja: '紹介文', en: 'Description' },
  descriptionEn: { ja: '紹介文（英語）', en: 'Description (English)' },
  icon: { ja: 'アイコン画像', en: 'Icon image' },
  coverImage: { ja: 'カバー画像', en: 'Cover image' },
  links: { ja: 'リンク', en: 'Links' },
  linksHint: { ja: '1行に1つ: 種類 URL ラベル（例: YOUTUBE https://www.youtube.com/@name 公式）', en: 'One a line: TYPE URL label (e.g. YOUTUBE https://www.youtube.com/@name Official)' },
  copyright: { ja: '著作権表示', en: 'Copyright' },
  backgroundColor: { ja: '背景色', en: 'Background colour' },
  colorHint: { ja: '#rrggbb', en: '#rrggbb' },
  sort: { ja: '表示順', en: 'Sort order' },
  tags: { ja: 'タグ', en: 'Tags' },
  tagsHint: { ja: 'スペース区切り', en: 'Separated by spaces' },
  isClose: { ja: '公開を終了する（ラインナップから外す）', en: 'Closed (taken off the lineup)' },
} as const satisfies Record<string, Text>;

const TYPE_OPTIONS = ARTIST_TYPES.map((value) => ({ value, label: ARTIST_TYPE_LABELS[value] }));

const wholeNumber = (value: string | undefined) => formWholeNumber(value);
const words = (value: string | undefined) => (value ?? '').split(/[\s,、]+/).filter(Boolean);

/** `TYPE URL label…` per line. */
function parseLinks(text: string | undefined) {
  return (text ?? '').split('\n').map((line) => line.trim()).filter(Boolean).map((line) => {
    const [type = '', url = '', ...label] = line.split(/\s+/);
    return label.length > 0 ? { type: type.toUpperCase(), url, label: label.join(' ') } : { type: type.toUpperCase(), url };
  });
}

export function toArtistInput(values: FormValues) {
  return {
    slug: values.slug ?? '', name: values.name ?? '', subName: values.subName ?? '', type: values.type ?? '',
    description: values.description ?? '', descriptionEn: values.descriptionEn ?? '', icon: values.icon ?? '', coverImage: values.coverImage ?? '',
    links: parseLinks(values.links), copyright: values.copyright ?? '', backgroundColor: values.backgroundColor ?? '',
    sort: wholeNumber(values.sort ?? '0'), isClose: values.isClose === 'on', tags: words(values.tags),
  };
}

/** The import's rules (shared/catalogue-import-schema.ts), checked before the call; null when the form is fine. */
export function checkArtist(values: FormValues) {
  const input = toArtistInput(values);
  return { input, fields: catalogueFieldErrors(ArtistInputSchema, input) };
}

const linksText = (artist: AdminArtist) => artist.links.map((l) => [l.type, l.url, l.label].filter(Boolean).join(' ')).join('\n');

export function ArtistForm({ artist, failure, submit, intent, library }: {
  artist: AdminArtist | null; failure: FormFailure | undefined; submit: Text; intent?: string; library: ImageChoice[];
}) {
  const a = artist;
  return (
    <ValidatedForm failure={failure} intent={intent} className="catalogue-form">
      <Field name="slug" label={L.slug} hint={L.slugHint} defaultValue={a?.slug} maxLength={100} required />
      <Field name="name" label={L.name} defaultValue={a?.name} maxLength={100} required />
      <Field name="subName" label={L.subName} defaultValue={a?.subName} maxLength={100} />
      <Select name="type" label={L.type} defaultValue={a?.type ?? 'OTHER'} options={TYPE_OPTIONS} />
      <TextArea name="description" label={L.description} defaultValue={a?.description} maxLength={5_000} />
      <TextArea name="descriptionEn" label={L.descriptionEn} defaultValue={a?.descriptionEn ?? ''} maxLength={5_000} />
      <ImageField name="icon" label={L.icon} library={library} defaultValue={a?.icon ?? ''} />
      <ImageField name="coverImage" label={L.coverImage} library={library} defaultValue={a?.coverImage ?? ''} />
      <TextArea name="links" label={L.links} hint={L.linksHint} defaultValue={a ? linksText(a) : ''} maxLength={12_000} rows={3} />
      <Field name="copyright" label={L.copyright} defaultValue={a?.copyright} maxLength={200} />
      <Field name="backgroundColor" type="color" label={L.backgroundColor} hint={L.colorHint} defaultValue={a?.backgroundColor ?? '#ffffff'} />
      <Field name="sort" label={L.sort} inputMode="numeric" defaultValue={String(a?.sort ?? 0)} maxLength={10} />
      <Field name="tags" label={L.tags} hint={L.tagsHint} defaultValue={a?.tags.join(' ')} maxLength={1_100} />
      <Checkbox name="isClose" label={L.isClose} defaultChecked={a?.isClose ?? false} />
      <SubmitButton label={submit} />
    </ValidatedForm>
  );
}
