/**
 * The Stripe adapter (api/payment/stripe/) over a fresh database, against the local
 * Stripe-compatible server (tools/stripe-local/) or, with STRIPE_TEST_SECRET_KEY, Stripe's test mode.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';
import { createStripeProvider, type StripeProvider } from '../../api/payment/stripe/stripe-provider.ts';
import type { StripeRates } from '../../api/payment/stripe/stripe-pacer.ts';
import type { CardRegistrationResult } from '../../api/payment/provider.ts';
import { answerChallenge, postCardForm, TEST_KEY } from './stripe-local-client.ts';
import { silentLogger } from './stack.ts';

let users = 0;

/** A shopper row (stripe_customers refers to users). */
export async function addStripeShopper(db: Kysely<DB>): Promise<number> {
  users += 1;
  const row = await db.insertInto('users').values({
    email: `stripe.${process.pid}.${users}.${Date.now()}@example.com`, password_hash: 'scrypt$salt$hash', name: '推野 花子', payment_method: 'NONE',
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function stripeProviderFor(
  db: Kysely<DB>, apiBase: string, options: { secretKey?: string; timeoutMs?: number; webhookSecret?: string; rates?: Partial<StripeRates> } = {},
): StripeProvider {
  return createStripeProvider({
    db, now: () => new Date(), secretKey: options.secretKey ?? TEST_KEY, apiBase, timeoutMs: options.timeoutMs ?? 5_000,
    webhookSecret: options.webhookSecret, rates: options.rates, logger: silentLogger,
  });
}

export const returnUrlOf = (userId: number): string =>
  `http://shop.test/api/credit-confirm?${new URLSearchParams({ userId: String(userId), retUrl: '/mypage/profile/payment' })}`;

/**
 * Saves a card through the local server's hosted Checkout page by form posts (and its 3-D Secure
 * page when the card asks), then confirms it as the shop's return does. Local server only.
 */
export async function saveCardOnHostedPage(provider: StripeProvider, userId: number, number: string, cvc = '123'): Promise<{ result: CardRegistrationResult; registrationId: string | null }> {
  const { url } = await provider.startCardRegistration({ userId, returnUrl: returnUrlOf(userId) });
  let answer = await postCardForm(url, { number, cvc });
  const location = answer.headers.get('location') ?? '';
  if (location.endsWith('/3ds')) answer = await answerChallenge(new URL(location, url).toString(), 'complete');
  const back = answer.status === 303 ? new URL(answer.headers.get('location') ?? '', url) : null;
  const registrationId = back?.searchParams.get('registrationId') ?? new URL(url).pathname.split('/').pop() ?? null;
  if (!registrationId) return { result: { status: 'not_found' }, registrationId };
  return { result: await provider.confirmCardRegistration({ userId, registrationId }), registrationId };
}

/** A card saved with a Stripe test PaymentMethod (`pm_card_visa`, …) through a SetupIntent: real Stripe. */
export async function saveTestPaymentMethod(provider: StripeProvider, db: Kysely<DB>, userId: number, testMethod: string): Promise<string> {
  await provider.startCardRegistration({ userId, returnUrl: returnUrlOf(userId) });
  const row = await db.selectFrom('stripe_customers').select('customer_id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  const intent = await provider.client.setupIntents.create({
    customer: row.customer_id, payment_method: testMethod, confirm: true, usage: 'off_session',
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
  });
  const method = intent.payment_method;
  if (typeof method !== 'string') throw new Error('setup intent without a payment method');
  return method;
}
