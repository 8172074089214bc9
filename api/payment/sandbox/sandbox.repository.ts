import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The sandbox gateway's own SQL. Registration ids are unguessable: they are the page's capability. */
export const REGISTRATION_TTL_MS = 30 * 60_000;

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

export async function insertRegistration(db: Kysely<DB>, userId: number, returnUrl: string, now: Date): Promise<string> {
  const id = newId('reg');
  await db.insertInto('sandbox_card_registrations')
    .values({ id, user_id: userId, return_url: returnUrl, created_at: now, expires_at: new Date(now.getTime() + REGISTRATION_TTL_MS) })
    .execute();
  // Old registrations are of no use to anyone: sweep them as new ones arrive.
  await db.deleteFrom('sandbox_card_registrations').where('expires_at', '<', new Date(now.getTime() - REGISTRATION_TTL_MS)).execute();
  return id;
}

/** A registration that has not expired, or undefined. */
export async function findRegistration(db: Kysely<DB>, id: string, now: Date) {
  if (!/^reg_[A-Za-z0-9_-]{22}$/.test(id)) return undefined;
  return db.selectFrom('sandbox_card_registrations').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
}

export interface RegistrationUpdate {
  status: 'challenge' | 'registered' | 'declined' | 'consumed';
  token?: string | null;
  brand?: string | null;
  last4?: string | null;
  expiry?: string | null;
  decline_reason?: string | null;
  authenticates_charges?: boolean;
}

/** Moves a registration on only from the state the caller saw, so two posts cannot both win. */
export async function updateRegistration(db: Kysely<DB>, id: string, from: string, update: RegistrationUpdate): Promise<boolean> {
  const result = await db.updateTable('sandbox_card_registrations').set(update).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertVaultCard(
  db: Kysely<DB>,
  card: { brand: string; last4: string; expiry: string; declinesCharges: boolean; authenticatesCharges?: boolean },
  now: Date,
): Promise<string> {
  const token = newId('tok');
  await db.insertInto('sandbox_cards')
    .values({
      token, brand: card.brand, last4: card.last4, expiry: card.expiry, declines_charges: card.declinesCharges,
      authenticates_charges: card.authenticatesCharges ?? false, created_at: now,
    })
    .execute();
  return token;
}
