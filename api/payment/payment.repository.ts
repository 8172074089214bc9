import { DEFERRED_OPEN_STATUSES } from '../../shared/deferred-payment.ts';
import type { Db } from '../db/schema.ts';
import type { PaymentProviderName, RegisteredCard } from './provider.ts';

/**
 * The shop's payment SQL: what it keeps of a card, the method, and every change of it. A card is
 * the running gateway's or none: one saved at another gateway cannot be charged (shared/card-gateway.ts).
 */
export async function findCard(db: Db, userId: number, provider: PaymentProviderName) {
  return db.selectFrom('user_cards').select(['token', 'brand', 'last4', 'expiry']).where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
}

/** True when the user's card was saved at another gateway than the running one (the shopper must register again). */
export async function hasCardOfOtherGateway(db: Db, userId: number, provider: PaymentProviderName): Promise<boolean> {
  const row = await db.selectFrom('user_cards').select('provider').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined && row.provider !== provider;
}

export async function saveCard(db: Db, userId: number, card: RegisteredCard, provider: PaymentProviderName, now: Date): Promise<void> {
  const values = { token: card.token, brand: card.brand, last4: card.last4, expiry: card.expiry, provider, updated_at: now };
  await db.insertInto('user_cards').values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values)).execute();
}

export async function setMethod(db: Db, userId: number, method: string): Promise<void> {
  await db.updateTable('users').set({ payment_method: method }).where('id', '=', userId).execute();
}

/** The card the network updated (new expiry or number) keeps its token: only what the shopper sees changes. */
export async function updateCardByToken(db: Db, card: RegisteredCard, now: Date): Promise<number | null> {
  const row = await db.updateTable('user_cards').set({ brand: card.brand, last4: card.last4, expiry: card.expiry, updated_at: now })
    .where('token', '=', card.token).returning('user_id').executeTakeFirst();
  return row?.user_id ?? null;
}

/** The shopper's payment method, the row locked until the transaction ends (two confirmations of one card at once). */
export async function lockMethod(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('payment_method').where('id', '=', userId).forUpdate().executeTakeFirst();
  return row?.payment_method ?? null;
}

/** The saved card as it stands, whichever gateway holds it (keepCard's "nothing changed" check). */
export async function findSavedCard(db: Db, userId: number) {
  return db.selectFrom('user_cards').select(['token', 'expiry', 'provider']).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertHistory(
  db: Db,
  row: { userId: number; method: string; brand: string | null; last4: string | null; guardianConsent: boolean },
  now: Date,
): Promise<void> {
  await db.insertInto('payment_method_histories').values({
    user_id: row.userId, payment_method: row.method, card_brand: row.brand, card_last4: row.last4,
    guardian_consent: row.guardianConsent, created_at: now,
  }).execute();
}

/** Bounded: a shopper changes methods a few times a year; 100 rows cover years. */
export async function listHistory(db: Db, userId: number) {
  return db.selectFrom('payment_method_histories').select(['payment_method', 'card_brand', 'card_last4', 'created_at'])
    .where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100).execute();
}

export async function findScreening(db: Db, userId: number) {
  return db.selectFrom('deferred_screenings').select(['approved']).where('user_id', '=', userId).executeTakeFirst();
}

export async function saveScreening(db: Db, userId: number, approved: boolean, reason: string | null, now: Date): Promise<void> {
  const values = { approved, reason, screened_at: now };
  await db.insertInto('deferred_screenings').values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values)).execute();
}

/**
 * Tax-included GMOAB amounts not yet settled (the rounds still open to collection), but for the
 * row `exceptId` (a billing round reserved before its charge: its own amount is what is asked).
 */
export async function deferredOwed(db: Db, userId: number, exceptId?: number): Promise<number> {
  let query = db.selectFrom('plan_order_histories')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('owed'))
    .where('user_id', '=', userId).where('payment_method', '=', 'GMOAB')
    .where('payment_status', 'in', [...DEFERRED_OPEN_STATUSES]).where('superseded_by', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const row = await query.executeTakeFirst();
  return Number(row?.owed ?? 0);
}
