import type { Text } from './text.ts';

/**
 * Card disputes (chargebacks) of a round's charge, as the gateway reports them (issue 20: Stripe's
 * `dispute.status`, stored by the webhook in plan_order_histories.dispute_status). The console
 * shows a badge with the status in Japanese, and counts those waiting for the shop's response.
 */
export const DISPUTE_BADGE: Text = { ja: 'チャージバック（異議申し立て）', en: 'Chargeback (dispute)' };

/** https://docs.stripe.com/api/disputes/object#dispute_object-status */
export const DISPUTE_STATUS_LABELS: Record<string, Text> = {
  needs_response: { ja: '要対応', en: 'Needs response' },
  under_review: { ja: '審査中', en: 'Under review' },
  won: { ja: '勝訴', en: 'Won' },
  lost: { ja: '敗訴', en: 'Lost' },
  warning_needs_response: { ja: '早期警告（要対応）', en: 'Early warning (needs response)' },
  warning_under_review: { ja: '早期警告（審査中）', en: 'Early warning (under review)' },
  warning_closed: { ja: '早期警告（終了）', en: 'Early warning (closed)' },
};

/** The statuses in which the shop must answer the dispute (submit evidence) before Stripe's deadline. */
export const DISPUTE_NEEDS_RESPONSE: readonly string[] = ['needs_response', 'warning_needs_response'];

/** A status Stripe adds later still shows: as itself, flagged as unknown; an early warning as one. */
export function disputeStatusLabel(status: string | null): Text {
  if (status === null) return { ja: '状態不明', en: 'Status unknown' };
  if (Object.hasOwn(DISPUTE_STATUS_LABELS, status)) return DISPUTE_STATUS_LABELS[status]!;
  if (status.startsWith('warning_')) return { ja: `早期警告（${status}）`, en: `Early warning (${status})` };
  return { ja: status, en: status };
}

export function disputeNeedsResponse(status: string | null): boolean {
  return status !== null && DISPUTE_NEEDS_RESPONSE.includes(status);
}

/** What the staff API says of a charge's dispute (null: none). */
export interface DisputeView {
  id: string;
  status: string | null;
  needsResponse: boolean;
}

export function disputeOf(row: { dispute_id: string | null; dispute_status: string | null }): DisputeView | null {
  return row.dispute_id === null ? null : { id: row.dispute_id, status: row.dispute_status, needsResponse: disputeNeedsResponse(row.dispute_status) };
}
