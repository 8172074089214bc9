/**
 * The payment provider: the one door through which the shop registers cards, charges, refunds,
 * screens deferred payment, and issues the konbini and PayPay payments a shopper makes herself
 * each round (issue 34, docs/decisions/0091-shopper-paid-rounds.md). The shipped implementation is the offline sandbox
 * (api/payment/sandbox/); a real gateway (e.g. GMO Payment Gateway) is a second implementation
 * of this same interface, chosen by `PAYMENT_PROVIDER`.
 *
 * Rules every implementation keeps (docs/decisions/0010-payment-provider.md):
 * - The shop never sees a card number or CVC: it keeps `token`, `brand`, `last4`, `expiry`.
 * - Results are looked up at the provider, never taken from a query string.
 * - `orderKey` is a deterministic id (e.g. `uph-<userPlanId>-<planOrderId>`): charging the same
 *   key twice returns the first result and never charges twice.
 * - Calls are network calls with a deadline: never make them inside a database transaction.
 * - Card testing (issue 17): the shop limits registrations per user and per client before it
 *   calls `startCardRegistration` (payment.service.ts, THROTTLE_RULES `cardUser`/`cardClient`);
 *   the hosted page, which only the gateway sees, must end a registration after a few numbers
 *   (the sandbox: `cardTries`, 5; a real gateway: its own setting, configured to the same).
 * - A registration id is a capability: it is never logged (shared/log-redact.ts `redactLogUrl`).
 *
 * Get the running provider with `paymentProviderOf(ctx)` (api/payment/provider-of.ts).
 */
import type { CardBrand } from '../../shared/payment.ts';
import type { ShopperPaymentMethod } from '../../shared/shopper-payment.ts';

export type PaymentProviderName = 'sandbox' | 'stripe';

export interface CardRegistrationStart {
  /** The shop's user id; the provider sends it back on the return URL. */
  userId: number;
  /** Absolute URL of `/api/credit-confirm?userId&retUrl`; the provider adds `registrationId`. */
  returnUrl: string;
}

/** What the shop keeps of a card: a provider token and what the shopper needs to recognise it. */
export interface RegisteredCard {
  token: string;
  brand: CardBrand;
  /** The last four digits only. */
  last4: string;
  /** MM/YY as printed on the card. */
  expiry: string;
}

export type CardRegistrationResult =
  | ({ status: 'registered' } & RegisteredCard)
  /** Declined by the issuer or failed 3-D Secure; `reason` is safe to show. */
  | { status: 'declined'; reason: string; reasonEn: string }
  /** Unknown id, another user's id, or the shopper never finished the hosted page. */
  | { status: 'not_found' };

/** Deferred payment (GMOAB) details sent for screening and with each deferred charge. */
export interface DeferredBuyer {
  userId: number;
  name: string;
  tel: string;
  /** yyyy-MM-dd */
  birthday: string;
  zip: string;
  address: string;
  email: string;
}

export interface ChargeRequest {
  /** Deterministic and idempotent: the same key never charges twice. */
  orderKey: string;
  /** The shop's user id (the gateway's customer is found by it; sent in metadata). */
  userId: number;
  /** Tax-included integer yen. */
  amount: number;
  /** Shown on the statement or invoice; no personal data. */
  description: string;
  /** Exactly one of a card token or a deferred-payment buyer. */
  source: { kind: 'card'; token: string } | { kind: 'deferred'; buyer: DeferredBuyer };
  /**
   * Set when the shopper is at the screen (checkout): the charge is confirmed on-session and a
   * bank that asks for 3-D Secure answers `action_required` with `authenticationUrl`, a page that
   * sends the shopper back here. Unset: an off-session charge (the billing run), whose
   * `action_required` has no page until `startChargeAuthentication`.
   */
  returnUrl?: string;
}

/**
 * `action_required`: the card's bank asked the shopper to authenticate this charge (3-D Secure on an
 * off-session charge, Stripe's `authentication_required`). Nothing was taken; the shopper can
 * authenticate this same charge on the provider's page (`startChargeAuthentication`).
 */
export type ChargeStatus = 'succeeded' | 'declined' | 'pending' | 'action_required';

export interface ChargeResult {
  status: ChargeStatus;
  chargeId: string;
  orderKey: string;
  amount: number;
  /** Set when declined; safe to show (Japanese and English). */
  declineReason?: string;
  declineReasonEn?: string;
  /** An on-session charge the bank wants authenticated: the provider's page for it. */
  authenticationUrl?: string;
}

export interface RefundRequest {
  /**
   * Deterministic and idempotent, like `orderKey`: asking twice with one key refunds once (the
   * gateway's idempotency key, and found again by it after the key's lifetime).
   */
  refundKey: string;
  /** The charge to refund, by its id or by its order key. */
  chargeId?: string;
  orderKey?: string;
  /** Tax-included yen; at most the charged amount less earlier refunds. */
  amount: number;
}

export interface RefundResult {
  /** `pending`: the gateway took the refund and settles it later (a webhook or a later look-up confirms it). */
  status: 'refunded' | 'pending' | 'failed';
  refundId?: string;
  reason?: string;
}

export interface ScreeningRequest extends DeferredBuyer {
  /** The tax-included amount of the first purchase. */
  amount: number;
}

export interface ScreeningResult {
  approved: boolean;
  /** Set when not approved; safe to show. */
  reason?: string;
  reasonEn?: string;
}

export type ChargeAuthenticationStart =
  /** Send the shopper to the provider's page; it comes back to `returnUrl`. */
  | { status: 'redirect'; url: string }
  /** Already paid (authenticated in another tab, or a webhook came first). */
  | { status: 'succeeded' }
  /** Nothing to authenticate: the charge is unknown, declined for another reason, or cancelled. */
  | { status: 'unavailable' };

