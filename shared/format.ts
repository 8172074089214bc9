import { formatInTimeZone } from 'date-fns-tz';

/** Spec §9: dates are shown in Asia/Tokyo time. */
export const SHOP_TIME_ZONE = 'Asia/Tokyo';

const yenFormat = new Intl.NumberFormat('ja-JP');

/** `2026/11/22` */
export function formatDate(value: string | Date): string {
  return formatInTimeZone(value, SHOP_TIME_ZONE, 'yyyy/MM/dd');
}

/** `2026年11月22日 18:30` */
export function formatDateTime(value: string | Date): string {
  return formatInTimeZone(value, SHOP_TIME_ZONE, 'yyyy年M月d日 HH:mm');
}

/** Japanese digit grouping: `12,345`. */
export function formatNumber(value: number): string {
  return yenFormat.format(value);
}

/** `¥1,234（税込）` */
export function formatPrice(taxIncluded: number, english = false): string {
  return `¥${formatNumber(taxIncluded)}${english ? ' (tax incl.)' : '（税込）'}`;
}

/** `税抜 ¥1,122` */
export function formatPreTaxPrice(preTax: number, english = false): string {
  return english ? `¥${formatNumber(preTax)} before tax` : `税抜 ¥${formatNumber(preTax)}`;
}
