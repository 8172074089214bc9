import { describe, expect, it } from 'vitest';
import { billingStateOf, churnPercent, issueOfKey, monthKeyOf, monthKeysUpTo, monthlyMovements, monthOf, monthStart } from '../../shared/dashboard-figures.ts';
import { netOfRefunds } from '../../shared/money.ts';

describe('the shop calendar of the dashboard', () => {
  it('counts months in Tokyo: 15:00 UTC on the last day is already the next month', () => {
    expect(monthKeyOf('2026-11-30T14:59:59Z')).toBe('2026-11');
    expect(monthKeyOf('2026-11-30T15:00:00Z')).toBe('2026-12');
    expect(monthStart('2026-12').toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });

  it('steps across a year boundary both ways', () => {
    expect(monthStart('2026-12', 1).toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(monthKeysUpTo('2027-02', 4)).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthKeysUpTo('2026-12', 12)[0]).toBe('2026-01');
  });

  it('labels a month and its round in both languages', () => {
    expect(monthOf('2027-01')).toEqual({ key: '2027-01', label: { ja: '2027年1月', en: 'Jan 2027' } });
    expect(issueOfKey('2027-01')).toEqual({ ja: '1月号', en: 'Jan 2027 box' });
  });
});

describe('churn', () => {
  it('is the month’s cancellations over those active on the 1st, in percent with one decimal', () => {
    expect(churnPercent(1, 3)).toBe(33.3);
    expect(churnPercent(2, 3)).toBe(66.7);
    expect(churnPercent(0, 5)).toBe(0);
    expect(churnPercent(1, 0)).toBeNull();
  });

  it('carries each month’s active count into the next: before + started − cancelled', () => {
    const counts = new Map([['2026-11', { started: 5, cancelled: 1 }], ['2026-12', { started: 0, cancelled: 1 }]]);
    const months = monthlyMovements(['2026-10', '2026-11', '2026-12'], 3, counts);
    expect(months.map((m) => [m.key, m.activeAtStart, m.churnPercent])).toEqual([['2026-10', 3, 0], ['2026-11', 3, 33.3], ['2026-12', 7, 14.3]]);
  });
});

describe('billing state of a round’s charge', () => {
  const row = { status: 'BEFORE', origin: 'billing', retryScheduled: false, claimed: false };
  it('tells charged, declined, retrying, in doubt and queued apart', () => {
    expect(billingStateOf({ ...row, status: 'SUCCESS', origin: 'checkout' })).toBe('charged');
    expect(billingStateOf({ ...row, status: 'DELIVERED' })).toBe('charged');
    expect(billingStateOf({ ...row, status: 'ERROR' })).toBe('declined');
    expect(billingStateOf({ ...row, status: 'ERROR', retryScheduled: true })).toBe('retrying');
    expect(billingStateOf({ ...row, claimed: true })).toBe('inDoubt');
    expect(billingStateOf(row)).toBe('queued');
  });

  it('leaves out voided rounds and checkouts that never became a subscription', () => {
    expect(billingStateOf({ ...row, status: 'CANCEL' })).toBeNull();
    expect(billingStateOf({ ...row, status: 'ERROR', origin: 'checkout' })).toBeNull();
  });
});

describe('netOfRefunds', () => {
  it('subtracts refunds from both columns and never goes below zero', () => {
    expect(netOfRefunds({ taxIncluded: 19_580, preTax: 17_800 }, { taxIncluded: 3960, preTax: 3600 })).toEqual({ taxIncluded: 15_620, preTax: 14_200 });
    expect(netOfRefunds({ taxIncluded: 100, preTax: 90 }, { taxIncluded: 200, preTax: 180 })).toEqual({ taxIncluded: 0, preTax: 0 });
  });
});
