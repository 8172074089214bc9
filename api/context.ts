import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from './db/schema.ts';
import type { PaymentProvider } from './payment/provider.ts';
import type { Mailer } from './mail/mailer.ts';
import type { BillingOptions } from './billing/billing-options.ts';
import type { ThrottleRules } from './throttle/throttle.service.ts';
import type { OperatorAccess } from './ops/ops-guard.ts';
import type { SecretBox } from './staff/secret-box.ts';
import type { CarrierSettings } from '../shared/carrier-layout.ts';

/** What every router gets: the database, a logger, a clock (tests may fix the time) and the shop's origin. */
export interface ApiContext {
  db: Kysely<DB>;
  logger: Logger;
  now: () => Date;
  /** The shop's public origin (PUBLIC_ORIGIN): the one site whose pages may send unsafe requests. */
  publicOrigin: string;
  /** The operator console's origin (ADMIN_ORIGIN): the one site that may send unsafe staff calls; setup links point there. */
  adminOrigin?: string;
  /** Where mail goes: SMTP or the outbox (api/mail/mailer.ts). */
  mailer: Mailer;
  /** Account throttling limits; tests lower them (api/throttle/throttle.service.ts). */
  throttle?: Partial<ThrottleRules>;
  /**
   * The payment provider (PAYMENT_PROVIDER). Unset: the offline sandbox on this database. Read it
   * through `paymentProviderOf(ctx)` (api/payment/provider-of.ts), never this field directly.
   */
  paymentProvider?: PaymentProvider;
  /** DEFERRED_PAYMENT: GMO後払い is offered; unset = on (shared/deferred-switch.ts `deferredPaymentOffered`). */
  deferredPayment?: boolean;
  /** CONSOLIDATION_WINDOW_DAYS: a fan's boxes shipping inside one window travel as one parcel (shared/parcel.ts); unset = the ship date itself. */
  consolidationWindowDays?: number;
  /** SHOPPER_MISSED_ROUNDS_TO_PAUSE: unpaid konbini/PayPay rounds in a row that pause a subscription; unset = 2 (shared/shopper-round.ts). */
  shopperMissedRoundsToPause?: number;
  /** SANDBOX_LATENCY_MS: how long the sandbox takes to answer a charge (rehearsals, the benchmark). */
  sandboxLatencyMs?: number;
  /** The billing pass's bounds (BILLING_CONCURRENCY, BILLING_LEASE_MS); defaults in api/billing/billing-options.ts. */
  billing?: Partial<BillingOptions>;
  /** Seals staff TOTP secrets at rest (STAFF_SECRET_KEY; api/staff/secret-box.ts). Unset: a key of this process. */
  staffSecrets?: SecretBox;
  /** VAULT_UNLOCK_DAYS_AFTER_SHIP: a box with no delivery record opens its 特典 this many days after shipping (shared/vault.ts). */
  vaultUnlockDays?: number;
  /** The sender (依頼主) and account codes of the carriers' layouts (SENDER_*, shared/config.ts `carrierSettingsOf`); unset: the demo company's. */
  carrierSettings?: CarrierSettings;
  /** The operator endpoint's token and host names (api/ops/ops-guard.ts); unset = it answers no one. */
  ops?: OperatorAccess;
  /**
   * Which Host names the API answers for (shared/allowed-hosts.ts); boot.ts gives PUBLIC_ORIGIN's,
   * API_ORIGIN's and ALLOWED_HOSTS. Unset: publicOrigin's name, loopback names and IP addresses.
   */
  isAllowedHost?: (host: string | undefined) => boolean;
  /**
   * Which hops may name the client in `X-Forwarded-For` (TRUST_PROXY, through api/http/trusted-hops.ts):
   * every throttle keys on the address they give. Unset: loopback, the web tier on this machine.
   */
  trustProxy?: number | string[];
}
