import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { SHOPPER_PAYMENT_METHOD_TEXTS } from '../../shared/shopper-payment.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/** The payment page without JavaScript (issue 34): 毎回コンビニ / 毎回PayPay by a plain form post, no card needed. */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ seed: false });
});
afterAll(async () => stack?.close());

async function signedIn(email: string): Promise<string> {
  const db = stack.database.handle.db;
  const userId = await insertUser(db, { ...KNOWN_USER, email, payment_method: 'NONE' });
  const token = `${email.split('@')[0]}-session-0123456789abcdef`;
  const now = Date.now();
  await insertSession(db, { token, userId, expiresAt: new Date(now + 86_400_000), secureUntil: new Date(now + 1_800_000) });
  return `${SESSION_COOKIE}=${token}`;
}

const post = (cookie: string, fields: Record<string, string>) =>
  request(stack.web).post(href('profilePayment')).type('form').set('sec-fetch-site', 'same-origin').set('cookie', cookie).send(fields);
const methodOf = async (email: string) =>
  (await stack.database.handle.db.selectFrom('users').select('payment_method').where('email', '=', email).executeTakeFirstOrThrow()).payment_method;

describe('/mypage/profile/payment: konbini and PayPay without JavaScript', () => {
  it('shows both choices with what they mean, beside the card', async () => {
    const page = await request(stack.web).get(href('profilePayment')).set('cookie', await signedIn('shopper-page@example.com')).expect(200);
    for (const texts of Object.values(SHOPPER_PAYMENT_METHOD_TEXTS)) {
      expect(page.text).toContain(texts.label.ja);
      expect(page.text).toContain(texts.means.ja);
    }
    expect(page.text).toContain('name="intent" value="konbini"');
    expect(page.text).toContain('name="intent" value="paypay"');
  });

  it('a form post chooses konbini with no card, says so, and the history names it; then PayPay', async () => {
    const cookie = await signedIn('shopper-form@example.com');
    const chosen = await post(cookie, { intent: 'konbini' }).expect(303);
    expect(chosen.headers.location).toBe(`${href('profilePayment')}?done=KONBINI`);
    expect(await methodOf('shopper-form@example.com')).toBe('KONBINI');
    const page = await request(stack.web).get(chosen.headers.location as string).set('cookie', cookie).expect(200);
    expect(page.text).toContain('お支払い方法を「毎回コンビニで支払う」にしました。');
    expect(page.text).toMatch(/現在のお支払い方法(<!-- -->)?: <strong>コンビニ払い<\/strong>/);
    expect(page.text).toContain('<td>コンビニ払い</td>');
    await post(cookie, { intent: 'paypay' }).expect(303);
    expect(await methodOf('shopper-form@example.com')).toBe('PAYPAY');
  });

  it('an unknown intent is a 400 that says what to do, and nothing changes', async () => {
    const cookie = await signedIn('shopper-bad@example.com');
    const res = await post(cookie, { intent: 'bitcoin' }).expect(400);
    expect(res.text).toContain('操作を選んでください。');
    expect(await methodOf('shopper-bad@example.com')).toBe('NONE');
  });
});
