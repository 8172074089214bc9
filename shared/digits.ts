/** Full-width digits (０–９, as a Japanese keyboard types them) made half-width; the rest unchanged. */
export function toHalfWidthDigits(value: string): string {
  return value.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
}

/**
 * A whole number typed in a console form, as people type it: full-width digits, digit grouping
 * (`1,000`, `１，０００`), a yen sign and spaces are fine. Empty: `fallback`. Anything else comes
 * back as typed, so the field's rule refuses it with its own message.
 */
export function formWholeNumber(value: string | undefined, fallback?: number): number | string | undefined {
  const text = toHalfWidthDigits(value ?? '').replace(/[\s\u3000,，¥￥円]/g, '');
  if (text === '') return fallback ?? (value === undefined ? undefined : '');
  return /^\d{1,10}$/.test(text) ? Number(text) : (value ?? '').trim();
}
