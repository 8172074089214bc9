import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { DB } from '../../db/schema.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider } from '../provider.ts';
import { ProviderBusyError } from '../provider-deadline.ts';
import { startAuthentication } from './stripe-authentication.ts';
import { cardOfSession, createSetupSession, retrieveSetupSession } from './stripe-cards.ts';
import { cancelIntent, chargeOfIntent, createCharge, findIntent } from './stripe-charges.ts';
import { isStripeTestKey } from '../../../shared/payment-config.ts';
import { createStripeClient } from './stripe-client.ts';
import { ensureCustomerId, findCustomerId } from './stripe-customers.ts';
import { withStripeDeadline } from './stripe-deadline.ts';
import { createStripePacer, stripeRatesFor, type StripePacer, type StripeRates } from './stripe-pacer.ts';
import { MAY_HAVE_RUN_HEADER } from './stripe-pacing.ts';
import { refundCharge } from './stripe-refunds.ts';
import { cancelShopperIntent, createShopperIntent, findShopperIntent, refundShopperIntent } from './stripe-shopper-payments.ts';
import { REGISTER_CARD_AGAIN } from '../../../shared/card-gateway.ts';
import { DEFERRED_UNAVAILABLE, NO_DEFERRED_SCREENING } from './stripe-texts.ts';

export interface StripeProviderOptions {
  db: Kysely<DB>;
  now: () => Date;
  secretKey: string;
  apiBase: string;
  /** Each call's deadline (STRIPE_TIMEOUT_MS), under PROVIDER_DEADLINE_MS (api/payment/provider-deadline.ts). */
  timeoutMs?: number;
  /** `whsec_…`: the webhook endpoint checks each event's signature with it (stripe-webhook.router.ts). */
  webhookSecret?: string;
  /** Requests a second (STRIPE_READS_PER_SECOND, STRIPE_WRITES_PER_SECOND); 0 or absent: Stripe's documented limit for the key's mode. */
  rates?: Partial<StripeRates>;
  logger: Logger;
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** The library client, for the webhook's look-ups (never logged: it holds the key). */
  readonly client: Stripe;
  readonly webhookSecret: string | undefined;
  /** The pace every request of `client` keeps (stripe-pacer.ts). */
  readonly pacer: StripePacer;
}

export const STRIPE_TIMEOUT_MS = 10_000;
/**
 * A checkout that died mid-charge never stored its PaymentIntent id, so its charge is found by
 * metadata search, which Stripe documents as eventually consistent (up to a minute); a kept id
 * is retrieved directly and never lags (stripe-charges.ts `findIntent`).
 */
export const STRIPE_SEARCH_LAG_MS = 60_000;

/**
 * The Stripe gateway behind the shop's PaymentProvider (docs/decisions/0038-stripe-gateway.md):
 * Checkout in setup mode saves a card; PaymentIntents charge it, on-session at checkout (3-D Secure
 * when the bank asks) and off-session in the billing run; konbini and PayPay PaymentIntents the
 * shopper pays herself each round (stripe-shopper-payments.ts). Every call has one
 * deadline; none runs inside a database transaction.
 */
export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const { db, now } = options;
  const timeoutMs = options.timeoutMs ?? STRIPE_TIMEOUT_MS;
  const pacer = createStripePacer(stripeRatesFor(options.secretKey, options.rates), (kind, perSecond) => {
    options.logger.warn({ kind, perSecond: Math.round(perSecond * 10) / 10 }, 'stripe: rate limited (429); pacing slowed down');
  });
  const client = createStripeClient({ secretKey: options.secretKey, apiBase: options.apiBase, timeoutMs, pacer });
  const bounded = <T>(work: () => Promise<T>) => withStripeDeadline(timeoutMs, work).catch(asBusy);
  return {
    name: 'stripe',
    testMode: isStripeTestKey(options.secretKey),
    lookupLagMs: STRIPE_SEARCH_LAG_MS,
    client,
    pacer,
    webhookSecret: options.webhookSecret,
    startCardRegistration: ({ userId, returnUrl }) => bounded(async () => {
      const customerId = await ensureCustomerId(db, client, userId, now());
      return createSetupSession(client, customerId, userId, returnUrl);
    }),
    confirmCardRegistration: ({ userId, registrationId }) => bounded(async () => {
      const customerId = await findCustomerId(db, userId);
      const session = customerId ? await retrieveSetupSession(client, registrationId) : null;
      return session ? cardOfSession(session, customerId) : { status: 'not_found' };
    }),
    charge: (input) => bounded(() => charge(db, client, input)),
    findCharge: (orderKey, chargeId) => bounded(async () => {
      const intent = await findIntent(client, orderKey, chargeId);
      return intent ? chargeOfIntent(intent, orderKey) : null;
    }),
    refund: (input) => bounded(() => refundCharge(client, input)),
    startChargeAuthentication: (input) => bounded(() => startAuthentication(client, input)),
    cancelCharge: (input) => bounded(() => cancelIntent(client, input)),
    // Stripe does not screen deferred payment (GMO後払い is its own contract).
    screenDeferred: async () => ({ approved: false, reason: NO_DEFERRED_SCREENING.ja, reasonEn: NO_DEFERRED_SCREENING.en }),
    createShopperPayment: (input) => bounded(() => createShopperIntent(client, input, now())),
    findShopperPayment: (ref) => bounded(() => findShopperIntent(client, ref)),
    cancelShopperPayment: (ref) => bounded(() => cancelShopperIntent(client, ref)),
    refundShopperPayment: (input) => bounded(() => refundShopperIntent(client, input)),
  };
}

/**
 * A 429 that outlasted the pacer's back-off: Stripe did nothing, and says so to the shop as
 * ProviderBusyError — unless an earlier send of the same request got no answer (stripe-pacing.ts),
 * which may have run: that stays an error, "in doubt" to the caller.
 */
function asBusy(error: unknown): never {
  const refused = error instanceof Stripe.errors.StripeRateLimitError && error.headers?.[MAY_HAVE_RUN_HEADER] !== 'true';
  throw refused ? new ProviderBusyError(`stripe: ${error.message.slice(0, 160)}`) : error;
}

async function charge(db: Kysely<DB>, client: Stripe, input: ChargeRequest): Promise<ChargeResult> {
  const base = { chargeId: '', orderKey: input.orderKey, amount: input.amount };
  if (input.source.kind !== 'card') {
    return { ...base, status: 'declined', declineReason: DEFERRED_UNAVAILABLE.ja, declineReasonEn: DEFERRED_UNAVAILABLE.en };
  }
  const customerId = await findCustomerId(db, input.userId);
  // A sandbox card (or no Stripe customer): the shopper must register the card again at Stripe.
  if (!customerId || !input.source.token.startsWith('pm_')) {
    return { ...base, status: 'declined', declineReason: REGISTER_CARD_AGAIN.ja, declineReasonEn: REGISTER_CARD_AGAIN.en };
  }
  return createCharge(client, customerId, { ...input, source: input.source });
}

export const isStripeProvider = (provider: PaymentProvider): provider is StripeProvider => provider.name === 'stripe' && 'client' in provider;
