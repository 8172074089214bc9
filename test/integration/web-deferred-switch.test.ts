import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { DEFERRED_OFF_MESSAGE } from '../../shared/deferred-switch.ts';
import { href } from '../../shared/routes.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/** The payment page with DEFERRED_PAYMENT=off, server-rendered: no GMO後払い, and a GMOAB shopper is asked to choose a card. */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ seed: false, env: { DEFERRED_PAYMENT: 'off' } });
});
afterAll(async () => stack?.close());

async function signedIn(email: string, method: string): Promise<string> {
  const db = stack.database.handle.db;
  const userId = await insertUser(db, { ...KNOWN_USER, email });
  await db.updateTable('users').set({ payment_method: method }).where('id', '=', userId).execute();
  const token = `${email.split('@')[0]}-session-0123456789abcdef`;
  const now = Date.now();
  await insertSession(db, { token, userId, expiresAt: new Date(now + 86_400_000), secureUntil: new Date(now + 1_800_000) });
  return `${SESSION_COOKIE}=${token}`;
}

describe('/mypage/profile/payment with deferred payment off', () => {
  it('asks a GMOAB shopper to choose a card and offers no GMO後払い', async () => {
    const page = await request(stack.web).get(href('profilePayment')).set('cookie', await signedIn('gmoab-off@example.com', 'GMOAB')).expect(200);
    expect(page.text).toContain(DEFERRED_OFF_MESSAGE.ja);
    expect(page.text).not.toContain('payment-deferred-heading');
  });

  it('shows a card shopper no notice and no GMO後払い either', async () => {
    const page = await request(stack.web).get(href('profilePayment')).set('cookie', await signedIn('card-off@example.com', 'CARD')).expect(200);
    expect(page.text).not.toContain(DEFERRED_OFF_MESSAGE.ja);
    expect(page.text).not.toContain('payment-deferred-heading');
  });

  it('tells the browser through the public config', async () => {
    const page = await request(stack.web).get(href('home')).expect(200);
    expect(page.text).toContain('"deferredPayment":false');
  });
});
