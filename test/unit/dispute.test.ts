import { describe, expect, it } from 'vitest';
import { disputeNeedsResponse, disputeOf, disputeStatusLabel } from '../../shared/dispute.ts';

describe('disputeStatusLabel', () => {
  it.each([
    ['needs_response', '要対応'], ['under_review', '審査中'], ['won', '勝訴'], ['lost', '敗訴'],
    ['warning_needs_response', '早期警告（要対応）'], ['warning_under_review', '早期警告（審査中）'], ['warning_closed', '早期警告（終了）'],
    ['warning_new_kind', '早期警告（warning_new_kind）'], ['prevented', 'prevented'],
  ])('%s → %s', (status, ja) => expect(disputeStatusLabel(status).ja).toBe(ja));
  it('says when the status is not known yet', () => expect(disputeStatusLabel(null).ja).toBe('状態不明'));
});

describe('disputeNeedsResponse / disputeOf', () => {
  it('needs a response only while Stripe waits for the shop', () => {
    expect(['needs_response', 'warning_needs_response', 'under_review', 'won', null].map(disputeNeedsResponse)).toEqual([true, true, false, false, false]);
  });
  it('is null without a dispute id', () => {
    expect(disputeOf({ dispute_id: null, dispute_status: null })).toBeNull();
    expect(disputeOf({ dispute_id: 'dp_1', dispute_status: 'lost' })).toEqual({ id: 'dp_1', status: 'lost', needsResponse: false });
  });
});
