import { withParcelShipping } from '../../shared/parcel.ts';
import { forecastFreeShipping } from '../billing/parcel-fee.ts';
import type { OverviewAction, OverviewBox, OverviewCharge, OverviewRound, UserOverview } from '../../shared/api/overview.ts';
import { tenureOf } from '../order-history/tenure.ts';
import { countRecentUnlocks } from '../vault/vault.repository.ts';
import type { CurrentUser, Order, UserPlanWithTiers } from '../../shared/api/types.ts';
import { lastChanceToPay } from '../../shared/billing-rules.ts';
import { isCardExpiring, cardExpiresAt } from '../../shared/card-expiry.ts';
import { canAuthenticateCharge } from '../../shared/charge-authentication.ts';
import { DEFERRED_OPEN_STATUSES } from '../../shared/deferred-payment.ts';
import { roundCharge } from '../../shared/money.ts';
import { deferredInvoiceOf } from '../../shared/order-history.ts';
import { deadlineTimeLabel, issueLabel } from '../../shared/subscription-rules.ts';
import type { Db } from '../db/schema.ts';
import { findUserHistories, LIVE_STATUSES, type UserHistoryRow } from '../order-history/order-history.repository.ts';
import { findCard } from '../payment/payment.repository.ts';
import type { PaymentProviderName } from '../payment/provider.ts';
import { toOrder } from '../plan/plan.service.ts';
import { findComingRounds, findLiveUserPlans, findSkippedOrders, type UserPlanRow } from '../user-plan/user-plan.repository.ts';
import { toUserPlans } from '../user-plan/user-plan.view.ts';

/** Charged or being charged, and not yet handed to the carrier: the box is still to come. */
const COMING_STATUSES: readonly string[] = ['BEFORE', 'SUCCESS', 'WAITING'];
type Card = { brand: string; last4: string; expiry: string };

function roundOfPlan(p: UserPlanWithTiers, round: Order): OverviewRound {
  return {
    userPlanId: p.id, artist: { name: p.artist.name, slug: p.artist.slug }, plan: { id: p.plan.id, name: p.plan.name, nameEn: p.plan.nameEn },
    count: p.count, round: { id: round.id, name: round.name, endDate: round.endDate, shipDate: round.shipDate },
    label: issueLabel(round), deadline: deadlineTimeLabel(round),
  };
}

function roundOfHistory(h: UserHistoryRow): OverviewRound {
  const round = { id: h.plan_order_id, name: h.round_name, endDate: h.round_end_date.toISOString(), shipDate: h.round_ship_date.toISOString() };
  return {
    userPlanId: h.user_plan_id, artist: { name: h.artist_name, slug: h.artist_slug }, plan: { id: h.plan_id, name: h.plan_name, nameEn: h.plan_name_en || null },
    count: h.count, round, label: issueLabel(round), deadline: deadlineTimeLabel(round),
  };
}

/** The rounds of each subscription still to be charged, and what rules one out. */
interface Schedule {
  coming: Map<number, Order[]>;
  skipped: Set<string>;
  charged: Set<string>;
}

const key = (userPlanId: number, roundId: number) => `${userPlanId}:${roundId}`;

/**
 * The round a subscription will be charged for at its deadline: the earliest whose deadline has
 * not passed that is not skipped, not paused and not charged already (at checkout, say).
 */
function roundToCharge(p: UserPlanWithTiers, schedule: Schedule): Order | null {
  if (p.paused) return null;
  const open = (schedule.coming.get(p.plan.id) ?? []).filter((r) => !schedule.skipped.has(key(p.id, r.id)) && !schedule.charged.has(key(p.id, r.id)));
  return open[0] ?? null;
}

