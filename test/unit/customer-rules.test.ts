import { describe, expect, it } from 'vitest';
import { classifyQuery } from '../../api/customers/customer-search.ts';
import { cancelReasonLabel, CANCEL_REASONS } from '../../shared/cancel-reasons.ts';
import { CancelInput, CustomerSearchQuery, RefundInput } from '../../shared/customer-rules.ts';
import { fieldErrors } from '../../shared/field-errors.ts';

describe('the search box', () => {
  it('reads digits as a phone or an order number, an @ as an e-mail, anything else as a name or e-mail', () => {
    expect(classifyQuery('03-1234-5678')).toEqual({ column: 'digits', digits: '0312345678' });
    expect(classifyQuery('#42')).toEqual({ column: 'digits', digits: '42' });
    expect(classifyQuery('Hanako@Example')).toEqual({ column: 'email', part: 'hanako@example' });
    expect(classifyQuery('推野')).toEqual({ column: 'nameOrEmail', part: '推野' });
  });

  it('bounds the query and the page', () => {
    expect(fieldErrors(CustomerSearchQuery, { q: 'a'.repeat(100) })).toBeNull();
    expect(Object.keys(fieldErrors(CustomerSearchQuery, { q: 'a'.repeat(101) }) ?? {})).toEqual(['q']);
    expect(Object.keys(fieldErrors(CustomerSearchQuery, { q: ' ' }) ?? {})).toEqual(['q']);
    expect(Object.keys(fieldErrors(CustomerSearchQuery, { q: 'a', page: '0x1' }) ?? {})).toEqual(['page']);
  });
});

describe('the actions\u2019 rules', () => {
  it('take a form\u2019s text and JSON numbers alike, and refuse a hidden character in a reason', () => {
    expect(fieldErrors(RefundInput, { historyId: '12', reason: '破損', idempotencyKey: 'rf-0123456789' })).toBeNull();
    expect(fieldErrors(RefundInput, { historyId: 12, reason: '破損', idempotencyKey: 'rf-0123456789' })).toBeNull();
    expect(Object.keys(fieldErrors(RefundInput, { historyId: 12, reason: '破\u202e損', idempotencyKey: 'rf-0123456789' }) ?? {})).toEqual(['reason']);
    expect(Object.keys(fieldErrors(RefundInput, { historyId: 12, reason: 'x', idempotencyKey: 'short' }) ?? {})).toEqual(['idempotencyKey']);
  });

  it('know every cancel reason, and read none as "reason not given"', () => {
    for (const reason of CANCEL_REASONS) expect(fieldErrors(CancelInput, { planId: 1, reason })).toBeNull();
    expect(cancelReasonLabel(null)).toEqual({ ja: '理由の記録なし', en: 'Reason not given' });
    expect(cancelReasonLabel('oshi_change').ja).toBe('推し変');
  });
});
