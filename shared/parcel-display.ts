import { formatNumber } from './format.ts';
import { issueLabel } from './subscription-rules.ts';
import type { Text } from './text.ts';

/**
 * 同梱 on the shipping side (issue 33, docs/decisions/0089-parcels-on-the-carrier-files.md): which
 * round's carrier file lists a parcel, its number, and its words on the carrier files, the order
 * history, the receipt and the dashboard. The parcel itself (a fan's boxes whose rounds ship inside
 * one window, to one address) is shared/parcel.ts's `parcelKey`.
 */

/** One box of a parcel, as its carrier line and its pages name it. */
export interface ParcelItem {
  id: number;
  roundId: number;
  shipDate: Date | string;
  artistName: string;
  planName: string;
  roundName: string;
  count: number;
}

const timeOf = (d: Date | string): number => (d instanceof Date ? d.getTime() : Date.parse(d));

/** The parcel's number (its lowest box id): the order number of its carrier line, what the import keys on. */
export function parcelNumberOf(items: readonly Pick<ParcelItem, 'id'>[]): number {
  return Math.min(...items.map((i) => i.id));
}

/**
 * The round whose file lists the parcel: the round of its last-shipping box (the parcel leaves on
 * the latest ship date of its boxes), the lowest round id among equals.
 */
export function parcelRoundOf(items: readonly Pick<ParcelItem, 'roundId' | 'shipDate'>[]): number {
  const latest = Math.max(...items.map((i) => timeOf(i.shipDate)));
  return Math.min(...items.filter((i) => timeOf(i.shipDate) === latest).map((i) => i.roundId));
}

/** The boxes in a stable order: by id. */
export function sortedItems<T extends Pick<ParcelItem, 'id'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.id - b.id);
}

/** 「星乃ミライ 12月号」: a box as its parcel's contents name it. */
export function itemName(item: Pick<ParcelItem, 'artistName' | 'roundName'>): string {
  return `${item.artistName} ${item.roundName}`;
}

/** 「A 12月号 ×1 / B 12月号 ×2」: every box of the parcel with its count. */
export function parcelContents(items: readonly ParcelItem[]): string {
  return sortedItems(items).map((i) => `${itemName(i)} ×${i.count}`).join(' / ');
}

/**
 * The contents within a carrier's `length` characters (B2クラウド's 品名 25, e飛伝's 16): every box
 * named in full when it fits, else by artist alone, else 「同梱3箱 A他」 — never a cut-off name
 * that reads as another box.
 */
export function parcelContentsWithin(items: readonly ParcelItem[], length: number): string {
  const sorted = sortedItems(items);
  const fits = (s: string) => [...s].length <= length;
  const candidates = [
    parcelContents(sorted),
    sorted.map((i) => `${itemName(i)}×${i.count}`).join('/'),
    sorted.map((i) => `${i.artistName}×${i.count}`).join('/'),
  ];
  const found = candidates.find(fits);
  if (found !== undefined) return found;
  const head = `同梱${sorted.length}箱 `;
  return `${head}${[...`${sorted[0]!.artistName}他`].slice(0, Math.max(0, length - [...head].length)).join('')}`.trim();
}

/** The total count of a parcel's boxes: its line's 数量. */
export function parcelCount(items: readonly Pick<ParcelItem, 'count'>[]): number {
  return items.reduce((sum, i) => sum + i.count, 0);
}

type Issue = Pick<ParcelItem, 'artistName' | 'shipDate'>;

/** 「星乃ミライ 12月号」 / "星乃ミライ Dec 2026 box": a box as the fan's pages name it (the issue of its ship date, as their headings). */
function issueName(item: Issue): Text {
  const shipDate = item.shipDate instanceof Date ? item.shipDate.toISOString() : item.shipDate;
  const issue = issueLabel({ shipDate });
  return { ja: `${item.artistName} ${issue.ja}`, en: `${item.artistName} ${issue.en}` };
}

