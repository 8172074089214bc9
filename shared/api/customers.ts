import type { RefundTransfer } from '../refund-transfer-rules.ts';
import type { ArtistTenure } from './types.ts';
import type { Tracking } from '../carriers.ts';
import type { DisputeView } from '../dispute.ts';
import type { OrderParcel } from '../parcel-display.ts';
import type { Text } from '../text.ts';

/** The staff API's answers for the console's customers area (issue 19, api/customers/). */
export interface CustomerHit {
  id: number;
  email: string;
  name: string;
  nameKana: string;
  tel: string;
  createdAt: string;
  deleted: boolean;
}

export interface CustomerSearchPage {
  hits: CustomerHit[];
  page: number;
  /** True when another page follows (one more row than a page was read). */
  more: boolean;
}

export interface CustomerSubscription {
  id: number;
  planId: number;
  planName: string;
  artistName: string;
  status: string;
  count: number;
  paused: boolean;
  createdAt: string;
  cancelledAt: string | null;
  cancelReason: Text | null;
  cancelNote: string;
  /** Who cancelled (issue 32): the fan on their cancel page or staff; null when not recorded. */
  cancelledBy: Text | null;
}

/** An offer the fan took on the cancel page instead of cancelling (issue 32). */
export interface CustomerKeptOffer {
  id: number;
  artistName: string;
  planName: string;
  offer: Text;
  /** The cheaper plan moved to; null for a skip or pause. */
  toPlanName: string | null;
  /** The fan's answer, null when they chose none. */
  reason: Text | null;
  note: string;
  acceptedAt: string;
}

export interface CustomerCharge {
  /** The order number shoppers quote (the shipping list's orderHistoryId). */
  id: number;
  /** Beside the plan wherever the charge is named: a fan with two artists has two 「プレミアムプラン」. */
  artistName: string;
  planName: string;
  roundName: string;
  paymentStatus: string;
  paymentMethod: string;
  total: number;
  refundStatus: string | null;
  refundReason: string | null;
  refundedAt: string | null;
  /** A refund is still possible: charged, and not all of it refunded or being refunded. */
  refundable: boolean;
  /** The most a refund may return now (shared/refund-rules.ts `refundCap`); 0 when not refundable. */
  refundCap: number;
  /**
   * 同梱 (shared/parcel.ts): a full refund with the box stopped keeps the parcel's fee (`kept`: a
   * carrier while another paid box ships) or takes back the fee a stopped box kept (`back`: the
   * last box out); null when shipping is refunded as charged.
   */
  stopRefundParcel?: { kept: number; back: number } | null;
  /** A full refund before shipment: the box stopped, or shipped all the same. */
  refundBox: 'stop' | 'ship' | null;
  /** Partial refunds, oldest first (the reason is support's, never shown to the fan). */
  partialRefunds: { amount: number; status: string; reason: string; at: string }[];
  /** Where the box goes (the snapshot once it is being prepared); support may correct it while WAITING. */
  shipTo: { name: string; zip: string; address: string; address2: string; tel: string };
  createdAt: string;
  /** A card dispute (chargeback) of this charge, set by the gateway's webhook. */
  dispute: DisputeView | null;
  /** The carrier and tracking number once shipped (one for every box of a parcel). */
  tracking: Tracking | null;
  /** The fan's boxes travelling with this one (同梱), if any: shared/parcel-display.ts. */
  parcel: OrderParcel | null;
}

/** 「天音くるり プレミアムプラン」: a subscription or charge as support names it, the artist first. */
export function customerPlanLabel(line: { artistName: string; planName: string }): string {
  return `${line.artistName} ${line.planName}`;
}

/** 「天音くるり プレミアムプラン 1月号」: a charge, its round after the plan. */
export function customerChargeLabel(charge: Pick<CustomerCharge, 'artistName' | 'planName' | 'roundName'>): string {
  return `${customerPlanLabel(charge)} ${charge.roundName}`;
}

export interface CustomerMail {
  /** `b-<key>` (billing outbox) or `l-<id>` (mail log): GET /api/staff/customers/:id/mails/:ref. */
  ref: string;
  kind: string;
  subject: string;
  status: string;
  at: string;
  /** False for a mail whose text was not kept (it held a code). */
  readable: boolean;
}

/** One sent mail as support opens it. */
export interface CustomerMailBody {
  ref: string;
  kind: string;
  to: string;
  subject: string;
  at: string;
  text: string;
}

export interface CustomerNote {
  id: number;
  staffEmail: string;
  body: string;
  createdAt: string;
}

export interface CustomerDetail {
  profile: {
    id: number;
    email: string;
    name: string;
    /** フリガナ; '' when the customer gave none. */
    nameKana: string;
    tel: string;
    zip: string;
    address: string;
    address2: string;
    lang: string;
    createdAt: string;
    deleted: boolean;
  };
  /** Brand and last four digits only; null when no card is registered. */
  card: { brand: string; last4: string } | null;
  paymentMethod: string;
  subscriptions: CustomerSubscription[];
  /** 継続月数 per artist, longest first (shared/tenure.ts). */
  tenure: ArtistTenure[];
  /** Newest first, at most DETAIL_LIST_MAX. */
  keptOffers: CustomerKeptOffer[];
  charges: CustomerCharge[];
  mails: CustomerMail[];
  notes: CustomerNote[];
  /** Konbini payments waiting to be returned by bank transfer (issue 34), oldest first. */
  refundTransfers: RefundTransfer[];
}

export interface RefundAnswer {
  historyId: number;
  refundStatus: string;
  /** True when this key had already been used: nothing was refunded again. */
  replayed: boolean;
}
