import { useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import { addressFromZip, isCompleteZip, normalizeZip } from '../../../shared/postal-code.ts';
import type { Text } from '../../../shared/text.ts';
import { apiFrom } from '../../data/api.ts';
import { useT } from '../../lang.tsx';
import { Field } from './field.tsx';

const COPY = {
  zip: { ja: '郵便番号', en: 'Postal code' },
  zipHint: {
    ja: 'ハイフンなしの7桁。入力すると住所が自動で入ります。',
    en: '7 digits, no hyphen. Fills in the address.',
  },
  search: { ja: '住所を検索', en: 'Find address' },
  filled: { ja: '郵便番号から住所を入力しました。続けて番地・建物名を入力してください。', en: 'The address was filled in from the postal code. Now enter the street number and building.' },
  notFound: { ja: 'この郵便番号の住所が見つかりませんでした。住所を直接入力してください。', en: 'No address was found for this postal code. Please type the address.' },
  failed: { ja: '住所を検索できませんでした。住所を直接入力してください。', en: 'The address could not be looked up. Please type the address.' },
} as const satisfies Record<string, Text>;

/** Sets a field's value the way typing does, so the form's instant checks see the change. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function addressInput(from: HTMLElement): HTMLInputElement | null {
  const field = from.closest('form')?.elements.namedItem('address');
  return field instanceof HTMLInputElement ? field : null;
}

/**
 * The postal-code field (docs/spec.md §5: "address is auto-filled from it"). With JavaScript, typing a
 * complete code (full-width digits and hyphens accepted and converted) fills the address field
 * through `GET /api/zip/{zip}`; without it, the "find address" button posts `intent=zip` and the
 * page's action fills it on the server.
 */
export function ZipLookupField({ defaultValue }: { defaultValue: string }) {
  const t = useT();
  const [status, setStatus] = useState<Text | null>(null);
  const looked = useRef('');

  async function lookUp(zipInput: HTMLInputElement, zip: string): Promise<void> {
    looked.current = zip;
    const result = await apiFrom(undefined).zip(zip);
    if (looked.current !== zip) return; // a newer code was typed meanwhile
    const address = addressInput(zipInput);
    if (result.ok && address) {
      typeInto(address, addressFromZip(result.data));
      setStatus(COPY.filled);
    } else {
      setStatus(!result.ok && result.status === 404 ? COPY.notFound : COPY.failed);
    }
  }

  function settle(input: HTMLInputElement): void {
    const zip = normalizeZip(input.value);
    if (zip !== input.value) input.value = zip;
    if (isCompleteZip(zip)) {
      if (zip !== looked.current) void lookUp(input, zip);
    } else {
      // An unfinished code: any answer still on its way is stale, and the last status is too.
      looked.current = '';
      setStatus(null);
    }
  }

  function onChange(event: ChangeEvent<HTMLInputElement>): void {
    // Rewriting the value mid-composition would break the Japanese input method's conversion;
    // Chrome sends no input event after the composition ends, so that end settles it instead.
    if (!(event.nativeEvent as InputEvent).isComposing) settle(event.currentTarget);
  }

  function onSearch(event: MouseEvent<HTMLButtonElement>): void {
    const input = event.currentTarget.form?.elements.namedItem('zip');
    if (!(input instanceof HTMLInputElement)) return;
    // With JavaScript the lookup happens here; the button's POST is the no-JavaScript path.
    event.preventDefault();
    const zip = normalizeZip(input.value);
    typeInto(input, zip);
    if (isCompleteZip(zip)) void lookUp(input, zip);
  }

  return (
    <div className="zip-lookup">
      <div className="form-row">
        <Field name="zip" label={COPY.zip} hint={COPY.zipHint} defaultValue={defaultValue}
          inputMode="numeric" autoComplete="postal-code" maxLength={10} required onChange={onChange}
          onCompositionEnd={(event) => settle(event.currentTarget)} />
        <button type="submit" name="intent" value="zip" className="button button-ghost zip-search" onClick={onSearch}>
          {t(COPY.search)}
        </button>
      </div>
      <p className="form-hint zip-status" aria-live="polite">{status ? t(status) : null}</p>
    </div>
  );
}
