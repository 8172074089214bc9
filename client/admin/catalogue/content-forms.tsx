import type { AdminBanner, AdminNews } from '../../../shared/api/catalogue-admin.ts';
import { BannerSchema, NewsSchema } from '../../../shared/catalogue-import-schema.ts';
import { catalogueFieldErrors } from '../../../shared/catalogue-import-problems.ts';
import type { Text } from '../../../shared/text.ts';
import { Field } from '../../components/form/field.tsx';
import type { FormValues } from '../../data/form-action.ts';
import { TextArea } from './form-fields.tsx';
import { formWholeNumber } from '../../../shared/digits.ts';
import { fromJstInput, toJstInput } from './jst-input.ts';
import { ImageField, type ImageChoice } from './image-field.tsx';

/** The forms of news and banners, checked with the import's rules (shared/catalogue-import-schema.ts). */
const L = {
  title: { ja: 'タイトル', en: 'Title' },
  titleEn: { ja: 'タイトル（英語）', en: 'Title (English)' },
  message: { ja: '本文', en: 'Message' },
  messageEn: { ja: '本文（英語）', en: 'Message (English)' },
  link: { ja: 'リンク', en: 'Link' },
  linkHint: { ja: 'サイト内のパス（/…）か https:// のURL', en: 'A path of this site (/…) or an https:// URL' },
  publishedAt: { ja: '掲載日時（日本時間）', en: 'Published at (Japan time)' },
  publishedAtHint: { ja: '空欄なら保存した時刻になります。', en: 'Left empty: the time it is saved.' },
  subtitle: { ja: 'サブタイトル', en: 'Subtitle' },
  subtitleEn: { ja: 'サブタイトル（英語）', en: 'Subtitle (English)' },
  image: { ja: '画像', en: 'Picture' },
  sort: { ja: '表示順', en: 'Sort order' },
  startsAt: { ja: '掲載開始（日本時間・空欄なら制限なし）', en: 'Shown from (Japan time; blank: no bound)' },
  endsAt: { ja: '掲載終了（日本時間・空欄なら制限なし）', en: 'Shown until (Japan time; blank: no bound)' },
} as const satisfies Record<string, Text>;

const orNull = (value: string | undefined) => (value ? fromJstInput(value) : null);

export function checkNews(values: FormValues) {
  const input = {
    title: values.title ?? '', message: values.message ?? '', titleEn: values.titleEn ?? '', messageEn: values.messageEn ?? '',
    // Publishing is its own step (client/admin/catalogue/publish-panel.tsx): the form saves a draft.
    link: values.link ?? '', open: false,
    // Empty: now (a new item) or the date it has (the API's clock decides).
    ...(values.publishedAt?.trim() ? { publishedAt: fromJstInput(values.publishedAt) } : {}),
  };
  return { input, fields: catalogueFieldErrors(NewsSchema, input) };
}

export function checkBanner(values: FormValues) {
  const sort = (values.sort ?? '').trim();
  const input = {
    title: values.title ?? '', subtitle: values.subtitle ?? '', titleEn: values.titleEn ?? '', subtitleEn: values.subtitleEn ?? '',
    image: values.image ?? '', link: values.link ?? '', sort: formWholeNumber(sort, 0),
    startsAt: orNull(values.startsAt), endsAt: orNull(values.endsAt),
  };
  return { input, fields: catalogueFieldErrors(BannerSchema, input) };
}

export function NewsFields({ news }: { news: AdminNews | null }) {
  return (
    <>
      <Field name="title" label={L.title} defaultValue={news?.title} maxLength={200} required />
      <TextArea name="message" label={L.message} defaultValue={news?.message} maxLength={10_000} rows={6} />
      <Field name="titleEn" label={L.titleEn} defaultValue={news?.titleEn ?? ''} maxLength={200} />
      <TextArea name="messageEn" label={L.messageEn} defaultValue={news?.messageEn ?? ''} maxLength={10_000} rows={4} />
      <Field name="link" label={L.link} hint={L.linkHint} defaultValue={news?.link} maxLength={500} />
      <Field name="publishedAt" type="datetime-local" label={L.publishedAt} hint={L.publishedAtHint} defaultValue={toJstInput(news?.publishedAt)} />
    </>
  );
}

export function BannerFields({ banner, library }: { banner: AdminBanner | null; library: ImageChoice[] }) {
  return (
    <>
      <Field name="title" label={L.title} defaultValue={banner?.title} maxLength={100} required />
      <Field name="subtitle" label={L.subtitle} defaultValue={banner?.subtitle} maxLength={200} />
      <Field name="titleEn" label={L.titleEn} defaultValue={banner?.titleEn ?? ''} maxLength={100} />
      <Field name="subtitleEn" label={L.subtitleEn} defaultValue={banner?.subtitleEn ?? ''} maxLength={200} />
      <ImageField name="image" label={L.image} library={library} defaultValue={banner?.image ?? ''} required uploadKind="banner" />
      <Field name="link" label={L.link} hint={L.linkHint} defaultValue={banner?.link ?? '/'} maxLength={500} />
      <Field name="sort" label={L.sort} inputMode="numeric" defaultValue={String(banner?.sort ?? 0)} maxLength={10} />
      <Field name="startsAt" type="datetime-local" label={L.startsAt} defaultValue={toJstInput(banner?.startsAt)} />
      <Field name="endsAt" type="datetime-local" label={L.endsAt} defaultValue={toJstInput(banner?.endsAt)} />
    </>
  );
}
