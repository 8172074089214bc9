import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { fromJstInput, toJstInput } from '../../client/admin/catalogue/jst-input.ts';

/** The catalogue's `datetime-local` fields read Tokyo wall time (shared/jst.ts since decision 0083). */
describe('the catalogue form’s Tokyo date-time field', () => {
  it('shows an instant as Tokyo wall time, as date-fns-tz did', () => {
    for (const iso of ['2026-12-01T00:00:00Z', '2026-12-31T15:00:00Z', '2027-02-28T14:59:59.999Z', '2026-06-15T03:04:00+09:00']) {
      expect(toJstInput(iso)).toBe(formatInTimeZone(iso, 'Asia/Tokyo', "yyyy-MM-dd'T'HH:mm"));
    }
    expect(toJstInput('2026-12-31T15:00:00Z')).toBe('2027-01-01T00:00');
  });

  it('is empty for no value, and reads back to the same instant', () => {
    expect(toJstInput(null)).toBe('');
    expect(toJstInput('')).toBe('');
    expect(new Date(fromJstInput(toJstInput('2026-12-20T14:59:00Z'))).toISOString()).toBe('2026-12-20T14:59:00.000Z');
  });
});