async function loadSchedule(db: Db, rows: UserPlanRow[], histories: UserHistoryRow[], now: Date): Promise<Schedule> {
  const [rounds, skips] = await Promise.all([
    findComingRounds(db, [...new Set(rows.map((r) => r.plan_id))], now),
    findSkippedOrders(db, rows.map((r) => r.id)),
  ]);
  const coming = new Map<number, Order[]>();
  for (const round of rounds.map((r) => toOrder(r, now))) coming.set(round.planId, [...(coming.get(round.planId) ?? []), round]);
  const live: readonly string[] = LIVE_STATUSES;
  return {
    coming,
    skipped: new Set(skips.map((s) => key(s.user_plan_id, s.plan_order_id))),
    charged: new Set(histories.filter((h) => live.includes(h.payment_status)).map((h) => key(h.user_plan_id, h.plan_order_id))),
  };
}

const byShipDate = (a: OverviewRound, b: OverviewRound) => a.round.shipDate.localeCompare(b.round.shipDate);

/** Per subscription, the earliest box still to come: a charged round on its way, or the next one to charge. */
function nextBoxes(plans: UserPlanWithTiers[], histories: UserHistoryRow[], schedule: Schedule): OverviewBox[] {
  const candidates: OverviewBox[] = histories.filter((h) => COMING_STATUSES.includes(h.payment_status))
    .map((h) => ({ ...roundOfHistory(h), paid: h.payment_status !== 'BEFORE' }));
  for (const p of plans) {
    const round = roundToCharge(p, schedule);
    if (round) candidates.push({ ...roundOfPlan(p, round), paid: false });
  }
  const first = new Map<number, OverviewBox>();
  for (const box of candidates.sort(byShipDate)) if (!first.has(box.userPlanId)) first.set(box.userPlanId, box);
  return [...first.values()];
}

async function nextCharges(db: Db, plans: UserPlanWithTiers[], schedule: Schedule, user: CurrentUser, card: Card | undefined, windowDays?: number): Promise<OverviewCharge[]> {
  const shownCard = user.paymentMethod === 'CARD' && card ? { brand: card.brand, last4: card.last4 } : null;
  const due = plans.flatMap((p) => {
    const round = roundToCharge(p, schedule);
    return round ? [{ p, round }] : [];
  });
  // 同梱: a round joining a parcel whose fee another box carries (or will) is shown without shipping.
  const free = await forecastFreeShipping(db, user.id, due.map(({ p, round }) => ({ id: p.id, shipDate: round.shipDate, chargeAt: round.endDate, carriesFee: false })), windowDays);
  const charges = due.map(({ p, round }) => {
    // The GMO後払い fee is the one in force when the round is charged: at its deadline.
    const charge = withParcelShipping(roundCharge(p.plan, p.count, user.paymentMethod === 'GMOAB', new Date(round.endDate)), !free.has(p.id));
    return { ...roundOfPlan(p, round), period: p.plan.period, chargeAt: round.endDate, charge, method: user.paymentMethod, card: shownCard };
  });
  return charges.sort((a, b) => a.chargeAt.localeCompare(b.chargeAt));
}

/**
 * Declined charges that can still be saved: retries stop at the ship date (api/billing/retries.ts).
 * One the bank wants authenticated asks for that instead of a change of method.
 */
function failedCharges(histories: UserHistoryRow[], now: Date): OverviewAction[] {
  return histories.filter((h) => h.payment_status === 'ERROR' && h.round_ship_date.getTime() > now.getTime()).map((h): OverviewAction => {
    const label = issueLabel({ shipDate: h.round_ship_date.toISOString() });
    const common = { historyId: h.id, artistName: h.artist_name, label, total: h.total };
    const waiting = { paymentStatus: h.payment_status, actionRequiredAt: h.action_required_at, shipDate: h.round_ship_date };
    if (canAuthenticateCharge(waiting, now)) return { kind: 'chargeNeedsAuthentication', ...common, until: lastChanceToPay(h.round_ship_date).toISOString() };
    return { kind: 'chargeFailed', ...common, nextAttemptAt: h.next_attempt_at?.toISOString() ?? null, shipDate: h.round_ship_date.toISOString() };
  });
}

