import type Stripe from 'stripe';
import type { Db } from '../../db/schema.ts';

export async function findCustomerId(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('stripe_customers').select('customer_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.customer_id ?? null;
}

/**
 * The shopper's Stripe Customer, made once. Two tabs at once send one Idempotency-Key, so Stripe
 * makes one customer and answers both with it; the insert keeps whichever row landed first.
 * The Stripe call happens before, never inside, any database transaction.
 */
export async function ensureCustomerId(db: Db, stripe: Stripe, userId: number, now: Date): Promise<string> {
  const known = await findCustomerId(db, userId);
  if (known) return known;
  const customer = await stripe.customers.create(
    { metadata: { user_id: String(userId) } },
    { idempotencyKey: `customer-${userId}` },
  );
  await db.insertInto('stripe_customers').values({ user_id: userId, customer_id: customer.id, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing()).execute();
  const kept = await findCustomerId(db, userId);
  if (!kept) throw new Error('stripe: customer row missing after insert');
  return kept;
}

/** The shop's user of a Stripe customer id, or null (not ours). */
export async function findUserOfCustomer(db: Db, customerId: string): Promise<number | null> {
  const row = await db.selectFrom('stripe_customers').select('user_id').where('customer_id', '=', customerId).executeTakeFirst();
  return row?.user_id ?? null;
}