/**
 * What cancelling a charge that has not taken money came to: `cancelled` (it never can now),
 * `succeeded` (too late: the money was taken, the caller settles and, if it must, refunds), or
 * `unavailable` (unknown to the provider, or already declined for good: nothing can be taken).
 */
export type ChargeCancellation = 'cancelled' | 'succeeded' | 'unavailable';

/**
 * A round paid by the shopper (issue 34, docs/decisions/0091-shopper-paid-rounds.md): not charged by
 * the shop but paid by the fan at a konbini (a voucher) or with PayPay (a redirect), each round.
 */
export interface ShopperPaymentRequest {
  /** Deterministic and idempotent, like a charge's: one key makes one payment (the gateway's Idempotency-Key). */
  orderKey: string;
  userId: number;
  /** Tax-included integer yen: what the fan pays, as every page states it. */
  amount: number;
  /** Shown at the store or in the app; no personal data. */
  description: string;
  method: ShopperPaymentMethod;
  /** The round's deadline: a konbini voucher expires no later (shared/shopper-payment.ts `konbiniVoucherExpiry`). */
  payBy: Date;
  /** Absolute URL the PayPay page sends the fan back to; the shop then asks `findShopperPayment`. */
  returnUrl: string;
  /** The fan's mail address and name (Stripe's konbini billing details; the voucher mail). */
  email: string;
  name: string;
}

/**
 * `awaiting_payment`: the voucher is out or the PayPay page is waiting; `processing`: the provider
 * is settling it; `succeeded`: paid; `failed`: PayPay declined (the same key cannot be paid again);
 * `expired`: the voucher passed its expiry unpaid; `canceled`: cancelled by the shop.
 */
export type ShopperPaymentStatus = 'awaiting_payment' | 'processing' | 'succeeded' | 'failed' | 'expired' | 'canceled';

export interface ShopperPayment {
  paymentId: string;
  orderKey: string;
  method: ShopperPaymentMethod;
  amount: number;
  status: ShopperPaymentStatus;
  /** Konbini: the voucher page, the payment number when the provider gives one, and its expiry. */
  voucher?: { url: string; number?: string; expiresAt: Date };
  /** PayPay while awaiting payment: the page to send the fan to. */
  redirectUrl?: string;
  /** False for konbini: a refund is a bank transfer the shop records (`refundShopperPayment` says `not_refundable`). */
  refundable: boolean;
}

export type ShopperRefundResult = RefundResult | { status: 'not_refundable'; reason: string; reasonEn: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** True for the sandbox and a Stripe test-mode key: the shop shows its 「テストモード」 notice. */
  readonly testMode: boolean;
  /**
   * How long a charge may stay invisible to `findCharge` by order key after the provider made it
   * (0 for an exact look-up). A stranded checkout is concluded "never charged" only after it
   * (api/user-plan/settle-pending.ts).
   */
  readonly lookupLagMs: number;
  /** The hosted card page where the shopper types the card (never the shop's page). */
  startCardRegistration(input: CardRegistrationStart): Promise<{ url: string }>;
  /** Looks the registration up at the provider; the query string is never trusted. */
  confirmCardRegistration(input: { userId: number; registrationId: string }): Promise<CardRegistrationResult>;
  charge(input: ChargeRequest): Promise<ChargeResult>;
  /**
   * The earlier result for this key, or null when the provider never saw it (look before retrying).
   * `chargeId`, when the caller kept one, lets a gateway look the charge up directly (Stripe's
   * metadata search is eventually consistent).
   */
  findCharge(orderKey: string, chargeId?: string): Promise<ChargeResult | null>;
  refund(input: RefundRequest): Promise<RefundResult>;
  /**
   * The provider-hosted page where the shopper authenticates a charge that came back
   * `action_required`; `returnUrl` is where the provider sends the shopper back (the shop then asks
   * `findCharge(orderKey)`, never the query string).
   */
  startChargeAuthentication(input: { chargeId: string; orderKey: string; returnUrl: string }): Promise<ChargeAuthenticationStart>;
  /**
   * Cancels a charge held for authentication (or otherwise not completed) so that no later
   * authentication can take money for it: a checkout the shopper left, a round past its ship date,
   * a retried round's superseded attempt. Safe to repeat.
   */
  cancelCharge(input: { chargeId: string; orderKey: string }): Promise<ChargeCancellation>;
  /** Deferred-payment screening on first use (the sandbox declines tel 09000000000). */
  screenDeferred(input: ScreeningRequest): Promise<ScreeningResult>;
  /**
   * Creates (or, for a key seen before, finds) the payment the shopper makes herself: a konbini
   * voucher or a PayPay redirect. Throws on a network failure: the caller asks `findShopperPayment`.
   */
  createShopperPayment(input: ShopperPaymentRequest): Promise<ShopperPayment>;
  /** The payment of an order key or id, looked up at the provider; null when it never saw it. */
  findShopperPayment(ref: { orderKey: string; paymentId?: string }): Promise<ShopperPayment | null>;
  /**
   * Cancels a payment not yet made (a lapsed round, a checkout abandoned): nothing can be paid on it
   * afterwards. Answers the payment as it stands after: `canceled`, or `succeeded` when the fan paid
   * first (the caller settles or refunds). Safe to repeat.
   */
  cancelShopperPayment(ref: { orderKey: string; paymentId: string }): Promise<ShopperPayment | null>;
  /** A refund of a paid shopper payment, once per key; konbini answers `not_refundable`. */
  refundShopperPayment(input: { refundKey: string; orderKey: string; paymentId: string; amount: number }): Promise<ShopperRefundResult>;
}
