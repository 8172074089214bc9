import type { CarrierCode } from './carriers.ts';
import { jstParts, pad2 } from './jst.ts';
import { parcelContentsWithin, type ParcelItem } from './parcel-display.ts';
import { hyphenatedTel } from './phone.ts';
import { hyphenatedZip } from './shipping-columns.ts';
import type { Text } from './text.ts';

/**
 * What a layout of the shipping list is made of (docs/decisions/0073-carrier-layouts.md): the
 * facts of one parcel (one box, or a fan's boxes travelling together: 同梱), the sender (依頼主) from the configuration, and a table of columns, each with
 * its header as the carrier's software names it and the cell it holds. A column without `cell`
 * is written empty: the operator or the carrier's software fills it in.
 */
export interface ShippingLine {
  /** 注文番号: the order history id (a parcel's: its lowest box id), the carrier's お客様管理番号. */
  orderNumber: number;
  /** A parcel's boxes (shared/parcel-display.ts); absent or one for a box travelling alone. */
  items?: readonly ParcelItem[];
  roundName: string;
  artistName: string;
  planName: string;
  count: number;
  name: string;
  /** フリガナ of the name (full-width katakana), '' when unknown: the account's, when the box goes to the account holder. */
  nameKana: string;
  /** Seven digits as stored. */
  zip: string;
  address: string;
  address2: string;
  /** Digits as stored (shared/phone.ts normalizeTel). */
  tel: string;
  shipDate: Date;
}

/** 依頼主 (ご依頼主 / 荷送人): who sends the parcels, from SENDER_* (shared/config.ts). */
export interface Sender {
  name: string;
  zip: string;
  address: string;
  tel: string;
}

/** The sender and the carriers' account codes, from the configuration (shared/config.ts `carrierSettingsOf`). */
export interface CarrierSettings {
  sender: Sender;
  /** B2クラウド ご請求先顧客コード (10–12 digits): empty, the operator picks it in B2クラウド. */
  yamatoBillingCode: string;
  /** B2クラウド 運賃管理番号 (2 digits, usually 01). */
  yamatoFreightNumber: string;
  /** e飛伝 お客様コード (12 digits): empty, e飛伝 uses the signed-in customer's. */
  sagawaCustomerCode: string;
}

export type ImportKey = 'orderHistoryId' | 'trackingNumber' | 'carrier';

export interface LayoutColumn {
  label: string;
  cell?: (line: ShippingLine, settings: CarrierSettings) => string;
}

export interface CarrierLayout {
  id: string;
  name: Text;
  /** The carrier whose software reads the file; null for our own list. */
  carrier: CarrierCode | null;
  columns: readonly LayoutColumn[];
  /**
   * The headers of the file the carrier's software writes back (or of this file, filled in),
   * by what the import reads from them; a header not named here is read and ignored.
   */
  results: Partial<Record<ImportKey, readonly string[]>>;
}

/** `yyyy/MM/dd` or `yyyyMMdd` of a moment in JST (the carriers' date cells). */
export function jstDate(value: Date, separator: '/' | ''): string {
  const p = jstParts(value);
  return [String(p.year), pad2(p.month), pad2(p.day)].join(separator);
}

/**
 * Phone and postal code as the carriers' software takes them and a spreadsheet keeps them: with
 * hyphens (03-1234-5678, 060-0001). Digits alone would lose the leading zero in Excel
 * (0312345678 → 312345678); every layout's source accepts hyphens in these cells.
 */
export const telCell = (tel: string): string => hyphenatedTel(tel);
export const zipCell = (zip: string): string => hyphenatedZip(zip);

/** At most `length` characters (a description cell the software refuses when longer). */
export function clipped(value: string, length: number): string {
  return [...value].slice(0, length).join('').trim();
}

/**
 * Address parts in `count` cells of `length` characters (e飛伝's three 16-character lines): each
 * part on its own line, a part too long for one line cut into lines of `length`. What does not fit
 * stays in the last cell: the software then refuses the line visibly, rather than the export
 * dropping part of an address.
 */
export function addressLines(parts: readonly string[], length: number, count: number): string[] {
  const lines = parts.filter((part) => part.trim() !== '').flatMap((part) => {
    const chars = [...part];
    return Array.from({ length: Math.ceil(chars.length / length) }, (_, i) => chars.slice(i * length, (i + 1) * length).join(''));
  });
  const cells = lines.slice(0, count - 1);
  cells.push(lines.slice(count - 1).join(''));
  while (cells.length < count) cells.push('');
  return cells.slice(0, count);
}

/**
 * The parcel's contents in a description cell of `length` characters: a box alone as
 * 「星乃ミライ スタンダードプラン 12月号」 (cut to fit), a parcel naming every box
 * (「A 12月号 ×1 / B 12月号 ×2」, shorter forms when that does not fit).
 */
export function contentsWithin(line: ShippingLine, length: number): string {
  if (line.items && line.items.length > 1) return parcelContentsWithin(line.items, length);
  return clipped(`${line.artistName} ${line.planName} ${line.roundName}`, length);
}
