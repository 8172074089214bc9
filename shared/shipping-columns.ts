/**
 * The columns of a round's shipping list (`ops shipments export`), in their order, and how the
 * shipments import reads the same file back: the warehouse fills in 配送業者 and 追跡番号 and the
 * file goes to `ops shipments import` unchanged (docs/decisions/0029-shipping-export.md).
 * `imports` names the import's column a header means; the others are read and ignored.
 */
export interface ShippingColumn {
  label: string;
  en: string;
  imports?: 'orderHistoryId' | 'carrier' | 'trackingNumber';
}

export const SHIPPING_COLUMNS = [
  { label: '注文番号', en: 'order number (orderHistoryId)', imports: 'orderHistoryId' },
  { label: 'お届け回', en: 'round' },
  { label: 'アーティスト', en: 'artist' },
  { label: 'プラン', en: 'plan' },
  { label: '数量', en: 'count' },
  { label: 'お届け先氏名', en: 'ship-to name' },
  { label: '郵便番号', en: 'postal code (150-0002)' },
  { label: '住所', en: 'address' },
  { label: '住所2', en: 'address line 2' },
  { label: '電話番号', en: 'phone' },
  { label: '発送予定日', en: 'ship date (yyyy/MM/dd, JST)' },
  { label: '配送業者', en: 'carrier: yamato, sagawa or japanpost', imports: 'carrier' },
  { label: '追跡番号', en: 'tracking number', imports: 'trackingNumber' },
] as const satisfies readonly ShippingColumn[];

/**
 * The import's column for a header cell of the export: its key, `false` for a column it reads and
 * ignores, `undefined` for a header it does not know.
 */
export function importColumnOf(header: string): string | false | undefined {
  const column = SHIPPING_COLUMNS.find((c) => c.label === header);
  if (column === undefined) return undefined;
  return 'imports' in column ? column.imports : false;
}

/** `1500002` → `150-0002`: with the hyphen a spreadsheet keeps the leading zero (`060-0001`). */
export function hyphenatedZip(zip: string): string {
  return /^\d{7}$/.test(zip) ? `${zip.slice(0, 3)}-${zip.slice(3)}` : zip;
}
