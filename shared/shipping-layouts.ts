import { telCell, zipCell, type CarrierLayout, type ImportKey, type ShippingLine } from './carrier-layout.ts';
import { formatDate } from './format.ts';
import { JAPANPOST_YUPRIR_LAYOUT } from './japanpost-yuprir-columns.ts';
import { SAGAWA_EHIDEN_LAYOUT } from './sagawa-ehiden-columns.ts';
import { SHIPPING_COLUMNS } from './shipping-columns.ts';
import { SHIPPING_LAYOUT_NAMES, type ShippingLayoutId } from './shipping-layout-names.ts';
import { YAMATO_B2_LAYOUT } from './yamato-b2-columns.ts';

/**
 * The tables of the layouts a round's shipping list is written in (docs/decisions/0073-carrier-layouts.md):
 * our own (the default, read back unchanged by the shipments import) and the three carriers' software.
 * Our own list's cells, by its header:
 */
const OWN_CELLS: Record<string, (l: ShippingLine) => string> = {
  注文番号: (l) => String(l.orderNumber),
  お届け回: (l) => l.roundName,
  アーティスト: (l) => l.artistName,
  プラン: (l) => l.planName,
  数量: (l) => String(l.count),
  お届け先氏名: (l) => l.name,
  郵便番号: (l) => zipCell(l.zip),
  住所: (l) => l.address,
  住所2: (l) => l.address2,
  電話番号: (l) => telCell(l.tel),
  発送予定日: (l) => formatDate(l.shipDate),
};

/** Our own list (shared/shipping-columns.ts): 配送業者 and 追跡番号 are left for the warehouse to fill in. */
export const OSHIBOX_LAYOUT: CarrierLayout = {
  id: 'oshibox',
  name: SHIPPING_LAYOUT_NAMES.oshibox,
  carrier: null,
  columns: SHIPPING_COLUMNS.map((c) => ({ label: c.label, cell: OWN_CELLS[c.label] })),
  results: { orderHistoryId: ['注文番号'], carrier: ['配送業者'], trackingNumber: ['追跡番号'] },
};

export const SHIPPING_LAYOUTS: Record<ShippingLayoutId, CarrierLayout> = {
  oshibox: OSHIBOX_LAYOUT,
  'yamato-b2': YAMATO_B2_LAYOUT,
  'sagawa-ehiden': SAGAWA_EHIDEN_LAYOUT,
  'japanpost-yuprir': JAPANPOST_YUPRIR_LAYOUT,
};

/** What a header cell of a carrier's file means to the import, beside its own names. */
const CARRIER_HEADERS: Record<string, ImportKey> = { 配送業者: 'carrier', carrier: 'carrier' };

export interface ResultHeader {
  /** The import's key of each column, false for a column it reads and ignores. */
  columns: (ImportKey | false)[];
  /** The carrier every line ships with unless it names one. */
  carrier: CarrierLayout['carrier'];
  layout: CarrierLayout;
}

/**
 * A file a carrier's software wrote back (its slips issued, with their tracking numbers), known by
 * the headers of our 注文番号 and of the tracking number in that software's layout. Every other
 * column is read and ignored; the first column of each kind is the one read.
 */
export function carrierResultHeaderOf(header: readonly string[]): ResultHeader | undefined {
  for (const layout of [YAMATO_B2_LAYOUT, SAGAWA_EHIDEN_LAYOUT, JAPANPOST_YUPRIR_LAYOUT]) {
    const keyOf = (cell: string): ImportKey | undefined =>
      CARRIER_HEADERS[cell] ?? (Object.entries(layout.results) as [ImportKey, readonly string[]][]).find(([, names]) => names.includes(cell))?.[0];
    const keys = header.map((cell) => keyOf(cell.trim()));
    if (!keys.includes('orderHistoryId') || !keys.includes('trackingNumber')) continue;
    const columns = keys.map((key, i) => (key !== undefined && keys.indexOf(key) === i ? key : false));
    return { columns, carrier: layout.carrier, layout };
  }
  return undefined;
}
