import { BILLING_STATES, DASHBOARD_LIMITS, type BillingState, type CancelReasonKey, type RoundBilling, type RoundRevenue, type StaffDashboard } from '../../shared/api/dashboard.ts';
import { billingStateOf, issueOfKey, monthKeyOf, monthKeysUpTo, monthlyMovements, monthOf, monthStart, toCancelReasonKey } from '../../shared/dashboard-figures.ts';
import { isCancelOffer, type CancelOffer } from '../../shared/cancel-reasons.ts';
import { netOfRefunds } from '../../shared/money.ts';
import type { Db } from '../db/schema.ts';
import { forecastAt, mrrAt, toDosAt } from './dashboard-work.ts';
import { vaultFigures } from '../vault/vault-figures.ts';
import {
  countAcceptedOffers,
  countCancelReasons,
  countActive, countActiveAt, countShopperPaid, countBillingRows, countShipments, countByArtist, countByPlan, countMovements, findCurrentRoundShipDate, sumRevenue,
  type RevenueRow,
} from './dashboard.repository.ts';

function toRevenue(key: string, row: RevenueRow | undefined): RoundRevenue {
  const charged = { taxIncluded: Number(row?.charged ?? 0), preTax: Number(row?.charged_pre_tax ?? 0) };
  const refunded = { taxIncluded: Number(row?.refunded ?? 0), preTax: Number(row?.refunded_pre_tax ?? 0) };
  return { ...monthOf(key), charges: Number(row?.charges ?? 0), charged, refunded, net: netOfRefunds(charged, refunded) };
}

/** Every round month of the window, zeros where nothing was charged, so the chart's axis has no gaps. */
async function revenueUpTo(db: Db, currentKey: string | null, rounds: number): Promise<RoundRevenue[]> {
  if (!currentKey) return [];
  const keys = monthKeysUpTo(currentKey, rounds);
  const rows = await sumRevenue(db, monthStart(keys[0]!), monthStart(currentKey, 1));
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return keys.map((key) => toRevenue(key, byMonth.get(key)));
}

async function billingOf(db: Db, currentKey: string | null): Promise<RoundBilling | null> {
  if (!currentKey) return null;
  const rows = await countBillingRows(db, monthStart(currentKey), monthStart(currentKey, 1));
  const counts = Object.fromEntries(BILLING_STATES.map((s) => [s, 0])) as Record<BillingState, number>;
  for (const row of rows) {
    const state = billingStateOf({ status: row.status, origin: row.origin, retryScheduled: row.retry_scheduled, claimed: row.claimed });
    if (state) counts[state] += Number(row.n);
  }
  return { ...monthOf(currentKey), issue: issueOfKey(currentKey), counts };
}

async function monthsUpTo(db: Db, now: Date) {
  const keys = monthKeysUpTo(monthKeyOf(now), DASHBOARD_LIMITS.months);
  const from = monthStart(keys[0]!);
  const to = monthStart(monthKeyOf(now), 1);
  const [before, rows, reasonRows, offerRows] = await Promise.all([
    countActiveAt(db, from), countMovements(db, from, to), countCancelReasons(db, from, to), countAcceptedOffers(db, from, to),
  ]);
  const counts = new Map(rows.map((r) => [r.month, { started: Number(r.started), cancelled: Number(r.cancelled) }]));
  const reasons = new Map<string, Partial<Record<CancelReasonKey, number>>>();
  for (const row of reasonRows) {
    const month = reasons.get(row.month) ?? {};
    const key = toCancelReasonKey(row.reason);
    month[key] = (month[key] ?? 0) + Number(row.n);
    reasons.set(row.month, month);
  }
  const kept = new Map<string, Partial<Record<CancelOffer, number>>>();
  for (const row of offerRows) {
    if (!isCancelOffer(row.offer)) continue;
    const month = kept.get(row.month) ?? {};
    month[row.offer] = (month[row.offer] ?? 0) + Number(row.n);
    kept.set(row.month, month);
  }
  return monthlyMovements(keys, before, counts, reasons, kept);
}

async function subscribersBy(db: Db) {
  const [artists, plans] = await Promise.all([countByArtist(db, DASHBOARD_LIMITS.artists), countByPlan(db, DASHBOARD_LIMITS.plans)]);
  return {
    byArtist: artists.map((a) => ({ artistId: a.artist_id, artistName: a.artist_name, subscribers: Number(a.subscribers) })),
    byPlan: plans.map((p) => ({
      planId: p.plan_id, planName: p.plan_name, planNameEn: p.plan_name_en || null, artistName: p.artist_name,
      subscribers: Number(p.subscribers), boxes: Number(p.boxes),
    })),
  };
}

/** Twenty-one queries, each an aggregate over a bounded window or a LIMIT, whatever the size of the shop. */
export async function staffDashboard(db: Db, now: Date, rounds: number = DASHBOARD_LIMITS.rounds.default): Promise<StaffDashboard> {
  const shipDate = await findCurrentRoundShipDate(db, now);
  const currentKey = shipDate ? monthKeyOf(shipDate) : null;
  const month = monthKeyOf(now);
  const [active, revenue, months, currentRound, by, toDos, mrr, forecast, shipments, vault, shopperPaid] = await Promise.all([
    countActive(db), revenueUpTo(db, currentKey, rounds), monthsUpTo(db, now), billingOf(db, currentKey), subscribersBy(db),
    toDosAt(db, now), mrrAt(db, now), forecastAt(db, now), countShipments(db, monthStart(month), monthStart(month, 1)),
    vaultFigures(db, monthStart(month)), countShopperPaid(db, monthStart(month), monthStart(month, 1)),
  ]);
  return {
    asOf: now.toISOString(), toDos, mrr, forecast, shipments, shopperPaid,
    active: { subscriptions: Number(active.subscriptions), paused: Number(active.paused), subscribers: Number(active.subscribers) },
    revenue, months, ...by, currentRound, vault,
  };
}
