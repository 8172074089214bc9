import type { Text } from './text.ts';

/**
 * An order's way from application to the shopper's door, as the order history shows it: each
 * step with its date, or pending. A failed charge shows the failure and its retry; a cancelled
 * one its cancellation and refund instead of the shipping steps.
 */
export const TIMELINE_STEPS = [
  'applied', 'charged', 'production', 'preparing', 'shipped', 'delivered', 'failed', 'retry', 'cancelled', 'refund',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];
export type TimelineState = 'done' | 'pending' | 'failed';

export interface TimelineEntry {
  step: TimelineStep;
  state: TimelineState;
  /** ISO instant of the step, null while pending (or when the step has no date of its own). */
  at: string | null;
  label: Text;
  /** What the shopper should know about this step (the retry, the refund). */
  note: Text | null;
}

export const TIMELINE_LABELS: Record<TimelineStep, Text> = {
  applied: { ja: 'お申し込み', en: 'Applied' },
  charged: { ja: '決済', en: 'Charged' },
  production: { ja: '商品制作中', en: 'In production' },
  preparing: { ja: '発送準備中', en: 'Preparing shipment' },
  shipped: { ja: '発送済み', en: 'Shipped' },
  delivered: { ja: '配達完了', en: 'Delivered' },
  failed: { ja: '決済失敗', en: 'Payment failed' },
  retry: { ja: '決済の再試行', en: 'Payment retry' },
  cancelled: { ja: 'キャンセル', en: 'Cancelled' },
  refund: { ja: '返金', en: 'Refund' },
};

const NOTES = {
  charging: { ja: '決済処理中です。', en: 'The payment is being processed.' },
  failed: {
    ja: 'カードの決済ができませんでした。お支払い方法をご確認ください。',
    en: 'Your card could not be charged. Please check your payment method.',
  },
  retry: { ja: 'この日時に決済を再度試みます。', en: 'The charge will be tried again at this time.' },
  noRetry: { ja: '再試行の予定はありません。', en: 'No retry is scheduled.' },
  refunded: { ja: '全額返金しました。', en: 'Refunded in full.' },
  refundPending: { ja: '返金手続き中です。', en: 'The refund is being processed.' },
  refundFailed: { ja: '返金を完了できませんでした。お問い合わせください。', en: 'The refund could not be completed. Please contact us.' },
  notCharged: { ja: '請求はありません。', en: 'Nothing was charged.' },
  chargeAtDeadline: {
    ja: 'スキップを取り消したため、申込締切の日時にあらためて決済します。',
    en: 'The skip was undone: this round is charged again at its order deadline.',
  },
  superseded: { ja: 'プラン変更により、新しい内容で決済し直しました。', en: 'Charged again on the new terms after a plan change.' },
} as const satisfies Record<string, Text>;

export interface TimelineInput {
  status: string;
  createdAt: string;
  paidAt: string | null;
  waitingAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
  refundStatus: string | null;
  refundedAt: string | null;
  /** The row's last change: when a cancellation without a date of its own happened. */
  updatedAt: string;
  /** A voided round charged again at its deadline (a skip undone): when. */
  chargeAt?: string | null;
  /** Replaced by a plan change (the charge was voided and charged again on the new terms). */
  superseded?: boolean;
}

/** How far along the shipping steps each paid status is. */
const PROGRESS: Record<string, number> = { SUCCESS: 1, WAITING: 2, SHIPSTART: 3, COMPLETEMAIL: 3, DELIVERED: 4 };

function entry(step: TimelineStep, state: TimelineState, at: string | null, note: Text | null = null): TimelineEntry {
  return { step, state, at, label: TIMELINE_LABELS[step], note };
}

export function buildTimeline(input: TimelineInput): TimelineEntry[] {
  const applied = entry('applied', 'done', input.createdAt);
  if (input.status === 'ERROR') return [applied, ...failedSteps(input)];
  if (input.status === 'CANCEL') return [applied, ...cancelledSteps(input)];
  const progress = PROGRESS[input.status] ?? 0;
  const step = (name: TimelineStep, reached: number, at: string | null) =>
    entry(name, progress >= reached ? 'done' : 'pending', progress >= reached ? at : null);
  return [
    applied,
    progress >= 1 ? entry('charged', 'done', input.paidAt) : entry('charged', 'pending', null, NOTES.charging),
    step('production', 1, input.paidAt),
    step('preparing', 2, input.waitingAt),
    step('shipped', 3, input.shippedAt),
    step('delivered', 4, input.deliveredAt),
  ];
}

function failedSteps(input: TimelineInput): TimelineEntry[] {
  const failed = entry('failed', 'failed', input.updatedAt, NOTES.failed);
  const retry = input.nextAttemptAt
    ? entry('retry', 'pending', input.nextAttemptAt, NOTES.retry)
    : entry('retry', 'pending', null, NOTES.noRetry);
  return [failed, retry];
}

function cancelledSteps(input: TimelineInput): TimelineEntry[] {
  const steps: TimelineEntry[] = [];
  if (input.paidAt) steps.push(entry('charged', 'done', input.paidAt));
  if (!input.chargeAt) steps.push(entry('cancelled', 'done', input.updatedAt, cancelNote(input)));
  if (input.refundStatus === 'refunded') steps.push(entry('refund', 'done', input.refundedAt, NOTES.refunded));
  else if (input.refundStatus === 'pending') steps.push(entry('refund', 'pending', null, NOTES.refundPending));
  else if (input.refundStatus === 'failed') steps.push(entry('refund', 'failed', null, NOTES.refundFailed));
  // What will happen, not a cancellation: the round is charged at its deadline.
  if (input.chargeAt) steps.push(entry('charged', 'pending', input.chargeAt, NOTES.chargeAtDeadline));
  return steps;
}

function cancelNote(input: TimelineInput): Text | null {
  if (input.superseded) return NOTES.superseded;
  return input.paidAt ? null : NOTES.notCharged;
}