/** 「同梱: A 12月号・B 12月号（1個口）」: beside each box of a parcel, in the order history and on the receipt. */
export function parcelLine(items: readonly (Issue & Pick<ParcelItem, 'id'>)[]): Text {
  const names = sortedItems(items).map(issueName);
  return { ja: `同梱: ${names.map((n) => n.ja).join('・')}（1個口）`, en: `Shipped together: ${names.map((n) => n.en).join(', ')} (one parcel)` };
}

/** On a box of a parcel whose shipping another box carries: which one. */
export function feePaidWith(carrier: Issue): Text {
  const name = issueName(carrier);
  return { ja: `送料は同梱の${name.ja}でお支払い済み`, en: `Shipping paid with ${name.en}, in the same parcel` };
}

/** The shipping line of the box that carries the parcel's fee. */
export const PARCEL_FEE_LABEL: Text = { ja: '送料（同梱1個口分）', en: 'Shipping (one parcel, shipped together)' };

/** The dashboard's figure of the month's shipments: 「今月の出荷」 「箱 N・荷物 M（同梱 K）」. */
export const SHIPMENTS_LABEL: Text = { ja: '今月の出荷', en: 'Shipped this month' };

export function shipmentsFigure(boxes: number, parcels: number, consolidated: number): Text {
  return {
    ja: `箱 ${formatNumber(boxes)}・荷物 ${formatNumber(parcels)}（同梱 ${formatNumber(consolidated)}）`,
    en: `${formatNumber(boxes)} boxes in ${formatNumber(parcels)} parcels (${formatNumber(consolidated)} shipped together)`,
  };
}

/** A round's boxes that travel in another round's parcel, as its page says. */
export interface ElsewhereParcels {
  roundId: number;
  roundName: string;
  artistName: string;
  boxIds: number[];
}

/** 「3箱は 星乃ミライ 1月号 の同梱で発送（そちらのファイルに載ります）」 */
export function elsewhereLine(e: ElsewhereParcels): Text {
  const n = e.boxIds.length;
  return {
    ja: `${n}箱は ${itemName(e)}（お届け回 ${e.roundId}）と同梱で、そちらのファイルに載ります（注文番号 ${e.boxIds.join('、')}）`,
    en: `${n} ${n === 1 ? 'box travels' : 'boxes travel'} with ${itemName(e)} (round ${e.roundId}) and ${n === 1 ? 'is' : 'are'} listed in that round's file (order numbers ${e.boxIds.join(', ')})`,
  };
}

/** 「同梱: 注文番号 13、14 も発送」: beside a line of an import that moves its parcel's other boxes with it. */
export function parcelWith(boxIds: readonly number[]): Text {
  return { ja: `同梱: 注文番号 ${boxIds.join('、')} も同じ荷物`, en: `Shipped together: order ${boxIds.join(', ')} in the same parcel` };
}

/** A box's parcel as the order history and the receipt show it. */
export interface OrderParcel {
  /** Every box of the parcel, its number (the lowest) first. */
  boxIds: number[];
  /** 「同梱: A 12月号・B 12月号（1個口）」 */
  line: Text;
  /** The box carries the parcel's shipping: its shipping reads 「送料（同梱1個口分）」. */
  carriesFee: boolean;
  /** On a box whose shipping another box of the parcel carries: 「送料は同梱の〇〇でお支払い済み」. */
  feePaidWith: Text | null;
}

/**
 * The parcel of box `selfId` among its parcel's paid boxes (itself included), or null when it
 * travels alone. Which box carries the fee is billing's (shared/parcel.ts): read, never decided, here.
 */
export function orderParcelOf(selfId: number, boxes: readonly (ParcelItem & { carriesFee: boolean; shipFee: number })[]): OrderParcel | null {
  const self = boxes.find((b) => b.id === selfId);
  if (!self || boxes.length < 2) return null;
  const sorted = sortedItems(boxes);
  const carrier = sorted.find((b) => b.carriesFee);
  return {
    boxIds: sorted.map((b) => b.id),
    line: parcelLine(sorted),
    carriesFee: self.carriesFee,
    feePaidWith: !self.carriesFee && self.shipFee === 0 && carrier ? feePaidWith(carrier) : null,
  };
}
