import type { ArtistTenure } from './types.ts';
import type { RoundCharge } from '../money.ts';
import type { PaymentMethod } from '../payment.ts';
import type { Text } from '../text.ts';

/**
 * GET /api/user/overview: what my page answers at a glance (issue 18) — the next box of each
 * subscription, the charges to come, and what needs the shopper's action.
 */

/** A round of one of the shopper's subscriptions, named as every page names it. */
export interface OverviewRound {
  userPlanId: number;
  artist: { name: string; slug: string };
  plan: { id: number; name: string; nameEn: string | null };
  count: number;
  round: { id: number; name: string; endDate: string; shipDate: string };
  /** 「1月号」 (issueLabel). */
  label: Text;
  /** The round's deadline, its last minute (deadlineTimeLabel): the page's label says 申込締切. */
  deadline: Text;
}

/** The next box of a subscription: charged already (on its way) or to be charged at its deadline. */
export interface OverviewBox extends OverviewRound {
  paid: boolean;
}

/** A round that will be charged at its deadline, with the method in force now. */
export interface OverviewCharge extends OverviewRound {
  chargeAt: string;
  /** Months one round covers (the plan's `period`), for the per-month figure. */
  period: number;
  /** Goods + shipping (+ the GMO後払い fee): shared/money.ts `roundCharge`. */
  charge: RoundCharge;
  method: PaymentMethod;
  card: { brand: string; last4: string } | null;
}

/** Something the shopper should do; each kind has its page to act on. */
export type OverviewAction =
  | {
      kind: 'chargeFailed';
      historyId: number;
      artistName: string;
      label: Text;
      total: number;
      /** When the declined charge is tried again, if it will be. */
      nextAttemptAt: string | null;
      /** Retries stop at the ship date (api/billing/retries.ts). */
      shipDate: string;
    }
  | {
      /** The bank asked for 3-D Secure on this round's charge: the shopper authenticates it (POST /api/charge-authentication). */
      kind: 'chargeNeedsAuthentication';
      historyId: number;
      artistName: string;
      label: Text;
      total: number;
      /** The last moment to authenticate: the ship date (shared/billing-rules.ts `lastChanceToPay`). */
      until: string;
    }
  | { kind: 'cardExpiring'; brand: string; last4: string; expiry: string; expiresAt: string; expired: boolean }
  | { kind: 'deferredInvoice'; historyId: number; artistName: string; label: Text; total: number; dueDate: string }
  | {
      /** A round the fan pays herself (konbini, PayPay; issue 34): POST /api/shopperRound/:id/pay opens the voucher or PayPay. */
      kind: 'shopperRound';
      requestId: number;
      artistName: string;
      label: Text;
      total: number;
      payBy: string;
      method: 'konbini' | 'paypay';
    };

export interface UserOverview {
  /** Live subscriptions; 0 means the page invites to the lineup. */
  subscriptionCount: number;
  nextBoxes: OverviewBox[];
  /** Earliest first. */
  nextCharges: OverviewCharge[];
  actions: OverviewAction[];
  /** 継続月数 per artist, longest first (shared/tenure.ts). */
  tenure: ArtistTenure[];
  /** 特典 opened for the fan in the last VAULT_RECENT_DAYS (boxes and milestones): my page says they are ready. */
  bonusesReady: number;
}
