import { describe, expect, it } from 'vitest';
import { tenures, TENURE_GRACE_DAYS, type TenureBox, type TenureSubscription } from '../../shared/tenure.ts';

const NOW = new Date('2027-06-30T00:00:00Z');
const ship = (month: number) => new Date(Date.UTC(2027, month - 1, 25, 1));
const box = (month: number, over: Partial<TenureBox> = {}): TenureBox => ({
  artistId: 1, userPlanId: 10, roundShipDate: ship(month), months: 1, paymentStatus: 'DELIVERED', superseded: false, ...over,
});
const live: TenureSubscription = { id: 10, artistId: 1, createdAt: new Date('2026-12-01T00:00:00Z'), cancelledAt: null, live: true };

describe('継続月数: paid rounds in a row per artist', () => {
  it('counts every paid round of a live plan; a skipped or paused round (no box) does not break it', () => {
    // Jan, Feb, (Mar skipped), Apr, (May, Jun paused): 3 rounds, 3 months.
    expect(tenures([box(1), box(2), box(4)], [live], NOW)).toEqual([{ artistId: 1, rounds: 3, months: 3 }]);
  });

  it('a charge that failed for good breaks it; the streak is what came after', () => {
    const boxes = [box(1), box(2, { paymentStatus: 'ERROR' }), box(3), box(4)];
    expect(tenures(boxes, [live], NOW)).toEqual([{ artistId: 1, rounds: 2, months: 2 }]);
  });

  it('a plan billed every 3 months counts 3 months a round; a plan change\'s replaced charge and two plans in one round count once', () => {
    const boxes = [box(1, { months: 3 }), box(4, { months: 3, superseded: true }), box(4, { months: 3 }), box(4, { userPlanId: 11, months: 1 })];
    const second = { ...live, id: 11 };
    expect(tenures(boxes, [live, second], NOW)).toEqual([{ artistId: 1, rounds: 2, months: 6 }]);
  });

  it('a cancellation breaks it, unless the fan comes back within the grace', () => {
    const old = { ...live, live: false, cancelledAt: new Date('2027-02-01T00:00:00Z') };
    const soon = { ...live, id: 12, createdAt: new Date(old.cancelledAt.getTime() + (TENURE_GRACE_DAYS - 1) * 86_400_000) };
    const late = { ...soon, id: 13, createdAt: new Date(old.cancelledAt.getTime() + (TENURE_GRACE_DAYS + 1) * 86_400_000) };
    const boxes = (id: number) => [box(1), box(2), box(5, { userPlanId: id }), box(6, { userPlanId: id })];
    expect(tenures(boxes(12), [old, soon], NOW)).toEqual([{ artistId: 1, rounds: 4, months: 4 }]);
    expect(tenures(boxes(13), [old, late], NOW)).toEqual([{ artistId: 1, rounds: 2, months: 2 }]);
  });

  it('ends with the plan: nothing once the fan cancelled longer ago than the grace', () => {
    const cancelled = { ...live, live: false, cancelledAt: new Date('2027-02-01T00:00:00Z') };
    expect(tenures([box(1), box(2)], [cancelled], NOW)).toEqual([]);
    expect(tenures([box(1), box(2)], [cancelled], new Date('2027-03-01T00:00:00Z'))).toEqual([{ artistId: 1, rounds: 2, months: 2 }]);
  });

  it('keeps artists apart, longest first; a decline of a round not shipped yet is still being retried', () => {
    const other = { ...live, id: 20, artistId: 2 };
    const boxes = [box(1), box(5, { artistId: 2, userPlanId: 20 }), box(6, { artistId: 2, userPlanId: 20 }), box(7, { paymentStatus: 'ERROR' })];
    expect(tenures(boxes, [live, other], NOW)).toEqual([{ artistId: 2, rounds: 2, months: 2 }, { artistId: 1, rounds: 1, months: 1 }]);
  });
});
