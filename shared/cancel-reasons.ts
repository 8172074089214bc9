import type { Text } from './text.ts';

/**
 * Why a subscription ended (issue 19): support records one of these codes when it cancels on a
 * shopper's behalf, with a bounded note. A shopper's own cancellation gives none and the dashboard
 * counts it as "reason not given" (docs/decisions/0028-dashboard-figures.md).
 */
export const CANCEL_REASONS = ['price', 'contents', 'oshi_change', 'temporary', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_REASON_LABELS: Record<CancelReason, Text> = {
  price: { ja: '高い', en: 'Too expensive' },
  contents: { ja: '内容が合わない', en: 'Contents not to their taste' },
  oshi_change: { ja: '推し変', en: 'Changed favourite' },
  temporary: { ja: '一時的に不要', en: 'Not needed for now' },
  other: { ja: 'その他', en: 'Other' },
};

export const REASON_NOT_GIVEN: Text = { ja: '理由の記録なし', en: 'Reason not given' };

export function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === 'string' && (CANCEL_REASONS as readonly string[]).includes(value);
}

/** The label of a stored reason; null (a shopper's own cancellation) or an unknown code reads "not given". */
export function cancelReasonLabel(value: string | null): Text {
  return isCancelReason(value) ? CANCEL_REASON_LABELS[value] : REASON_NOT_GIVEN;
}

export const CANCEL_NOTE_MAX = 500;
