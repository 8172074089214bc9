import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { AUTH_OUTCOME_TEXT } from '../../shared/charge-authentication.ts';
import { href } from '../../shared/routes.ts';
import { seedDeliveryBoxes } from '../support/delivery-boxes.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';
import { AUTH_PAGE_ORIGIN, createAuthenticatingProvider, type AuthenticatingProvider } from './charge-auth-provider.ts';

/**
 * My page's 「本人認証に進む」 as a browser without JavaScript uses it: a form posted to the page's
 * own action, which asks the API for the gateway's page and sends the browser there (issue 20).
 */
let stack: Stack;
let provider: AuthenticatingProvider | undefined;

beforeAll(async () => {
  stack = await startStack({ seed: false, paymentProvider: (deps) => (provider = createAuthenticatingProvider(deps)) });
});
afterAll(async () => stack?.close());

/** A shopper whose charged round is turned into one waiting for authentication. */
async function waitingShopper(email: string) {
  const db = stack.database.handle.db;
  const userId = await insertUser(db, { ...KNOWN_USER, email });
  const token = `${email.split('@')[0]}-session-0123456789abcdef`;
  await insertSession(db, { token, userId, expiresAt: new Date(Date.now() + 86_400_000) });
  await seedDeliveryBoxes(db, userId, KNOWN_USER, email.split('@')[0]!);
  const row = await db.selectFrom('plan_order_histories').select(['id', 'charge_key', 'total']).where('user_id', '=', userId)
    .where('payment_status', '=', 'SUCCESS').executeTakeFirstOrThrow();
  const chargeId = provider!.hold(row.charge_key, row.total);
  await db.updateTable('plan_order_histories').set({ origin: 'billing', payment_status: 'ERROR', paid_at: null, charge_id: chargeId, action_required_at: new Date() })
    .where('id', '=', row.id).execute();
  return { cookie: `${SESSION_COOKIE}=${token}`, historyId: row.id, chargeKey: row.charge_key };
}

const post = (cookie: string, form: Record<string, string>) =>
  request(stack.web).post(href('profile')).type('form').set('sec-fetch-site', 'same-origin').set('cookie', cookie).send(form);

describe('/mypage/profile: a charge that needs authentication, without JavaScript', () => {
  it('shows the action with a form button, and the button sends the browser to the gateway\'s page', async () => {
    const shopper = await waitingShopper('auth-web@example.com');
    const page = await request(stack.web).get(href('profile')).set('cookie', shopper.cookie).expect(200);
    const item = /<li class="overview-action" data-kind="chargeNeedsAuthentication">(.*?)<\/li>/s.exec(page.text)?.[1] ?? '';
    expect(item).toContain('本人認証（3-Dセキュア）を求めています');
    expect(item).toMatch(/<form [^>]*action="\/mypage\/profile" method="post">/);
    expect(item).toContain(`name="historyId" value="${shopper.historyId}"`);
    expect(item).toMatch(/<button type="submit" value="authenticate" [^>]*name="intent">本人認証に進む<\/button>/);
    const sent = await post(shopper.cookie, { intent: 'authenticate', historyId: String(shopper.historyId) }).expect(303);
    expect(sent.headers.location).toBe(`${AUTH_PAGE_ORIGIN}/authenticate/pi_${shopper.chargeKey}`);
  });

  it('shows the gateway\'s refusal on the page (409) and the outcome line after the return', async () => {
    const shopper = await waitingShopper('auth-web-2@example.com');
    provider!.unavailable.add(shopper.chargeKey);
    const refused = await post(shopper.cookie, { intent: 'authenticate', historyId: String(shopper.historyId) }).expect(409);
    expect(refused.text).toContain('本人認証の対象ではありません');
    const paid = await request(stack.web).get(`${href('profile')}?auth=paid`).set('cookie', shopper.cookie).expect(200);
    expect(paid.text).toContain(AUTH_OUTCOME_TEXT.paid.ja);
    const odd = await request(stack.web).get(`${href('profile')}?auth=%3Cb%3E`).set('cookie', shopper.cookie).expect(200);
    expect(odd.text).not.toContain('data-auth=');
  });
});
