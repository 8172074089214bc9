import { insertVaultCard } from '../../api/payment/sandbox/sandbox.repository.ts';
import { behaviourOf } from '../../api/payment/sandbox/test-cards.ts';
import type { ProfileShop, TestUser } from './profile-shop.ts';

/**
 * A test card put straight into the sandbox's vault and the shop's `user_cards`, as the hosted
 * card page and /api/credit-confirm would (H7's e2e drives those pages; these tests start after).
 */
export async function registerTestCardInVault(shop: ProfileShop, user: TestUser, cardNumber: string): Promise<void> {
  const db = shop.stack.database.handle.db;
  const now = new Date();
  const details = { brand: 'Visa', last4: cardNumber.slice(-4), expiry: '12/30' };
  const token = await insertVaultCard(db, { ...details, declinesCharges: behaviourOf(cardNumber) === 'decline_charges' }, now);
  await db.insertInto('user_cards').values({ user_id: user.userId, token, ...details, updated_at: now }).execute();
  await db.updateTable('users').set({ payment_method: 'CARD' }).where('id', '=', user.userId).execute();
}
