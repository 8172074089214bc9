import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { GATEWAY_SWITCHED_NOTICE } from '../../shared/card-gateway.ts';
import { href } from '../../shared/routes.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/** The payment page, server-rendered, of a shopper whose card was saved at another gateway (issue 20). */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ seed: false });
});
afterAll(async () => stack?.close());

async function shopperWithCardAt(email: string, provider: string): Promise<string> {
  const db = stack.database.handle.db;
  const userId = await insertUser(db, { ...KNOWN_USER, email });
  await db.updateTable('users').set({ payment_method: 'CARD' }).where('id', '=', userId).execute();
  await db.insertInto('user_cards').values({ user_id: userId, token: `tok_${userId}`, brand: 'Visa', last4: '4242', expiry: '12/30', provider, updated_at: new Date() }).execute();
  const token = `${email.split('@')[0]}-session-0123456789abcdef`;
  const now = Date.now();
  await insertSession(db, { token, userId, expiresAt: new Date(now + 86_400_000), secureUntil: new Date(now + 1_800_000) });
  return `${SESSION_COOKIE}=${token}`;
}

describe('/mypage/profile/payment after a switch of gateway', () => {
  it('asks to register the card again, in Japanese and English', async () => {
    const cookie = await shopperWithCardAt('old-gateway@example.com', 'stripe');
    const page = await request(stack.web).get(href('profilePayment')).set('cookie', cookie).expect(200);
    expect(page.text).toContain(GATEWAY_SWITCHED_NOTICE.ja);
    expect(page.text).not.toContain('4242');
    const en = await request(stack.web).get(`${href('profilePayment')}?lang=en`).set('cookie', cookie).expect(200);
    expect(en.text).toContain(GATEWAY_SWITCHED_NOTICE.en);
  });

  it('says nothing of it for a card of the running gateway', async () => {
    const cookie = await shopperWithCardAt('same-gateway@example.com', 'sandbox');
    const page = await request(stack.web).get(href('profilePayment')).set('cookie', cookie).expect(200);
    expect(page.text).not.toContain(GATEWAY_SWITCHED_NOTICE.ja);
    expect(page.text).toContain('4242');
  });
});
