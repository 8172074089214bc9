import { describe, expect, it } from 'vitest';
import { CANCEL_REASONS, FAN_CANCEL_REASON_LABELS, offersForReason } from '../../shared/cancel-reasons.ts';
import { monthlyMovements } from '../../shared/dashboard-figures.ts';

describe('the cancel page\'s offers (issue 32)', () => {
  it('put the offer that fits the reason first and always list all three', () => {
    expect(offersForReason('price')[0]).toBe('cheaper');
    expect(offersForReason('temporary')[0]).toBe('pause');
    expect(offersForReason(null)).toEqual(['skip', 'pause', 'cheaper']);
    for (const reason of CANCEL_REASONS) expect([...offersForReason(reason)].sort()).toEqual(['cheaper', 'pause', 'skip']);
  });

  it('label every reason in the fan\'s words in both languages', () => {
    for (const reason of CANCEL_REASONS) {
      expect(FAN_CANCEL_REASON_LABELS[reason].ja).not.toBe('');
      expect(FAN_CANCEL_REASON_LABELS[reason].en).not.toBe('');
    }
  });

  it('count the offers kept per month, every offer present', () => {
    const counts = new Map([['2026-12', { started: 0, cancelled: 1 }]]);
    const kept = new Map([['2026-12', { pause: 2 }]]);
    const [november, december] = monthlyMovements(['2026-11', '2026-12'], 4, counts, new Map(), kept);
    expect(november?.keptByOffer).toEqual({ skip: 0, pause: 0, cheaper: 0 });
    expect(december?.keptByOffer).toEqual({ skip: 0, pause: 2, cheaper: 0 });
  });
});
