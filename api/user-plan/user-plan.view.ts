import type { Order, UserPlan, UserPlanWithTiers } from '../../shared/api/types.ts';
import { nextBilledRound } from '../../shared/billing-rules.ts';
import { roundCharge } from '../../shared/money.ts';
import { parcelLeaveOf, withParcelShipping } from '../../shared/parcel.ts';
import { PAID_STATUSES } from '../../shared/receipt.ts';
import { fullRefundAmount } from '../../shared/refund-rules.ts';
import { forecastFreeShipping } from '../billing/parcel-fee.ts';
import type { PaymentMethod, PaymentStatus } from '../../shared/payment.ts';
import { canUndo, fromIssueLabel, roundForChange, undoDeadline } from '../../shared/subscription-rules.ts';
import { listArtistsOfPlans } from '../artist/artist.service.ts';
import type { Db } from '../db/schema.ts';
import { NotFoundError } from '../http/errors.ts';
import { findLiveHistories, type HistoryRow } from '../order-history/order-history.repository.ts';
import { findPartialRefunds } from '../order-history/order-refunds.repository.ts';
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
export async function toUserPlans(db: Db, rows: UserPlanRow[], method: PaymentMethod, now: Date, windowDays?: number): Promise<UserPlanWithTiers[]> {
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
  // 同梱: which next rounds are expected to ship in a parcel whose fee another box carries (shared/parcel.ts).
  const coming = rows.flatMap((row) => {
    const next = roundForChange(roundsOf.get(row.plan_id) ?? [], now);
    const skipped = next !== null && (row.paused_from !== null || skips.some((s) => s.user_plan_id === row.id && s.plan_order_id === next.id));
    const charge = next ? live.find((h) => h.user_plan_id === row.id && h.plan_order_id === next.id) : undefined;
    return next && !skipped ? [{ id: row.id, shipDate: next.shipDate, chargeAt: next.endDate, carriesFee: charge?.carries_fee ?? false, historyId: charge?.id }] : [];
  });
  const free = await forecastFreeShipping(db, rows[0]!.user_id, coming, windowDays);
  const leaving = await leavingRefunds(db, rows[0]!.user_id, live.filter((h) => (PAID_STATUSES as readonly string[]).includes(h.payment_status)));
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
      nextRoundCharge: withParcelShipping(roundCharge(plan, row.count, method === 'GMOAB', now), !free.has(row.id)),
      nextRoundPayment: charge ? { total: charge.total, method: charge.payment_method as PaymentMethod, orderId: charge.id, ...(leaving.get(charge.id) ?? { refund: charge.total, keptShipping: 0 }) } : null,
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
export async function toUserPlan(db: Db, row: UserPlanRow, method: PaymentMethod, now: Date, windowDays?: number): Promise<UserPlan> {
  const [view] = await toUserPlans(db, [row], method, now, windowDays);
  if (!view) throw new NotFoundError(PLAN);
  const { tiers: _tiers, ...userPlan } = view;
  return userPlan;
}

/**
 * What a skip, pause or cancel would refund of each paid charge given (its confirmation page says
 * it before the button): the rest of the charge, less the parcel's shipping it leaves paid for
 * another box, plus a fee kept earlier that comes back with the last box out (shared/parcel.ts
 * `parcelLeaveOf`). One query for all of them, none when no charge is paid.
 */
async function leavingRefunds(db: Db, userId: number, charges: readonly HistoryRow[]): Promise<Map<number, { refund: number; keptShipping: number }>> {
  const result = new Map<number, { refund: number; keptShipping: number }>();
  const keys = [...new Set(charges.flatMap((c) => (c.parcel_key === null ? [] : [c.parcel_key])))];
  const [boxes, partials] = await Promise.all([
    keys.length === 0 ? [] : db.selectFrom('plan_order_histories').select(['id', 'parcel_key', 'carries_fee', 'payment_status', 'ship_fee'])
      .where('user_id', '=', userId).where('parcel_key', 'in', keys).where('superseded_by', 'is', null)
      .where((eb) => eb.or([eb('payment_status', 'in', [...PAID_STATUSES]), eb.and([eb('payment_status', '=', 'CANCEL'), eb('carries_fee', '=', true)])])).execute(),
    findPartialRefunds(db, charges.map((c) => c.id)),
  ]);
  for (const charge of charges) {
    const rest = fullRefundAmount({ total: charge.total, partials: partials.filter((p) => p.historyId === charge.id) });
    const parcel = boxes.filter((b) => b.parcel_key === charge.parcel_key).map((b) => ({
      id: b.id, paid: b.payment_status !== 'CANCEL', carriesFee: b.carries_fee, keptFee: b.payment_status === 'CANCEL', shipFee: b.ship_fee,
    }));
    const leave = charge.parcel_key === null ? { kept: 0, feeBack: 0 }
      : parcelLeaveOf({ id: charge.id, paid: true, carriesFee: charge.carries_fee, keptFee: false, shipFee: charge.ship_fee }, parcel);
    result.set(charge.id, { refund: Math.max(rest - leave.kept, 0) + leave.feeBack, keptShipping: leave.kept });
  }
  return result;
}
