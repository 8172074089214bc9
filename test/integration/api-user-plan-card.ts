import request from 'supertest';
import { insertVaultCard } from '../../api/payment/sandbox/sandbox.repository.ts';
import { behaviourOf } from '../../api/payment/sandbox/test-cards.ts';
import type { AccountApi } from './api-account-fixtures.ts';
import type { Shopper } from './api-user-plan-fixtures.ts';

/**
 * A test card registered straight through the sandbox's vault (what its hosted page does after
 * the shopper types the number), then kept by the shop as a token, brand, last 4 and expiry.
 * Used until /api/credit and the hosted page are mounted (H7), and to keep these tests quick.
 */
export async function registerTestCard(api: AccountApi, _cookie: string, userId: number, card: string): Promise<void> {
  const now = api.clock.now;
  const details = { brand: 'Visa', last4: card.slice(-4), expiry: '12/30' };
  const behaviour = behaviourOf(card);
  const token = await insertVaultCard(api.db, { ...details, declinesCharges: behaviour === 'decline_charges', authenticatesCharges: behaviour === 'three_d_secure_always' }, now);
  await api.db.insertInto('user_cards').values({ user_id: userId, token, ...details, updated_at: now }).execute();
  await api.db.updateTable('users').set({ payment_method: 'CARD' }).where('id', '=', userId).execute();
}

/** GMOAB chosen through the payment-method call (H7's: screening runs there, once). */
export async function chooseDeferredPayment(api: AccountApi, shopper: Shopper): Promise<request.Response> {
  return request(api.app).put('/api/paymentMethod').set('cookie', shopper.cookie).send({ paymentMethod: 'GMOAB' });
}
