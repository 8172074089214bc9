import type { Text } from './text.ts';

/**
 * Why a subscription ended (issue 19): support records one of these codes when it cancels on a
 * shopper's behalf, with a bounded note. Since issue 32 the fan's own cancel page asks the same
 * question in the fan's words (optional): only a cancellation without an answer counts as "reason
 * not given" (docs/decisions/0028-dashboard-figures.md, 0078-cancel-survey.md).
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

/** The same codes as the fan reads them on the cancel page (the console keeps its short labels). */
export const FAN_CANCEL_REASON_LABELS: Record<CancelReason, Text> = {
  price: { ja: '料金が負担になった', en: 'It costs too much for me' },
  contents: { ja: 'ボックスの内容が好みに合わない', en: 'The boxes are not to my taste' },
  oshi_change: { ja: 'ほかのアーティストを応援したい', en: 'I want to support another artist' },
  temporary: { ja: 'しばらく受け取れない・今は不要', en: 'I cannot receive or need boxes for a while' },
  other: { ja: 'その他', en: 'Something else' },
};

/** What the cancel page offers instead of cancelling; a fan who takes one is recorded (cancel_offers). */
export const CANCEL_OFFERS = ['skip', 'pause', 'cheaper'] as const;
export type CancelOffer = (typeof CANCEL_OFFERS)[number];

export const CANCEL_OFFER_LABELS: Record<CancelOffer, Text> = {
  skip: { ja: 'スキップ', en: 'Skip' },
  pause: { ja: '休止', en: 'Pause' },
  cheaper: { ja: '安いプランへ変更', en: 'Cheaper plan' },
};

export function isCancelOffer(value: unknown): value is CancelOffer {
  return typeof value === 'string' && (CANCEL_OFFERS as readonly string[]).includes(value);
}

/** Which offer fits a reason best, first: a price worry → a cheaper plan; a break → pause or skip. */
const OFFER_ORDER: Record<CancelReason | 'none', readonly CancelOffer[]> = {
  price: ['cheaper', 'skip', 'pause'],
  contents: ['cheaper', 'skip', 'pause'],
  oshi_change: ['pause', 'skip', 'cheaper'],
  temporary: ['pause', 'skip', 'cheaper'],
  other: ['skip', 'pause', 'cheaper'],
  none: ['skip', 'pause', 'cheaper'],
};

/** The offers in the order that fits the chosen reason (none chosen: skip, pause, cheaper). */
export function offersForReason(reason: CancelReason | null): readonly CancelOffer[] {
  return OFFER_ORDER[reason ?? 'none'];
}
