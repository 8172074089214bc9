/** The server's memory: plain records per Stripe object, each map bounded. */
import type { CardBrand, CardBehaviour } from './cards.ts';
import { BoundedMap } from './ids.ts';

export type Metadata = Record<string, string>;

/** Stripe's `last_payment_error` / `last_setup_error` (and the body of a card_error answer). */
export interface PaymentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  charge?: string;
  /** The card that failed: rendered as the full `payment_method` object. */
  paymentMethodId?: string;
}

export interface CustomerRecord {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
}

export interface SessionRecord {
  id: string;
  created: number;
  expiresAt: number;
  customer: string | null;
  successUrl: string;
  cancelUrl: string | null;
  currency: string | null;
  locale: string | null;
  metadata: Metadata;
  status: 'open' | 'complete' | 'expired';
  setupIntent: string;
  /** Cards tried on the hosted page; the page ends the session after MAX_CARD_TRIES declines. */
  declinedTries: number;
  /** A card waiting on the 3-D Secure challenge page. */
  pendingPaymentMethod: string | null;
  /** Echoed as given (API 2026-10-28); null when the caller did not send it. */
  allowedPaymentMethodTypes: string[] | null;
}

export interface SetupIntentRecord {
  id: string;
  created: number;
  clientSecret: string;
  customer: string | null;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  paymentMethod: string | null;
  lastSetupError: PaymentError | null;
  metadata: Metadata;
}

export interface PaymentMethodRecord {
  id: string;
  created: number;
  customer: string | null;
  brand: CardBrand;
  behaviour: CardBehaviour;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  name: string | null;
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface PaymentIntentRecord {
  id: string;
  created: number;
  /** Insertion order: lists sort newest first by it (several share one `created` second). */
  seq: number;
  clientSecret: string;
  amount: number;
  currency: string;
  customer: string | null;
  paymentMethod: string | null;
  status: PaymentIntentStatus;
  metadata: Metadata;
  description: string | null;
  statementDescriptorSuffix: string | null;
  latestCharge: string | null;
  lastPaymentError: PaymentError | null;
  nextAction: { returnUrl: string | null } | null;
  canceledAt: number | null;
  cancellationReason: string | null;
  /** `['card']`, or one method the shopper pays herself: `['konbini']`, `['paypay']` (shopper-payments.ts). */
  methodTypes: PaymentMethodType[];
  /** The konbini voucher once confirmed: its expiry (unix seconds), the stores' payment code and confirmation number. */
  voucher: VoucherRecord | null;
  /** `payment_method_data[billing_details]` (konbini needs a name and an email). */
  billing: { name: string | null; email: string | null } | null;
}

export type PaymentMethodType = 'card' | 'konbini' | 'paypay';

export interface VoucherRecord {
  expiresAt: number;
  paymentCode: string;
  confirmationNumber: string;
  productDescription: string | null;
}

export interface ChargeRecord {
  id: string;
  created: number;
  amount: number;
  amountRefunded: number;
  currency: string;
  customer: string | null;
  paymentIntent: string;
  paymentMethod: string;
  status: 'succeeded' | 'failed';
  failure: PaymentError | null;
  disputed: boolean;
  metadata: Metadata;
  description: string | null;
  /** Absent for a card: its details come from the card's PaymentMethod. */
  shopperMethod?: 'konbini' | 'paypay';
}

export interface RefundRecord {
  id: string;
  created: number;
  seq: number;
  amount: number;
  currency: string;
  charge: string;
  paymentIntent: string;
  metadata: Metadata;
  reason: string | null;
  status: 'succeeded';
}

export interface DisputeRecord {
  id: string;
  created: number;
  amount: number;
  currency: string;
  charge: string;
  paymentIntent: string;
  reason: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
}

/** A sent event exactly as delivered (JSON of Stripe's `event`). */
export interface EventRecord {
  id: string;
  type: string;
  body: Record<string, unknown>;
  deliveries: { status: number | 'error'; at: number }[];
}

const LIMIT = 20_000;

/** `origin`: where the hosted pages are reached (the `publicUrl` option). */
export function createState(origin: string) {
  return {
    origin,
    seq: 0,
    customers: new BoundedMap<CustomerRecord>(LIMIT),
    sessions: new BoundedMap<SessionRecord>(LIMIT),
    setupIntents: new BoundedMap<SetupIntentRecord>(LIMIT),
    paymentMethods: new BoundedMap<PaymentMethodRecord>(LIMIT),
    paymentIntents: new BoundedMap<PaymentIntentRecord>(LIMIT),
    charges: new BoundedMap<ChargeRecord>(LIMIT),
    refunds: new BoundedMap<RefundRecord>(LIMIT),
    disputes: new BoundedMap<DisputeRecord>(LIMIT),
    events: new BoundedMap<EventRecord>(LIMIT),
  };
}

export type LocalState = ReturnType<typeof createState>;
