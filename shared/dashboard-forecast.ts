import type { Amount } from './money.ts';
import { roundCharge } from './money.ts';
import type { Text } from './text.ts';

/**
 * The dashboard's money-per-month and box forecast (issue 32, docs/decisions/0080-dashboard-to-dos-and-figures.md):
 * pure rules over the grouped rows api/dashboard/ loads, so the API counts and the page only shows.
 */

/** Subscriptions alike in what one delivery costs: same plan price, count, period and payment method. */
export interface RecurringRow {
  price: number;
  preTaxPrice: number;
  count: number;
  /** The plan's period in months (shared/plan-period.ts). */
  period: number;
  /** GMO後払い: its fee is part of what the fan pays per delivery. */
  deferred: boolean;
  subscriptions: number;
}

/**
 * MRR: what one delivery charges (shared/money.ts `roundCharge`: goods × count + shipping + the
 * deferred-payment fee), spread over the plan's period, added up; tax-included and pre-tax,
 * rounded once at the end so a period-3 plan's thirds do not lose yen per row.
 */
export function monthlyRecurring(rows: readonly RecurringRow[], at: Date): Amount {
  let taxIncluded = 0;
  let preTax = 0;
  for (const row of rows) {
    const charge = roundCharge({ price: row.price, preTaxPrice: row.preTaxPrice }, row.count, row.deferred, at);
    const period = Math.max(row.period, 1);
    taxIncluded += (charge.total * row.subscriptions) / period;
    preTax += ((charge.preTaxPrice + charge.preTaxShipFee + charge.preTaxFee) * row.subscriptions) / period;
  }
  return { taxIncluded: Math.round(taxIncluded), preTax: Math.round(preTax) };
}

/** Where a subscription stands for a round still taking orders. */
export const FORECAST_KINDS = ['paid', 'pending', 'skipped', 'paused', 'failed'] as const;
export type ForecastKind = (typeof FORECAST_KINDS)[number];

export const FORECAST_KIND_LABELS: Record<ForecastKind, Text> = {
  paid: { ja: '決済済み', en: 'Paid' },
  pending: { ja: '締切で決済予定', en: 'To be charged at the deadline' },
  skipped: { ja: 'スキップ', en: 'Skipped' },
  paused: { ja: '休止中', en: 'Paused' },
  failed: { ja: '前回の決済失敗', en: 'Last charge declined' },
};

/** What the repository knows of one subscription of the round's plan (grouped, with its boxes). */
export interface ForecastFacts {
  /** The round already has a live charge for it that took money (a checkout into the open round). */
  paid: boolean;
  skipped: boolean;
  /** Paused from this round's deadline or earlier. */
  paused: boolean;
  /** Its latest charge of an earlier round was declined and is still unpaid. */
  lastDeclined: boolean;
}

/**
 * The kind of a subscription for an open round, first match wins: money taken is paid whatever
 * else; a skip or a pause takes it out of the run; a card that failed last time will be tried,
 * but is counted apart, as the likeliest not to pay; the rest is charged at the deadline.
 */
export function forecastKindOf(facts: ForecastFacts): ForecastKind {
  if (facts.paid) return 'paid';
  if (facts.skipped) return 'skipped';
  if (facts.paused) return 'paused';
  if (facts.lastDeclined) return 'failed';
  return 'pending';
}

export interface BoxForecast {
  /** Boxes per kind (a subscription of count 2 is two boxes). */
  boxes: Record<ForecastKind, number>;
  /** paid + pending: what purchasing should make. */
  likely: number;
  /** Every box that could still be ordered before the deadline: likely + skipped + paused + failed. */
  upperBound: number;
}

/** The round's boxes by kind, from rows of facts and how many boxes each stands for. */
export function boxForecast(rows: readonly (ForecastFacts & { boxes: number })[]): BoxForecast {
  const boxes = Object.fromEntries(FORECAST_KINDS.map((k) => [k, 0])) as Record<ForecastKind, number>;
  for (const row of rows) boxes[forecastKindOf(row)] += row.boxes;
  const likely = boxes.paid + boxes.pending;
  return { boxes, likely, upperBound: likely + boxes.skipped + boxes.paused + boxes.failed };
}
