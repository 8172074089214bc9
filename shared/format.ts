import { jstParts, pad2 } from './jst.ts';

/** docs/spec.md §9: dates are shown in Asia/Tokyo time. */
export const SHOP_TIME_ZONE = 'Asia/Tokyo';

/**
 * Made on first need, not when the module loads: building an Intl formatter loads the locale's
 * data, one of the longest tasks of a page's start-up (65–95 ms at Lighthouse's 4× slowdown, issue 35).
 */
let jaNumberFormat: Intl.NumberFormat | undefined;

/** Thousands between digits, as ja-JP groups them: `1234567` → `1,234,567`. */
const THOUSANDS = /\B(?=(\d{3})+$)/g;

/** `2026/11/22` */
export function formatDate(value: string | Date): string {
  const { year, month, day } = jstParts(value);
  return `${year}/${pad2(month)}/${pad2(day)}`;
}

/** `2026/11/22 18:30`: the one date-and-time form of the shop, the date as `formatDate`. */
export function formatDateTime(value: string | Date): string {
  const { hour, minute } = jstParts(value);
  return `${formatDate(value)} ${pad2(hour)}:${pad2(minute)}`;
}

/** The last second a deadline still accepts (a deadline of 00:00 accepts until 23:59:59 the day before). */
export function lastAcceptedMoment(deadline: string | Date): Date {
  return new Date(new Date(deadline).getTime() - 1000);
}

/**
 * `申込締切 2026/12/06 23:59`; in English `Order by 2026/12/06 23:59 (JST)`: the deadline on its
 * own, named once (a sentence or a label that already says 申込締切 uses `formatDeadlineTime`). A
 * deadline is the instant from which orders stop, so the last minute still accepted is shown:
 * 00:00 reads as 23:59 of the day before, 23:59:59 as 23:59.
 */
export function formatDeadline(value: string | Date, english = false): string {
  const when = formatDateTime(lastAcceptedMoment(value));
  return english ? `Order by ${when} (JST)` : `申込締切 ${when}`;
}

/** `2026/12/06 23:59` / `2026/12/06 23:59 (JST)`: the deadline's last minute, where 申込締切 is said beside it. */
export function formatDeadlineTime(value: string | Date, english = false): string {
  const when = formatDateTime(lastAcceptedMoment(value));
  return english ? `${when} (JST)` : when;
}

/**
 * Japanese digit grouping: `12,345`. Whole yen (every price and count) is grouped by hand, which
 * gives Intl's ja-JP text without its start-up cost; anything else goes to Intl.
 */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
    const digits = String(Math.abs(value)).replace(THOUSANDS, ',');
    return value < 0 ? `-${digits}` : digits;
  }
  jaNumberFormat ??= new Intl.NumberFormat('ja-JP');
  return jaNumberFormat.format(value);
}

/** `¥1,234（税込）` */
export function formatPrice(taxIncluded: number, english = false): string {
  return `¥${formatNumber(taxIncluded)}${english ? ' (tax incl.)' : '（税込）'}`;
}

/** `税抜 ¥1,122` */
export function formatPreTaxPrice(preTax: number, english = false): string {
  return english ? `¥${formatNumber(preTax)} before tax` : `税抜 ¥${formatNumber(preTax)}`;
}

/** The pre-tax amount beside a price: `（税抜 ¥1,122）`, half-width brackets in English. */
export function formatPreTaxNote(preTax: number, english = false): string {
  const amount = formatPreTaxPrice(preTax, english);
  return english ? `(${amount})` : `（${amount}）`;
}

/** `2026年12月` / `Dec 2026`: a calendar month as seen in Tokyo (the dashboard's month axis). */
export function formatMonth(value: string | Date, english = false): string {
  const { year, month } = jstParts(value);
  return english ? `${MONTHS_SHORT_EN[month - 1]} ${year}` : `${year}年${month}月`;
}

const MONTHS_SHORT_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
