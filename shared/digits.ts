/** Full-width digits (０–９, as a Japanese keyboard types them) made half-width; the rest unchanged. */
export function toHalfWidthDigits(value: string): string {
  return value.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
}
