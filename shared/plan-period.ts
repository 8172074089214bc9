import { jstParts } from './jst.ts';
import type { Text } from './text.ts';

/**
 * THE rule of a plan's period (issue 30; docs/decisions/0053-plan-period-rounds.md): `period` is
 * the plan's billing and shipping interval in months, so a plan's rounds stand `period` months
 * apart. Rounds belong to one plan (plan_orders.plan_id), and a subscription takes part in every
 * round of its plan whose deadline falls after it began and that it did not skip or pause (the
 * billing run's `activeAtDeadline`, api/billing/eligibility.ts; `nextBilledRound` for the pages):
 * nothing picks "every Nth round", so spacing the rounds is what bills, reminds, ships and shows a
 * period-3 subscription every third month.
 *
 * Months are Tokyo calendar months, as a round's name (「1月号」) is: two rounds of a period-N plan
 * have ship dates N or more months apart, and deadlines N or more months apart (the charge is
 * taken at the deadline). The console and the catalogue import refuse a round that breaks it,
 * and a period change that the plan's rounds would break; the demo seed obeys it; migration
 * 0016 removed the rounds older data had in between.
 */
export interface RoundSpacing {
  endDate: string | Date;
  shipDate: string | Date;
}

export type SpacedField = 'endDate' | 'shipDate';

/** Months since year 0 of the Tokyo month an instant falls in (2026-12 → 2026 × 12 + 11). */
export function monthIndex(value: string | Date): number {
  const { year, month } = jstParts(value);
  return year * 12 + month - 1;
}

/** The field of `round` that stands closer than `period` months to `other`, or null when they are spaced. */
export function tooCloseField(period: number, round: RoundSpacing, other: RoundSpacing): SpacedField | null {
  if (Math.abs(monthIndex(round.shipDate) - monthIndex(other.shipDate)) < period) return 'shipDate';
  if (Math.abs(monthIndex(round.endDate) - monthIndex(other.endDate)) < period) return 'endDate';
  return null;
}

/** The first of `others` that `round` stands too close to, with the field; null when it may stand there. */
export function spacingConflict<R extends RoundSpacing>(period: number, round: RoundSpacing, others: readonly R[]): { field: SpacedField; other: R } | null {
  for (const other of others) {
    const field = tooCloseField(period, round, other);
    if (field) return { field, other };
  }
  return null;
}

/** The rounds of a plan that stand too close to an earlier one (by ship date): what a period change would break. */
export function roundsBreakingPeriod<R extends RoundSpacing>(period: number, rounds: readonly R[]): R[] {
  const sorted = [...rounds].sort((a, b) => new Date(a.shipDate).getTime() - new Date(b.shipDate).getTime());
  return sorted.filter((round, i) => spacingConflict(period, round, sorted.slice(0, i)) !== null);
}

/** 「1か月ごと」 never reads well: a monthly plan's interval is 「毎月」. */
export function periodText(period: number): Text {
  return period === 1 ? { ja: '毎月', en: 'every month' } : { ja: `${period}か月ごと`, en: `every ${period} months` };
}

/** Beside the console's round form: the spacing the plan's rounds keep, before anyone is refused. */
export function roundSpacingHint(period: number): Text {
  const every = periodText(period);
  return {
    ja: `このプランは${every.ja}のお届けです。回のお届け日と申込締切は、ほかの回と${period}か月以上あけてください。`,
    en: `This plan delivers ${every.en}: keep a round's ship date and deadline at least ${period} month${period === 1 ? '' : 's'} from its other rounds.`,
  };
}

/** Why a round may not stand where it was asked to, naming the round it is too close to. */
export function roundTooCloseText(period: number, otherName: string): Text {
  const every = periodText(period);
  return {
    ja: `このプランは${every.ja}のお届けです。お届け日と申込締切は、ほかの回（${otherName}）と${period}か月以上あけてください（決済とお届けはプランの周期ごとです）。`,
    en: `This plan delivers ${every.en}: its ship date and deadline must be at least ${period} month${period === 1 ? '' : 's'} from its other rounds (${otherName}), since charges and boxes follow the plan's period.`,
  };
}

/** Why a plan's period may not change while its rounds stand closer together. */
export function periodBreaksRoundsText(period: number, names: readonly string[]): Text {
  const every = periodText(period);
  return {
    ja: `周期を${every.ja}にすると、回（${names.join('、')}）がほかの回と${period}か月未満になります。先にその回の日程を動かしてください。`,
    en: `With a period of ${period} month${period === 1 ? '' : 's'}, rounds (${names.join(', ')}) would stand closer than that to another round. Move them first.`,
  };
}
