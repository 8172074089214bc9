/**
 * `npm run bench:billing -- --provider stripe-local --rate 25`: the billing pass through the real
 * Stripe adapter against an in-process stripe-local that answers 429 over `rate` reads and writes
 * a second (Stripe's limiter, docs/decisions/0094-stripe-pacing.md), the shop paced at the same
 * rate. The cards are seeded at the server (its control, no hosted pages) and their ids written
 * on the generated shoppers in place of the sandbox's. A charge is one write, so the floor of a
 * pass is N ÷ rate seconds; the report extrapolates the charge phase to 100,000.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../../api/db/schema.ts';
import { createStripeProvider } from '../../api/payment/stripe/stripe-provider.ts';
import type { PaymentProvider } from '../../api/payment/provider.ts';
import { createLogger } from '../../server/logger.server.ts';
import { startStripeLocal, type StripeLocal } from '../../tools/stripe-local/server.ts';
import type { Verification } from './billing-setup.ts';

/** stripe-local keeps at most 20,000 objects of a kind; a customer and a PaymentIntent per shopper. */
export const STRIPE_LOCAL_MAX_N = 10_000;
export const EXTRAPOLATE_TO = 100_000;
const CHUNK = 1_000;

export interface StripeBench {
  provider: PaymentProvider;
  local: StripeLocal;
  close(): Promise<void>;
}

export async function startStripeBench(db: Kysely<DB>, options: { n: number; rate: number; tag: string; now: Date }): Promise<StripeBench> {
  const rates = { read: options.rate, write: options.rate };
  const local = await startStripeLocal({ port: 0, rateLimit: rates });
  const cards = local.control.seedSavedCards(options.n);
  const users = await db.selectFrom('users').select('id').where('email', 'like', `${options.tag}-%@bulk.example`).orderBy('id').execute();
  if (users.length !== cards.length) throw new Error(`bench: ${users.length} shoppers for ${cards.length} cards`);
  for (let i = 0; i < users.length; i += CHUNK) {
    const slice = users.slice(i, i + CHUNK).map((u, j) => ({ userId: u.id, ...cards[i + j]! }));
    await db.insertInto('stripe_customers').values(slice.map((s) => ({ user_id: s.userId, customer_id: s.customer, created_at: options.now }))).execute();
    await db.deleteFrom('user_cards').where('user_id', 'in', slice.map((s) => s.userId)).execute();
    await db.insertInto('user_cards').values(slice.map((s) => ({
      user_id: s.userId, token: s.paymentMethod, brand: 'Visa', last4: '4242', expiry: '12/30', provider: 'stripe', updated_at: options.now,
    }))).execute();
  }
  const provider = createStripeProvider({
    db, now: () => new Date(), secretKey: 'sk_test_bench_billing', apiBase: local.url, rates, logger: createLogger('silent', 'bench-stripe'),
  });
  return { provider, local, close: () => local.close() };
}

/** What a correct run leaves at Stripe: every row SUCCESS with its own PaymentIntent, one per order key, all succeeded; one mail each. */
export async function verifyStripeBilling(db: Kysely<DB>, local: StripeLocal, roundId: number, n: number, mailsInOutbox: number): Promise<Verification> {
  const rows = await sql<{ success: number; other: number; intents: number }>`
    select count(*) filter (where payment_status = 'SUCCESS') as success, count(*) filter (where payment_status <> 'SUCCESS') as other,
      count(distinct charge_id) as intents
    from plan_order_histories where plan_order_id = ${roundId} and origin = 'billing'`.execute(db);
  const mails = await sql<{ queued: number; sent: number }>`
    select count(*) as queued, count(*) filter (where status = 'sent') as sent from billing_mails where kind = 'charged'`.execute(db);
  const summary = local.control.summary() as { paymentIntents: Record<string, number>; rateLimited: { read: number; write: number }; calls: Record<string, number> };
  const r = rows.rows[0]!;
  const m = mails.rows[0]!;
  const intents = Object.values(summary.paymentIntents).reduce((a, b) => a + b, 0);
  const facts = {
    success: Number(r.success), otherRows: Number(r.other), charges: intents, orderKeys: Number(r.intents),
    notSucceeded: intents - (summary.paymentIntents.succeeded ?? 0), rowsWithoutCharge: 0, amount: 0,
    mailsQueued: Number(m.queued), mailsSent: Number(m.sent),
  };
  const expect: [string, number, number][] = [
    ['rows SUCCESS', facts.success, n], ['rows in another status', facts.otherRows, 0], ['PaymentIntents at stripe-local', intents, n],
    ['distinct PaymentIntents on the rows', facts.orderKeys, n], ['PaymentIntents not succeeded', facts.notSucceeded, 0],
    ['searches', summary.calls['GET /v1/payment_intents/search'] ?? 0, 0], ['mails queued', facts.mailsQueued, n],
    ['mails marked sent', facts.mailsSent, n], ['mails in the outbox', mailsInOutbox, n],
  ];
  const problems = expect.filter(([, got, want]) => got !== want).map(([what, got, want]) => `${what}: ${got}, expected ${want}`);
  return { ok: problems.length === 0, problems, facts };
}

/** What stripe-local saw: the 429s it answered per kind and the searches it was asked (billing should ask none). */
export interface StripeRunFacts {
  rate: number;
  rateLimited: { read: number; write: number };
  searches: number;
  /** N ÷ rate: a charge is one write. */
  floorS: number;
}

export function stripeRunFacts(local: StripeLocal, n: number, rate: number): StripeRunFacts {
  const summary = local.control.summary() as { rateLimited: { read: number; write: number }; calls: Record<string, number> };
  return { rate, rateLimited: summary.rateLimited, searches: summary.calls['GET /v1/payment_intents/search'] ?? 0, floorS: n / rate };
}

/** The stripe-local rows of the report: 429s, and the charge phase against the floor N ÷ rate, both at N and extrapolated to 100k. */
export function stripeReportRows(facts: StripeRunFacts, n: number, chargeS: number): [string, string][] {
  const per100k = (s: number) => `${(s * EXTRAPOLATE_TO / n / 60).toFixed(1)} min`;
  return [
    ['stripe-local limit (reads, writes /s)', `${facts.rate}, ${facts.rate}`], ['429s answered (reads / writes)', `${facts.rateLimited.read} / ${facts.rateLimited.write}`],
    ['charge phase / floor (N ÷ rate)', `${chargeS.toFixed(1)} s / ${facts.floorS.toFixed(1)} s = ${(chargeS / facts.floorS).toFixed(2)}×`],
    [`extrapolated to ${EXTRAPOLATE_TO.toLocaleString('en')}`, `${per100k(chargeS)} (floor ${per100k(facts.floorS)})`],
  ];
}
