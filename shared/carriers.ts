import type { Text } from './text.ts';

/**
 * The carriers a box may ship with, and where a shopper follows a parcel. The shipments import
 * stores the carrier's code in `plan_order_histories.carrier`; an unknown or empty code shows the
 * tracking number without a link.
 */
export interface Carrier {
  name: Text;
  /** The carrier's public tracking page for one number. */
  trackingUrl: (number: string) => string;
}

export const CARRIERS = {
  yamato: {
    name: { ja: 'ヤマト運輸', en: 'Yamato Transport' },
    trackingUrl: (n) => `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=${n}`,
  },
  sagawa: {
    name: { ja: '佐川急便', en: 'Sagawa Express' },
    trackingUrl: (n) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${n}`,
  },
  japanpost: {
    name: { ja: '日本郵便', en: 'Japan Post' },
    trackingUrl: (n) => `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${n}&searchKind=S002&locale=ja`,
  },
} as const satisfies Record<string, Carrier>;

export type CarrierCode = keyof typeof CARRIERS;

export interface Tracking {
  number: string;
  carrier: CarrierCode | null;
  carrierName: Text | null;
  /** Null when the carrier is unknown: the number is shown without a link. */
  url: string | null;
}

/** Tracking numbers are digits, sometimes written with hyphens or spaces; the pages want digits. */
function digitsOf(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The tracking number with its carrier's page, or null while the box has no number. */
export function trackingOf(number: string, carrier: string): Tracking | null {
  const shown = number.trim();
  if (!shown) return null;
  if (!Object.hasOwn(CARRIERS, carrier)) return { number: shown, carrier: null, carrierName: null, url: null };
  const known = CARRIERS[carrier as CarrierCode];
  const digits = digitsOf(shown);
  const url = /^[A-Za-z0-9]{1,30}$/.test(digits) ? known.trackingUrl(encodeURIComponent(digits)) : null;
  return { number: shown, carrier: carrier as CarrierCode, carrierName: known.name, url };
}

/**
 * The names people type for each carrier, written as `normalizeCarrier` compares them (NFKC,
 * lower case, no spaces, no 株式会社).
 */
const CARRIER_NAMES: Record<CarrierCode, readonly string[]> = {
  yamato: ['yamato', 'ヤマト', 'ヤマト運輸', 'クロネコヤマト', 'クロネコ', '宅急便', 'yamatotransport'],
  sagawa: ['sagawa', '佐川', '佐川急便', '飛脚宅配便', 'sagawaexpress'],
  japanpost: ['japanpost', '日本郵便', 'ゆうパック', '郵便局', 'ゆうパケット', 'jp', 'jppost'],
};

/**
 * The carrier's code for what a warehouse or a carrier's software writes in a carrier cell:
 * 「ヤマト運輸」「クロネコヤマト」「佐川急便」「ゆうパック」, full-width, with spaces or 株式会社, or the code
 * itself (yamato, sagawa, japanpost). Undefined for anything else; the import names the cell.
 */
export function normalizeCarrier(typed: string): CarrierCode | undefined {
  const key = typed.normalize('NFKC').toLowerCase().replace(/[\s・]/g, '').replace(/株式会社|\(株\)|㈱/g, '');
  if (key === '') return undefined;
  return (Object.keys(CARRIER_NAMES) as CarrierCode[]).find((code) => CARRIER_NAMES[code].includes(key));
}
