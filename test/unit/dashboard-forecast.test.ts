import { describe, expect, it } from 'vitest';
import { boxForecast, forecastKindOf, monthlyRecurring, type RecurringRow } from '../../shared/dashboard-forecast.ts';
import { toDoTiles } from '../../shared/dashboard-to-dos.ts';

const AT = new Date('2026-12-10T03:00:00Z');
const light: RecurringRow = { price: 3300, preTaxPrice: 3000, count: 1, period: 1, deferred: false, subscriptions: 1 };

describe('MRR (monthly recurring revenue)', () => {
  it('is one delivery (goods + shipping) a month for a monthly plan, tax-included and pre-tax', () => {
    expect(monthlyRecurring([light], AT)).toEqual({ taxIncluded: 3960, preTax: 3600 });
    expect(monthlyRecurring([{ ...light, subscriptions: 3 }], AT)).toEqual({ taxIncluded: 11_880, preTax: 10_800 });
  });

  it('spreads a plan billed every 3 months over its 3 months', () => {
    // 3,300 + 660 every 3 months: 1,320 a month; 3,600 pre-tax: 1,200.
    expect(monthlyRecurring([{ ...light, period: 3 }], AT)).toEqual({ taxIncluded: 1320, preTax: 1200 });
  });

  it('counts a quantity of 2 as two boxes with shipping once per delivery', () => {
    expect(monthlyRecurring([{ ...light, count: 2 }], AT)).toEqual({ taxIncluded: 7260, preTax: 6600 });
    // Every 3 months, 2 boxes: 7,260 / 3 = 2,420.
    expect(monthlyRecurring([{ ...light, count: 2, period: 3 }], AT)).toEqual({ taxIncluded: 2420, preTax: 2200 });
  });

  it('rounds the sum once, so thirds of several subscriptions do not lose yen', () => {
    const odd = { ...light, price: 1100, preTaxPrice: 1000, period: 3 };
    // (1,100 + 660) / 3 = 586.67 each; two of them 1,173.33 → 1,173 (not 587 × 2 = 1,174).
    expect(monthlyRecurring([odd, { ...odd }], AT).taxIncluded).toBe(1173);
  });

  it("adds the deferred-payment fee a GMO後払い fan pays per delivery, and is zero for nobody", () => {
    const deferred = monthlyRecurring([{ ...light, deferred: true }], AT);
    expect(deferred.taxIncluded).toBeGreaterThan(3960);
    expect(monthlyRecurring([], AT)).toEqual({ taxIncluded: 0, preTax: 0 });
  });
});

describe('the box forecast of a round taking orders', () => {
  const none = { paid: false, skipped: false, paused: false, lastDeclined: false };

  it('sorts a subscription: paid first, then skipped, paused, declined last time, else charged at the deadline', () => {
    expect(forecastKindOf({ ...none, paid: true, skipped: true })).toBe('paid');
    expect(forecastKindOf({ ...none, skipped: true, paused: true })).toBe('skipped');
    expect(forecastKindOf({ ...none, paused: true, lastDeclined: true })).toBe('paused');
    expect(forecastKindOf({ ...none, lastDeclined: true })).toBe('failed');
    expect(forecastKindOf(none)).toBe('pending');
  });

  it('counts boxes, gives paid + pending as likely and everything as the upper bound', () => {
    const forecast = boxForecast([
      { ...none, paid: true, boxes: 2 }, { ...none, boxes: 5 }, { ...none, skipped: true, boxes: 1 },
      { ...none, paused: true, boxes: 2 }, { ...none, lastDeclined: true, boxes: 3 }, { ...none, boxes: 1 },
    ]);
    expect(forecast).toEqual({ boxes: { paid: 2, pending: 6, skipped: 1, paused: 2, failed: 3 }, likely: 8, upperBound: 14 });
    expect(boxForecast([])).toEqual({ boxes: { paid: 0, pending: 0, skipped: 0, paused: 0, failed: 0 }, likely: 0, upperBound: 0 });
  });
});

describe("the dashboard's to-do tiles", () => {
  it('links each count to the page where the work is done', () => {
    const tiles = toDoTiles({ declinedByRound: [{ roundId: 7, count: 2 }], toShip: 4, refunds: 0, disputes: 1 });
    expect(tiles.map((t) => [t.kind, t.count, t.href, t.permission])).toEqual([
      ['declined', 2, '/billing/7?state=declined', 'refunds'],
      ['toShip', 4, '/rounds?state=ship', 'shipping'],
      ['refunds', 0, '/orders?refund=open', 'customers.read'],
      ['disputes', 1, '/billing', 'refunds'],
    ]);
  });

  it('sends declined charges of several rounds to the billing overview', () => {
    const [declined] = toDoTiles({ declinedByRound: [{ roundId: 7, count: 2 }, { roundId: 9, count: 1 }], toShip: 0, refunds: 0, disputes: 0 });
    expect(declined).toMatchObject({ count: 3, href: '/billing' });
  });
});
