import type { BillingState, CancelReasonKey, MonthKey, MonthMovement } from './api/dashboard.ts';
import { CANCEL_OFFERS, CANCEL_REASON_LABELS, CANCEL_REASONS, isCancelReason, REASON_NOT_GIVEN, type CancelOffer } from './cancel-reasons.ts';
import { formatMonth } from './format.ts';
import { jstParts, pad2 } from './jst.ts';
import { PAYMENT_STATUSES, type PaymentStatus } from './payment.ts';
import { issueLabel } from './subscription-rules.ts';
import type { Text } from './text.ts';

/**
 * The dashboard's definitions (docs/decisions/0028-dashboard-figures.md), read by the API that
 * counts and the console that shows: months are Tokyo calendar months, a round is the Tokyo month
 * its boxes ship in, churn is the month's cancellations over the subscriptions active on the 1st.
 */

/**
 * `2026-12` of an instant, in Tokyo (shared/jst.ts, not date-fns-tz: the console's pages that
 * import this file would otherwise carry the time-zone library, decision 0083).
 */
export function monthKeyOf(at: Date | string): string {
  const { year, month } = jstParts(at);
  return `${year}-${pad2(month)}`;
}

/** 00:00 JST on the 1st of `key` shifted by `offset` months (Tokyo has no daylight saving time). */
export function monthStart(key: string, offset = 0): Date {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + offset;
  const shifted = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  return new Date(`${shifted}-01T00:00:00+09:00`);
}

/** The `count` month keys ending with `lastKey`, oldest first. */
export function monthKeysUpTo(lastKey: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => monthKeyOf(monthStart(lastKey, i - count + 1)));
}

export function monthOf(key: string): MonthKey {
  const at = monthStart(key);
  return { key, label: { ja: formatMonth(at), en: formatMonth(at, true) } };
}

/** 「12月号」 of a round month key (the 1st stands for any ship date in that month). */
export function issueOfKey(key: string): Text {
  return issueLabel({ shipDate: monthStart(key).toISOString() });
}

/** cancelled ÷ active at the start, in percent with one decimal; null when nobody was active. */
export function churnPercent(cancelled: number, activeAtStart: number): number | null {
  if (activeAtStart <= 0) return null;
  return Math.round((cancelled * 1000) / activeAtStart) / 10;
}

/** Every reason key in the dashboard's order: the codes, then "reason not given". */
export const CANCEL_REASON_KEYS: readonly CancelReasonKey[] = [...CANCEL_REASONS, 'none'];

export function cancelReasonKeyLabel(key: CancelReasonKey): Text {
  return key === 'none' ? REASON_NOT_GIVEN : CANCEL_REASON_LABELS[key];
}

/** A stored reason as a dashboard key: an unknown or missing code is "not given". */
export function toCancelReasonKey(value: string | null): CancelReasonKey {
  return isCancelReason(value) ? value : 'none';
}

function byReason(counts: Partial<Record<CancelReasonKey, number>>): Record<CancelReasonKey, number> {
  return Object.fromEntries(CANCEL_REASON_KEYS.map((k) => [k, counts[k] ?? 0])) as Record<CancelReasonKey, number>;
}

function byOffer(counts: Partial<Record<CancelOffer, number>>): Record<CancelOffer, number> {
  return Object.fromEntries(CANCEL_OFFERS.map((k) => [k, counts[k] ?? 0])) as Record<CancelOffer, number>;
}

/**
 * Each month's movement and churn from the subscriptions active before the first month: the
 * active count at each 1st is the one before plus the month's new ones less its cancellations.
 */
export function monthlyMovements(
  keys: string[], activeBefore: number, counts: Map<string, { started: number; cancelled: number }>,
  reasons: Map<string, Partial<Record<CancelReasonKey, number>>> = new Map(),
  kept: Map<string, Partial<Record<CancelOffer, number>>> = new Map(),
): MonthMovement[] {
  let active = activeBefore;
  return keys.map((key) => {
    const { started, cancelled } = counts.get(key) ?? { started: 0, cancelled: 0 };
    const cancelledByReason = byReason(reasons.get(key) ?? {});
    const keptByOffer = byOffer(kept.get(key) ?? {});
    const movement = { ...monthOf(key), started, cancelled, activeAtStart: active, churnPercent: churnPercent(cancelled, active), cancelledByReason, keptByOffer };
    active += started - cancelled;
    return movement;
  });
}

/** Money was taken for the round (it may have been refunded since). */
export const CHARGED_STATUSES: readonly PaymentStatus[] = PAYMENT_STATUSES.filter((s) => !['BEFORE', 'ERROR', 'CANCEL'].includes(s));

/** A charge row as the billing status groups it. */
export interface BillingRowKind {
  status: string;
  origin: string;
  /** A retry is scheduled (`next_attempt_at`), api/billing/charge-rounds.ts. */
  retryScheduled: boolean;
  /** A billing worker took the row at least once (`claims`): the provider was asked. */
  claimed: boolean;
}

/**
 * Where a round's charge stands (api/billing/): charged (either at checkout or by the run);
 * declined with a retry scheduled, or with none left (only a new card saves it before the ship
 * date); reserved by the run and not tried yet (queued); tried with no answer recorded (in
 * doubt: the next pass looks it up by its order key). Voided rounds and checkouts that never
 * became a subscription are not the run's business: null.
 */
export function billingStateOf(row: BillingRowKind): BillingState | null {
  if ((CHARGED_STATUSES as readonly string[]).includes(row.status)) return 'charged';
  if (row.origin !== 'billing') return null;
  if (row.status === 'ERROR') return row.retryScheduled ? 'retrying' : 'declined';
  if (row.status === 'BEFORE') return row.claimed ? 'inDoubt' : 'queued';
  return null;
}

export const BILLING_STATE_LABELS: Record<BillingState, Text> = {
  charged: { ja: '決済済み', en: 'Charged' },
  declined: { ja: '決済失敗', en: 'Declined' },
  retrying: { ja: '再決済待ち', en: 'Retrying' },
  inDoubt: { ja: '結果確認中', en: 'In doubt' },
  queued: { ja: '決済前', en: 'Not yet charged' },
};
