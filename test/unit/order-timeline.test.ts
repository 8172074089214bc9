import { describe, expect, it } from 'vitest';
import { trackingOf } from '../../shared/carriers.ts';
import { EMPTY_PLAN_ORDER_HISTORY, deferredInvoiceOf } from '../../shared/order-history.ts';
import { buildTimeline, type TimelineInput } from '../../shared/order-timeline.ts';

const BASE: TimelineInput = {
  status: 'SUCCESS', createdAt: '2026-11-20T01:00:00.000Z', paidAt: '2026-11-20T01:00:05.000Z', waitingAt: null,
  shippedAt: null, deliveredAt: null, nextAttemptAt: null, refundStatus: null, refundedAt: null, updatedAt: '2026-11-21T00:00:00.000Z',
};

const summary = (input: TimelineInput) => buildTimeline(input).map((e) => `${e.step}:${e.state}`);

describe('buildTimeline', () => {
  it('a paid order: applied, charged and in production done; the rest pending without a date', () => {
    expect(summary(BASE)).toEqual(['applied:done', 'charged:done', 'production:done', 'preparing:pending', 'shipped:pending', 'delivered:pending']);
    expect(buildTimeline(BASE).at(-1)?.at).toBeNull();
  });

  it('a delivered order has every step done with its date', () => {
    const input = { ...BASE, status: 'DELIVERED', waitingAt: '2026-12-20T00:00:00.000Z', shippedAt: '2026-12-24T00:00:00.000Z', deliveredAt: '2026-12-25T00:00:00.000Z' };
    const timeline = buildTimeline(input);
    expect(timeline.every((e) => e.state === 'done')).toBe(true);
    expect(timeline.find((e) => e.step === 'shipped')?.at).toBe('2026-12-24T00:00:00.000Z');
  });

  it('BEFORE: the charge is pending, with a note', () => {
    const timeline = buildTimeline({ ...BASE, status: 'BEFORE', paidAt: null });
    expect(timeline[1]).toMatchObject({ step: 'charged', state: 'pending', at: null, note: { ja: '決済処理中です。' } });
  });

  it('ERROR: the failure, then the retry at next_attempt_at (or none scheduled)', () => {
    const withRetry = buildTimeline({ ...BASE, status: 'ERROR', paidAt: null, nextAttemptAt: '2026-11-22T00:00:00.000Z' });
    expect(withRetry.map((e) => `${e.step}:${e.state}`)).toEqual(['applied:done', 'failed:failed', 'retry:pending']);
    expect(withRetry[2]?.at).toBe('2026-11-22T00:00:00.000Z');
    const without = buildTimeline({ ...BASE, status: 'ERROR', paidAt: null });
    expect(without[2]).toMatchObject({ at: null, note: { en: 'No retry is scheduled.' } });
  });

  it('CANCEL: charged, cancelled and the refund as it stands', () => {
    expect(summary({ ...BASE, status: 'CANCEL', refundStatus: 'refunded', refundedAt: '2026-11-21T00:00:00.000Z' }))
      .toEqual(['applied:done', 'charged:done', 'cancelled:done', 'refund:done']);
    expect(summary({ ...BASE, status: 'CANCEL', refundStatus: 'pending' })).toContain('refund:pending');
    expect(summary({ ...BASE, status: 'CANCEL', paidAt: null })).toEqual(['applied:done', 'cancelled:done']);
  });
});

describe('trackingOf', () => {
  it('links a known carrier, digits only', () => {
    expect(trackingOf('1234-5678-9012', 'yamato')).toMatchObject({ number: '1234-5678-9012', carrier: 'yamato', url: expect.stringContaining('number01=123456789012') });
    expect(trackingOf('123456789012', 'sagawa')?.url).toBe('https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=123456789012');
    expect(trackingOf('123456789012', 'japanpost')?.url).toContain('reqCodeNo1=123456789012');
  });

  it('shows an unknown carrier\'s number without a link, and no number as nothing', () => {
    expect(trackingOf('999', 'pigeon')).toEqual({ number: '999', carrier: null, carrierName: null, url: null });
    expect(trackingOf('999', '')?.url).toBeNull();
    expect(trackingOf('toString', 'toString')?.url).toBeNull();
    expect(trackingOf('', 'yamato')).toBeNull();
  });
});

it('GMOAB: due 14 days after the charge, 297 yen a reminder, 891 at most', () => {
  expect(deferredInvoiceOf('2026-11-20T01:00:00.000Z')).toEqual({ dueDate: '2026-12-04T01:00:00.000Z', dueDays: 14, lateFee: 297, maxLateFees: 3, lateFeeMax: 891 });
  expect(deferredInvoiceOf(null)).toBeNull();
});

it('the empty record is the spec\'s placeholder: count −100, status ERROR', () => {
  expect(EMPTY_PLAN_ORDER_HISTORY).toMatchObject({ count: -100, paymentStatus: 'ERROR', paymentStatusLabel: { ja: '決済失敗' } });
  expect(Object.isFrozen(EMPTY_PLAN_ORDER_HISTORY)).toBe(true);
});
