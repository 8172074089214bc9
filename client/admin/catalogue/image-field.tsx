import { useId, useState } from 'react';
import { Link } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { ImageKind } from '../../../shared/api/catalogue-admin.ts';
import type { MediaImage } from '../../../shared/api/media-library.ts';
import type { Text } from '../../../shared/text.ts';
import { FieldMessage } from '../../components/form/field.tsx';
import { useFormField } from '../../components/form/form-context.ts';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { useT } from '../../lang.tsx';
import type { StaffApi } from '../data/staff-api.ts';

/**
 * A catalogue form's picture field (issue 32, docs/decisions/0082-media-library.md): chosen from
 * the media library, never typed. Without JavaScript a <select> of the library's pictures; with it
 * a grid of thumbnails (radio buttons of the same name). Both post the picture's /api/media/… URL;
 * a value outside the library's first page (an older picture) stays a choice, as it is.
 */
export type ImageChoice = Pick<MediaImage, 'url' | 'name' | 'path'>;

const COPY = {
  none: { ja: '（画像なし）', en: '(no picture)' },
  choose: { ja: '（画像を選んでください）', en: '(choose a picture)' },
  upload: { ja: '新しい画像をアップロード', en: 'Upload a new picture' },
  required: { ja: '必須', en: 'Required' },
  library: { ja: 'メディアライブラリ（アップロード・削除）', en: 'Media library (upload, delete)' },
  current: { ja: '現在の画像', en: 'Current picture' },
} as const satisfies Record<string, Text>;

/** The library's newest pictures, for a form's loader; an unreachable library leaves the choices empty. */
export async function loadImageChoices(api: StaffApi): Promise<ImageChoice[]> {
  const page = await api.mediaLibrary(1);
  return page.ok ? page.data.images.map(({ url, name, path }) => ({ url, name, path })) : [];
}

const labelOf = (choice: ImageChoice) => choice.name || choice.path;

function choicesWith(library: ImageChoice[], value: string): ImageChoice[] {
  if (value === '' || library.some((choice) => choice.url === value)) return library;
  return [{ url: value, name: '', path: value }, ...library];
}

export function ImageField({ name, label, library, defaultValue, required = false, uploadKind }: {
  name: string; label: Text; library: ImageChoice[]; defaultValue: string; required?: boolean;
  /** A link to upload a new picture of this kind (the artist page has its own, which sets the picture). */
  uploadKind?: ImageKind;
}) {
  const id = useId();
  const t = useT();
  const hydrated = useHydrated();
  const { error, value: posted } = useFormField(name);
  const [value, setValue] = useState(posted ?? defaultValue);
  const choices = choicesWith(library, value);
  // As the shop's Field: seen, not read out (the control's own `required` tells screen readers).
  const badge = required ? <span className="form-required" aria-hidden="true">{t(COPY.required)}</span> : null;
  const libraryLink = (
    <p className="form-hint catalogue-actions">
      <Link to={adminHref('catalogueMedia')}>{t(COPY.library)}</Link>
      {uploadKind ? <Link to={`${adminHref('catalogueImage')}?kind=${uploadKind}`}>{t(COPY.upload)}</Link> : null}
    </p>
  );
  if (!hydrated) {
    return (
      <div className="form-field">
        <label htmlFor={id} className="form-label">{t(label)}{badge}</label>
        <select id={id} name={name} className="form-input" defaultValue={value} aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined} required={required}>
          <option value="">{t(required ? COPY.choose : COPY.none)}</option>
          {choices.map((choice) => <option key={choice.url} value={choice.url}>{labelOf(choice)}</option>)}
        </select>
        {value ? <img className="media-current" src={value} alt={t(COPY.current)} width={96} height={96} /> : null}
        {libraryLink}
        <FieldMessage id={`${id}-error`} error={error} />
      </div>
    );
  }
  return (
    <fieldset className="form-field media-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label">{t(label)}{badge}</legend>
      <div className="media-grid">
        {required ? null : (
          <label className="media-choice">
            <input type="radio" name={name} value="" checked={value === ''} onChange={() => setValue('')} />
            <span className="media-thumb media-thumb-none" aria-hidden="true" />
            <span className="media-choice-name">{t(COPY.none)}</span>
          </label>
        )}
        {choices.map((choice) => (
          <label key={choice.url} className="media-choice">
            <input type="radio" name={name} value={choice.url} checked={value === choice.url} onChange={() => setValue(choice.url)} required={required} />
            <img className="media-thumb" src={choice.url} alt="" width={96} height={96} loading="lazy" />
            <span className="media-choice-name">{labelOf(choice)}</span>
          </label>
        ))}
      </div>
      {libraryLink}
      <FieldMessage id={`${id}-error`} error={error} />
    </fieldset>
  );
}
