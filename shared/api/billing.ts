/**
 * The console's Billing calls (issue 19): GET /api/staff/billing (rounds with their charges
 * counted by state), GET /api/staff/billing/:round?state= (one state's charges), and POST
 * /api/staff/billing/charges (retry or reconcile one charge).
 */
import type { ChargeOutcome } from '../billing-console-rules.ts';
import type { DisputeView } from '../dispute.ts';
import type { BillingState } from './dashboard.ts';
import type { Paged, RoundHeading } from './rounds.ts';

export interface BillingRound extends RoundHeading {
  /** As the dashboard counts them (shared/dashboard-figures.ts `billingStateOf`). */
  counts: Record<BillingState, number>;
  /** Charges of the round with a card dispute waiting for the shop's response (shared/dispute.ts). */
  disputesNeedingResponse: number;
}

export interface BillingRoundList extends Paged {
  rounds: BillingRound[];
  /** Every round's charges with a dispute waiting for the shop's response. */
  disputesNeedingResponse: number;
}

/** One round's charge of one subscription, as support reads it. */
export interface BillingCharge {
  id: number;
  /** Null for a row that is not the billing run's business (a voided round). */
  state: BillingState | null;
  email: string;
  planName: string;
  /** Integer yen, tax and shipping included. */
  amount: number;
  status: string;
  paymentMethod: string;
  declineReason: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  paidAt: string | null;
  /** A declined charge that can be tried again now: before the ship date, attempts left. */
  canRetry: boolean;
  /** In doubt and no worker holds it now: the provider can be asked. */
  canReconcile: boolean;
  /** A card dispute (chargeback) of this charge, set by the gateway's webhook. */
  dispute: DisputeView | null;
}

export interface BillingChargeList extends Paged {
  round: BillingRound;
  state: BillingState;
  charges: BillingCharge[];
}

export interface ChargeActionResult {
  outcome: ChargeOutcome;
  charge: BillingCharge;
}
