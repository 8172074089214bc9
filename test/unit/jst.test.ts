import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth } from '../../shared/format.ts';
import { jstParts } from '../../shared/jst.ts';
import { issueKey, issueLabel } from '../../shared/subscription-rules.ts';

// shared/jst.ts replaced date-fns-tz in the browser's pages; these hold it to what that printed.
const TOKYO = 'Asia/Tokyo';
const INSTANTS = [
  '2026-11-30T14:59:59.000Z', // 23:59:59 JST, the last second of November
  '2026-11-30T15:00:00.000Z', // 00:00 JST on 1 December
  '2026-12-31T15:00:00.000Z', // New Year in Tokyo, still 2026 in UTC
  '2024-02-28T15:30:00.000Z', // 29 February of a leap year
  '2026-06-15T03:07:00+09:00',
  '2026-06-15 03:07:00+09',
];

describe('Tokyo time without date-fns-tz', () => {
  it.each(INSTANTS)('prints %s as formatInTimeZone does', (value) => {
    expect(formatDate(value)).toBe(formatInTimeZone(value, TOKYO, 'yyyy/MM/dd'));
    expect(formatDateTime(value)).toBe(formatInTimeZone(value, TOKYO, 'yyyy/MM/dd HH:mm'));
    expect(formatMonth(value)).toBe(formatInTimeZone(value, TOKYO, 'yyyy年M月'));
    expect(formatMonth(value, true)).toBe(formatInTimeZone(value, TOKYO, 'MMM yyyy'));
    expect(issueKey({ shipDate: value })).toBe(formatInTimeZone(value, TOKYO, 'yyyy-MM'));
  });

  // Against Intl, not date-fns-tz: in a machine zone with daylight saving time date-fns-tz prints
  // the hour of the spring-forward gap an hour late (TZ=America/New_York, 2025-03-08T17:59Z).
  it('agrees with Intl on every hour of two years', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: TOKYO, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
    const start = Date.UTC(2025, 0, 1);
    for (let hour = 0; hour < 2 * 366 * 24; hour += 1) {
      const at = new Date(start + hour * 3_600_000 + 59 * 60_000);
      const part = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, p.value]));
      expect(formatDateTime(at)).toBe(`${part.year}/${part.month}/${part.day} ${part.hour}:${part.minute}`);
    }
  });

  it('reads a string without an offset as Tokyo wall time, as date-fns-tz does', () => {
    for (const value of ['2026-12-01', '2026-12-01T00:30:00']) {
      expect(formatDateTime(value)).toBe(formatInTimeZone(value, TOKYO, 'yyyy/MM/dd HH:mm'));
    }
  });

  it('names the month of the round in Tokyo', () => {
    expect(issueLabel({ shipDate: '2026-11-30T15:00:00.000Z' }).ja).toContain('12月号');
  });

  it('refuses an invalid date as date-fns-tz did', () => {
    expect(() => jstParts('not a date')).toThrow(RangeError);
    expect(() => formatInTimeZone('not a date', TOKYO, 'yyyy')).toThrow(RangeError);
  });
});