function expiringCard(user: CurrentUser, card: Card | undefined, charges: OverviewCharge[], now: Date): OverviewAction[] {
  if (user.paymentMethod !== 'CARD' || !card) return [];
  const nextChargeAt = charges[0] ? new Date(charges[0].chargeAt) : null;
  const expiresAt = cardExpiresAt(card.expiry);
  if (!expiresAt || !isCardExpiring(card.expiry, nextChargeAt, now)) return [];
  // Named field by field: the row also holds the provider's token, which never leaves the API.
  return [{ kind: 'cardExpiring', brand: card.brand, last4: card.last4, expiry: card.expiry, expiresAt: expiresAt.toISOString(), expired: expiresAt.getTime() <= now.getTime() }];
}

/** GMO後払い invoices issued (the round was charged) and still open to collection. */
function openInvoices(histories: UserHistoryRow[]): OverviewAction[] {
  return histories.flatMap((h) => {
    const invoice = h.payment_method === 'GMOAB' && DEFERRED_OPEN_STATUSES.includes(h.payment_status) ? deferredInvoiceOf(h.paid_at?.toISOString() ?? null) : null;
    if (!invoice) return [];
    const label = issueLabel({ shipDate: h.round_ship_date.toISOString() });
    return [{ kind: 'deferredInvoice', historyId: h.id, artistName: h.artist_name, label, total: h.total, dueDate: invoice.dueDate } as const];
  });
}

/** Rounds the fan pays herself whose request is open (issue 34): each needs her payment before its deadline. */
async function openShopperRounds(db: Db, userId: number, now: Date): Promise<OverviewAction[]> {
  const rows = await db.selectFrom('shopper_round_requests as r').innerJoin('plan_orders as o', 'o.id', 'r.plan_order_id')
    .innerJoin('plans as p', 'p.id', 'o.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id').innerJoin('user_plans as up', 'up.id', 'r.user_plan_id')
    .select(['r.id', 'r.total', 'r.pay_by', 'r.method', 'o.ship_date', 'a.name as artist_name'])
    .where('r.user_id', '=', userId).where('r.status', '=', 'requested').where('r.pay_by', '>', now)
    // A round skipped, paused or cancelled since the request went out asks nothing any more.
    .where('up.status', '=', 'ACTIVE').where((eb) => eb.or([eb('up.paused_from', 'is', null), eb('up.paused_from', '>', eb.ref('o.end_date'))]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('user_plan_skips as s').select('s.user_plan_id').whereRef('s.user_plan_id', '=', 'r.user_plan_id').whereRef('s.plan_order_id', '=', 'r.plan_order_id'))))
    .orderBy('r.pay_by').execute();
  return rows.map((r) => ({
    kind: 'shopperRound', requestId: r.id, artistName: r.artist_name, label: issueLabel({ shipDate: r.ship_date.toISOString() }),
    total: r.total, payBy: r.pay_by.toISOString(), method: r.method === 'paypay' ? 'paypay' : 'konbini',
  }) as const);
}

/** Fifteen queries whatever the number of subscriptions and orders (no N+1; toUserPlans makes five). */
export async function userOverview(db: Db, user: CurrentUser, now: Date, provider: PaymentProviderName, windowDays?: number): Promise<UserOverview> {
  const [rows, histories, card, tenure, bonusesReady, shopperRounds] = await Promise.all([
    findLiveUserPlans(db, user.id), findUserHistories(db, user.id), findCard(db, user.id, provider), tenureOf(db, user.id, now),
    countRecentUnlocks(db, user.id, now), openShopperRounds(db, user.id, now),
  ]);
  const [plans, schedule] = await Promise.all([toUserPlans(db, rows, user.paymentMethod, now, windowDays), loadSchedule(db, rows, histories, now)]);
  const charges = await nextCharges(db, plans, schedule, user, card, windowDays);
  return {
    subscriptionCount: plans.length,
    nextBoxes: nextBoxes(plans, histories, schedule),
    nextCharges: charges,
    actions: [...shopperRounds, ...failedCharges(histories, now), ...expiringCard(user, card, charges, now), ...openInvoices(histories)],
    tenure,
    bonusesReady,
  };
}
