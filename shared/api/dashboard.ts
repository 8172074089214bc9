import type { VaultFigures } from './vault.ts';
import type { CancelOffer, CancelReason } from '../cancel-reasons.ts';
import type { BoxForecast } from '../dashboard-forecast.ts';
import type { ToDoTile } from '../dashboard-to-dos.ts';
import type { Amount } from '../money.ts';
import type { Text } from '../text.ts';

/**
 * GET /api/staff/dashboard: the operator console's figures (issue 19), every one read from the
 * shop's rows at `asOf`. Definitions: docs/decisions/0028-dashboard-figures.md.
 */

/** A month of the shop's calendar (Asia/Tokyo): `2026-12`, and its label 「2026年12月」 / "Dec 2026". */
export interface MonthKey {
  key: string;
  label: Text;
}

/** One round (◯月号: every plan's round whose box ships in that Tokyo month). */
export interface RoundRevenue extends MonthKey {
  /** Rounds charged (money taken), refunded later or not. */
  charges: number;
  charged: Amount;
  /** Refunds done (in full, or support's partial ones); pending or failed refunds are still the shop's. */
  refunded: Amount;
  /** charged − refunded (shared/money.ts `netOfRefunds`). */
  net: Amount;
}

/** New and cancelled subscriptions of one calendar month, and its churn. */
export interface MonthMovement extends MonthKey {
  started: number;
  cancelled: number;
  /** Subscriptions active at 00:00 JST on the 1st (paused ones included). */
  activeAtStart: number;
  /** cancelled ÷ activeAtStart in percent, one decimal; null when none was active at the start. */
  churnPercent: number | null;
  /**
   * The month's cancellations by reason (shared/cancel-reasons.ts), every code present, `none` for a
   * cancellation without an answer; they add up to `cancelled`. Since issue 32 a fan's own answer
   * on the cancel page counts under its code like support's.
   */
  cancelledByReason: Record<CancelReasonKey, number>;
  /** Offers fans took on the cancel page that month instead of cancelling (issue 32), every offer present. */
  keptByOffer: Record<CancelOffer, number>;
}

export type CancelReasonKey = CancelReason | 'none';

export interface ArtistSubscribers {
  artistId: number;
  artistName: string;
  /** Distinct shoppers with an active subscription to any of the artist's plans. */
  subscribers: number;
}

export interface PlanSubscribers {
  planId: number;
  planName: string;
  planNameEn: string | null;
  artistName: string;
  subscribers: number;
  /** Boxes per round: the subscriptions' counts added up. */
  boxes: number;
}

/** How the current round's charges stand (shared/dashboard-figures.ts `billingStateOf`). */
export const BILLING_STATES = ['charged', 'declined', 'retrying', 'inDoubt', 'queued'] as const;
export type BillingState = (typeof BILLING_STATES)[number];

export interface RoundBilling extends MonthKey {
  /** The round's label 「12月号」 (shared/subscription-rules.ts `issueLabel`). */
  issue: Text;
  counts: Record<BillingState, number>;
}

/** A round still taking orders and how many boxes it will likely take (shared/dashboard-forecast.ts `boxForecast`). */
export interface RoundForecast extends BoxForecast {
  roundId: number;
  name: string;
  planName: string;
  planNameEn: string | null;
  artistName: string;
  deadline: string;
  shipDate: string;
}

/** The boxes shipped this Tokyo month and the parcels they left in (同梱: a parcel of two boxes or more). */
export interface MonthShipments {
  boxes: number;
  parcels: number;
  consolidated: number;
}

export interface StaffDashboard {
  asOf: string;
  /** This month's shipments (shared/parcel-display.ts `shipmentsFigure`). */
  shipments: MonthShipments;
  /** Today's work, each with its count and the page where it is done (shared/dashboard-to-dos.ts). */
  toDos: ToDoTile[];
  /** Monthly recurring revenue of the subscriptions billed from now on (shared/dashboard-forecast.ts `monthlyRecurring`). */
  mrr: Amount;
  /** The rounds taking orders, the nearest deadline first, at most DASHBOARD_LIMITS.forecastRounds. */
  forecast: RoundForecast[];
  active: {
    /** Subscriptions ACTIVE now, paused ones included. */
    subscriptions: number;
    /** Of them, paused (no round is charged from the pause on). */
    paused: number;
    /** Distinct shoppers behind them. */
    subscribers: number;
  };
  /** The last rounds up to the current one, oldest first; a round without charges is zeros. */
  revenue: RoundRevenue[];
  /** The last 12 calendar months up to this one, oldest first. */
  months: MonthMovement[];
  /** Most subscribers first, at most DASHBOARD_LIMITS.artists / .plans rows. */
  byArtist: ArtistSubscribers[];
  byPlan: PlanSubscribers[];
  /** The latest round whose deadline has passed; null before any. */
  currentRound: RoundBilling | null;
  /** 「解放された特典」 (issue 33). */
  vault: VaultFigures;
  /** Issue 34: rounds paid this month at a konbini / with PayPay, and konbini refunds waiting for a bank transfer. */
  shopperPaid: { konbini: number; paypay: number; openTransfers: number };
}

export const DASHBOARD_LIMITS = {
  /** Rounds of revenue: `?rounds=` (default, most). */
  rounds: { default: 6, max: 24 },
  months: 12,
  artists: 30,
  plans: 50,
  forecastRounds: 20,
} as const;
