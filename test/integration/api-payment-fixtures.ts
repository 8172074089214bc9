import type { Insertable } from 'kysely';
import request from 'supertest';
import type { UsersTable } from '../../api/db/schema.ts';
import { startAccountApi, withSession, type AccountApi } from './api-account-fixtures.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/** Set-up of the payment API tests: the API on a fresh database with signed-in, re-checked users. */
export interface Shopper {
  id: number;
  cookie: string;
}

export const FUTURE_EXPIRY = '12/30';
let serial = 0;

export async function startPaymentApi(): Promise<AccountApi> {
  return startAccountApi();
}

export async function addShopper(api: AccountApi, overrides: Partial<Insertable<UsersTable>> = {}, secure = true): Promise<Shopper> {
  serial += 1;
  const id = await insertUser(api.db, { ...KNOWN_USER, payment_method: 'NONE', email: `pay${serial}@example.com`, ...overrides });
  const token = `payment-session-${serial}-${Date.now()}`;
  const hour = new Date(api.clock.now.getTime() + 3600_000);
  await insertSession(api.db, { token, userId: id, expiresAt: new Date(api.clock.now.getTime() + 86400_000), secureUntil: secure ? hour : null });
  return { id, cookie: withSession(token) };
}

/** Opens the hosted page for `shopper` and answers its form; returns the gateway's reply. */
export async function submitCard(api: AccountApi, shopper: Shopper, card: Record<string, string>, retUrl = '/mypage/profile/payment') {
  const start = await request(api.app).get('/api/credit').query({ retUrl }).set('cookie', shopper.cookie);
  if (start.status !== 200) throw new Error(`GET /api/credit answered ${start.status}`);
  const url = (start.body as { url: string }).url;
  const form = { cardNumber: '', expiry: FUTURE_EXPIRY, cvc: '123', holder: 'HANAKO OSHINO', ...card };
  const post = await request(api.app).post(url).type('form').send(form);
  return { url, post };
}

/** Follows the gateway's redirect back to the shop with the shopper's session. */
export async function followBack(api: AccountApi, shopper: Shopper, location: string) {
  return request(api.app).get(location).set('cookie', shopper.cookie);
}

/** Registers `cardNumber` end to end (3-D Secure answered with `otp` when asked). */
export async function registerCard(api: AccountApi, shopper: Shopper, cardNumber: string, otp = '123456') {
  const { url, post } = await submitCard(api, shopper, { cardNumber, cvc: cardNumber.startsWith('37') ? '1234' : '123' });
  let location = post.headers.location as string | undefined;
  if (post.status === 303 && location === `${url}/3ds`) {
    const challenge = await request(api.app).post(`${url}/3ds`).type('form').send({ otp });
    location = challenge.headers.location as string | undefined;
  }
  if (post.status !== 303 || !location) return { post, back: null };
  return { post, back: await followBack(api, shopper, location) };
}
