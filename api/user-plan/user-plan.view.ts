import type { Order, UserPlan, UserPlanWithTiers } from '../../shared/api/types.ts';
import { nextBilledRound } from '../../shared/billing-rules.ts';
import { roundCharge } from '../../shared/money.ts';
import type { PaymentMethod, PaymentStatus } from '../../shared/payment.ts';
import { canUndo, fromIssueLabel, roundForChange, undoDeadline } from '../../shared/subscription-rules.ts';
import { listArtistsOfPlans } from '../artist/artist.service.ts';
import type { Db } from '../db/schema.ts';
import { NotFoundError } from '../http/errors.ts';
import { findLiveHistories } from '../order-history/order-history.repository.ts';
import { listPlansOfArtistsOfPlans, toOrder } from '../plan/plan.service.ts';
import { findComingRounds, findSkippedOrders, type UserPlanRow } from './user-plan.repository.ts';

const PLAN = { ja: 'プラン', en: 'Plan' };

/** The rounds of a plan whose deadline has not passed, as the round rule takes them. */
export async function comingRounds(db: Db, planId: number, now: Date): Promise<Order[]> {
  return (await findComingRounds(db, [planId], now)).map((row) => toOrder(row, now));
}

/** The round a change made now applies from (shared/subscription-rules.ts). */
export async function roundOfChange(db: Db, planId: number, now: Date): Promise<Order | null> {
  return roundForChange(await comingRounds(db, planId, now), now);
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * Subscriptions as the API shows them, each with the round a change made now applies from and the
 * tiers of its artist. Six queries whatever the number of subscriptions (issue 11: no N+1).
 */
export async function toUserPlans(db: Db, rows: UserPlanRow[], method: PaymentMethod, now: Date): Promise<UserPlanWithTiers[]> {
  if (rows.length === 0) return [];
  const planIds = [...new Set(rows.map((row) => row.plan_id))];
  const userPlanIds = rows.map((row) => row.id);
  const [plans, artists, rounds, skips, live] = await Promise.all([
    listPlansOfArtistsOfPlans(db, planIds, now),
    listArtistsOfPlans(db, planIds, now),
    findComingRounds(db, planIds, now),
    findSkippedOrders(db, userPlanIds),
    findLiveHistories(db, userPlanIds),
  ]);
  const planById = new Map(plans.map((p) => [p.id, p]));
  const artistById = new Map(artists.map((a) => [a.id, a]));
  const tiersOf = groupBy(plans, (p) => p.artistId);
  const roundsOf = groupBy(rounds.map((r) => toOrder(r, now)), (r) => r.planId);
  return rows.map((row) => {
    const plan = planById.get(row.plan_id);
    const artist = plan && artistById.get(plan.artistId);
    if (!plan || !artist) throw new NotFoundError(PLAN);
    const next = roundForChange(roundsOf.get(plan.id) ?? [], now);
    const skipRow = next !== null && skips.some((s) => s.user_plan_id === row.id && s.plan_order_id === next.id);
    const skipped = next !== null && (row.paused_from !== null || skipRow);
    const charge = next ? live.find((h) => h.user_plan_id === row.id && h.plan_order_id === next.id) : undefined;
    const settled = (round: Order) => skips.some((s) => s.user_plan_id === row.id && s.plan_order_id === round.id)
      || live.some((h) => h.user_plan_id === row.id && h.plan_order_id === round.id);
    return {
      id: row.id,
      count: row.count,
      plan,
      artist,
      createdAt: row.created_at.toISOString(),
      paused: row.paused_from !== null,
      nextRound: next,
      appliesFrom: fromIssueLabel(next),
      nextBilledRound: nextBilledRound(roundsOf.get(plan.id) ?? [], now, row.paused_from !== null, settled),
      nextRoundSkipped: skipped,
      nextRoundPaymentStatus: (charge?.payment_status as PaymentStatus | undefined) ?? null,
      nextRoundCharge: roundCharge(plan, row.count, method === 'GMOAB', now),
      nextRoundPayment: charge ? { total: charge.total, method: charge.payment_method as PaymentMethod, orderId: charge.id } : null,
      undo: undoOf(row, next, skipRow, now),
      tiers: tiersOf.get(artist.id) ?? [plan],
    };
  });
}

/** The skip or pause the shopper may still take back (shared/subscription-rules.ts `canUndo`). */
function undoOf(row: UserPlanRow, next: Order | null, skipRow: boolean, now: Date): UserPlan['undo'] {
  if (row.paused_from) {
    const until = row.paused_from.toISOString();
    return canUndo('pause', { endDate: until }, now) ? { change: 'pause', until } : null;
  }
  return skipRow && next && canUndo('skip', next, now) ? { change: 'skip', until: undoDeadline(next) } : null;
}

/** One subscription as the API shows it (the answer of a change names it without its tiers). */
export async function toUserPlan(db: Db, row: UserPlanRow, method: PaymentMethod, now: Date): Promise<UserPlan> {
  const [view] = await toUserPlans(db, [row], method, now);
  if (!view) throw new NotFoundError(PLAN);
  const { tiers: _tiers, ...userPlan } = view;
  return userPlan;
}
