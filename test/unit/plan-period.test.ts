import { describe, expect, it } from 'vitest';
import { monthIndex, roundsBreakingPeriod, roundTooCloseText, spacingConflict, tooCloseField } from '../../shared/plan-period.ts';

/** A round of the 3-month plan: deadline at the end of `deadline`'s month, the box the month after (Tokyo). */
const round = (name: string, deadline: string, ship: string) => ({ name, endDate: `${deadline}T23:59:59+09:00`, shipDate: `${ship}T10:00:00+09:00` });
const JAN = round('1月号', '2026-12-31', '2027-01-25');
const FEB = round('2月号', '2027-01-31', '2027-02-25');
const APR = round('4月号', '2027-03-31', '2027-04-25');

describe('a plan\'s rounds stand its period apart (issue 30)', () => {
  it('counts Tokyo months: 2026-12-31 23:59 JST is December, though it is 14:59 UTC', () => {
    expect(monthIndex('2026-12-31T23:59:59+09:00') - monthIndex('2026-12-01T00:00:00+09:00')).toBe(0);
    expect(monthIndex('2027-01-01T00:00:00+09:00') - monthIndex('2026-12-31T23:59:59+09:00')).toBe(1);
  });

  it('refuses a round a month after another of a 3-month plan, naming the ship date first', () => {
    expect(tooCloseField(3, FEB, JAN)).toBe('shipDate');
    expect(tooCloseField(3, APR, JAN)).toBeNull();
    expect(tooCloseField(1, FEB, JAN)).toBeNull();
    expect(spacingConflict(3, FEB, [APR, JAN])).toEqual({ field: 'shipDate', other: APR });
    expect(spacingConflict(3, APR, [JAN])).toBeNull();
  });

  it('names the deadline when the ship dates are apart but the charges would not be', () => {
    const lateShip = round('4月号', '2027-01-15', '2027-04-25');
    expect(tooCloseField(3, lateShip, JAN)).toBe('endDate');
  });

  it('lists the rounds a period change would break, by ship date', () => {
    expect(roundsBreakingPeriod(3, [APR, FEB, JAN]).map((r) => r.name)).toEqual(['2月号', '4月号']);
    expect(roundsBreakingPeriod(3, [JAN, APR])).toEqual([]);
  });

  it('says why, in both languages', () => {
    expect(roundTooCloseText(3, '1月号')).toEqual({
      ja: 'このプランは3か月ごとのお届けです。お届け日と申込締切は、ほかの回（1月号）と3か月以上あけてください（決済とお届けはプランの周期ごとです）。',
      en: 'This plan delivers every 3 months: its ship date and deadline must be at least 3 months from its other rounds (1月号), since charges and boxes follow the plan\'s period.',
    });
  });
});
