import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountApi } from './api-account-fixtures.ts';
import { expectApiError } from './api-fixtures.ts';
import { addShopper, followBack, registerCard, startPaymentApi, submitCard } from './api-payment-fixtures.ts';
import { createSandboxProvider } from '../../api/payment/sandbox/sandbox-provider.ts';

let api: AccountApi;
beforeAll(async () => {
  api = await startPaymentApi();
});
afterAll(async () => api.close());

const RETURN = '/mypage/profile/payment';

const cardRow = (userId: number) => api.db.selectFrom('user_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();

describe('registering the documented test cards', () => {
  it.each([
    ['4242424242424242', 'Visa', '4242'],
    ['5555555555554444', 'Mastercard', '4444'],
    ['3530111333300000', 'JCB', '0000'],
    ['378282246310005', 'American Express', '0005'],
    ['30569309025904', 'Diners Club', '5904'],
  ])('%s registers as %s; the shop keeps token, brand, last 4 and expiry only', async (number, brand, last4) => {
    const shopper = await addShopper(api);
    const { back } = await registerCard(api, shopper, number);
    expect(back?.status).toBe(303);
    expect(back?.headers.location).toBe(`${RETURN}?card=registered`);
    const info = await request(api.app).get('/api/credit-info').query({ userId: shopper.id }).set('cookie', shopper.cookie);
    expect(info.body).toEqual({ registered: true, cardBrand: brand, cardLast4: last4, expiry: '12/30', needsReRegistration: false });
    const row = await cardRow(shopper.id);
    expect(JSON.stringify(row)).not.toContain(number);
    expect(row?.token).toMatch(/^tok_/);
    expect(row?.provider).toBe('sandbox');
    const user = await api.db.selectFrom('users').select('payment_method').where('id', '=', shopper.id).executeTakeFirstOrThrow();
    expect(user.payment_method).toBe('CARD');
    const history = await request(api.app).get('/api/paymentMethodHistory').set('cookie', shopper.cookie);
    expect(history.body).toEqual([expect.objectContaining({ paymentMethod: 'CARD', cardBrand: brand, cardLast4: last4 })]);
  });

  it('4000000000000002 is declined on the hosted page with a message; nothing is stored', async () => {
    const shopper = await addShopper(api);
    const { post } = await submitCard(api, shopper, { cardNumber: '4000000000000002' });
    expect(post.status).toBe(402);
    expect(post.text).toContain('このカードはご利用いただけません');
    expect(post.text).toContain('This card was declined');
    expect(post.text).toContain('name="cardNumber" value=""');
    expect(await cardRow(shopper.id)).toBeUndefined();
  });

  it('4000000000003220 asks for 3-D Secure; 123456 passes', async () => {
    const shopper = await addShopper(api);
    const { url, post } = await submitCard(api, shopper, { cardNumber: '4000000000003220' });
    expect(post.status).toBe(303);
    expect(post.headers.location).toBe(`${url}/3ds`);
    const page = await request(api.app).get(`${url}/3ds`);
    expect(page.text).toContain('name="otp"');
    expect(page.text).toContain('3-Dセキュア');
    const { back } = await registerCard(api, shopper, '4000000000003220', '123456');
    expect(back?.headers.location).toBe(`${RETURN}?card=registered`);
    expect((await cardRow(shopper.id))?.last4).toBe('3220');
  });

  it('4000000000003220: a mistyped one-time password says so on the same page and may be typed again; 123456 then passes', async () => {
    const shopper = await addShopper(api);
    const { url } = await submitCard(api, shopper, { cardNumber: '4000000000003220' });
    const wrong = await request(api.app).post(`${url}/3ds`).type('form').send({ otp: '123465' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('ワンタイムパスワードが正しくありません。もう一度入力してください（あと2回）。');
    expect(wrong.text).toContain('The one-time password is not correct. Please type it again (2 tries left).');
    expect(wrong.text).toContain('name="otp"');
    expect(wrong.text).not.toContain('別のカード');
    expect(await cardRow(shopper.id)).toBeUndefined();
    const right = await request(api.app).post(`${url}/3ds`).type('form').send({ otp: '123456' });
    expect(right.status).toBe(303);
    expect((await followBack(api, shopper, right.headers.location as string)).headers.location).toBe(`${RETURN}?card=registered`);
    expect((await cardRow(shopper.id))?.last4).toBe('3220');
  });

  it('4000000000003220 with a wrong one-time password three times fails; the shop records nothing', async () => {
    const shopper = await addShopper(api);
    const { url } = await submitCard(api, shopper, { cardNumber: '4000000000003220' });
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (const otp of ['000000', '000001', '000002']) {
      last = await request(api.app).post(`${url}/3ds`).type('form').send({ otp });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([400, 400, 303]);
    expect((await followBack(api, shopper, last?.headers.location as string)).headers.location).toBe(`${RETURN}?card=declined`);
    // The challenge is over: a fourth password, even the right one, registers nothing.
    expect((await request(api.app).post(`${url}/3ds`).type('form').send({ otp: '123456' })).status).toBe(410);
    expect(await cardRow(shopper.id)).toBeUndefined();
  });

  it('4000000000000341 registers, and every later charge is declined', async () => {
    const shopper = await addShopper(api);
    await registerCard(api, shopper, '4000000000000341');
    const token = (await cardRow(shopper.id))?.token ?? '';
    // The same gateway state the API used: the sandbox over this database.
    const provider = createSandboxProvider({ db: api.db, now: () => api.clock.now });
    const charge = await provider.charge({ orderKey: `t-${shopper.id}`, userId: shopper.id, amount: 3960, description: 'test', source: { kind: 'card', token } });
    expect(charge.status).toBe('declined');
    expect(charge.declineReason).toContain('拒否');
    // The same order key again: the first answer, no second charge.
    const again = await provider.charge({ orderKey: `t-${shopper.id}`, userId: shopper.id, amount: 3960, description: 'test', source: { kind: 'card', token } });
    expect(again.chargeId).toBe(charge.chargeId);
  });
});

describe('4000000000003063: the sandbox bank asks for 3-D Secure on every charge (issue 30)', () => {
  const RETURN_URL = 'http://127.0.0.1:3000/api/userPlan/authentication/return?userPlanId=1';
  const sandbox = () => createSandboxProvider({ db: api.db, now: () => api.clock.now });
  async function heldCard() {
    const shopper = await addShopper(api);
    const { back } = await registerCard(api, shopper, '4000000000003063', '123456');
    expect(back?.headers.location).toBe(`${RETURN}?card=registered`);
    return { userId: shopper.id, token: (await cardRow(shopper.id))?.token ?? '' };
  }
  const charge = (card: { userId: number; token: string }, orderKey: string, returnUrl?: string) =>
    sandbox().charge({ orderKey, userId: card.userId, amount: 3960, description: 'test', source: { kind: 'card', token: card.token }, ...(returnUrl ? { returnUrl } : {}) });

  it('on-session: the sandbox\'s own page; 123456 pays the charge and returns to the shop, once', async () => {
    const card = await heldCard();
    const held = await charge(card, 'uph-3063-1', RETURN_URL);
    expect(held).toMatchObject({ status: 'action_required', authenticationUrl: `/api/sandbox/charge/${held.chargeId}` });
    const page = await request(api.app).get(held.authenticationUrl ?? '');
    expect(page.status).toBe(200);
    expect(page.text).toContain('¥3,960');
    expect(page.text).toContain('name="otp"');
    const passed = await request(api.app).post(held.authenticationUrl ?? '').type('form').send({ otp: '123456' });
    expect(passed.status).toBe(303);
    expect(passed.headers.location).toBe(RETURN_URL);
    expect((await sandbox().findCharge('uph-3063-1'))?.status).toBe('succeeded');
    expect((await request(api.app).get(held.authenticationUrl ?? '')).status).toBe(404);
    expect(await sandbox().cancelCharge({ chargeId: held.chargeId, orderKey: 'uph-3063-1' })).toBe('succeeded');
  });

  it('a wrong one-time password fails the charge: nothing taken, said in both languages', async () => {
    const card = await heldCard();
    const held = await charge(card, 'uph-3063-2', RETURN_URL);
    await request(api.app).post(held.authenticationUrl ?? '').type('form').send({ otp: '000000' });
    expect(await sandbox().findCharge('uph-3063-2')).toMatchObject({ status: 'declined', declineReason: '本人認証（3-Dセキュア）に失敗しました。' });
  });

  it('off-session (billing): held without a page until the shopper asks; a cancelled charge\'s page takes nothing', async () => {
    const card = await heldCard();
    const held = await charge(card, 'uph-3063-3');
    expect(held.status).toBe('action_required');
    expect(held.authenticationUrl).toBeUndefined();
    const started = await sandbox().startChargeAuthentication({ chargeId: held.chargeId, orderKey: 'uph-3063-3', returnUrl: RETURN_URL });
    expect(started).toEqual({ status: 'redirect', url: `/api/sandbox/charge/${held.chargeId}` });
    expect(await sandbox().cancelCharge({ chargeId: held.chargeId, orderKey: 'uph-3063-3' })).toBe('cancelled');
    expect((await request(api.app).post(`/api/sandbox/charge/${held.chargeId}`).type('form').send({ otp: '123456' })).status).toBe(404);
    expect((await sandbox().findCharge('uph-3063-3'))?.status).toBe('declined');
  });
});

describe('the hosted form refuses bad input with the field named', () => {
  it.each([
    [{ cardNumber: '4242424242424241' }, 'cardNumber', 'カード番号が正しくありません'],
    [{ cardNumber: '6011111111111117' }, 'cardNumber', 'このカードブランドはご利用いただけません'],
    [{ cardNumber: '6200000000000005' }, 'cardNumber', 'Visa, Mastercard, JCB, American Express and Diners Club only'],
    [{ cardNumber: '4242424242424242', expiry: '10/26' }, 'expiry', '有効期限が切れています'],
    [{ cardNumber: '4242424242424242', expiry: '2030-12' }, 'expiry', 'MM/YY'],
    [{ cardNumber: '4242424242424242', cvc: '12' }, 'cvc', 'セキュリティコード'],
    [{ cardNumber: '4242424242424242', holder: '' }, 'holder', 'カード名義'],
  ])('%o → 400 naming %s', async (card, field, message) => {
    const shopper = await addShopper(api);
    const { post } = await submitCard(api, shopper, card);
    expect(post.status).toBe(400);
    expect(post.text).toContain(`aria-describedby="${field}-error"`);
    expect(post.text).toContain(message);
    // The number and CVC are never echoed into the form (the test-card table lists numbers).
    expect(post.text).toContain('name="cardNumber" value=""');
    expect(post.text).toContain('name="cvc" value=""');
  });

  it('the hosted page has its own strict CSP, a test-mode banner and the test cards; JSON is refused', async () => {
    const shopper = await addShopper(api);
    const start = await request(api.app).get('/api/credit').set('cookie', shopper.cookie);
    const page = await request(api.app).get((start.body as { url: string }).url);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'nonce-[^']+'; form-action 'self'; frame-ancestors 'none'/);
    expect(page.text).toContain('テストモード / Test mode');
    for (const n of ['4242424242424242', '4000000000003220', '4000000000000341', '30569309025904']) expect(page.text).toContain(n);
    const json = await request(api.app).post((start.body as { url: string }).url).send({ cardNumber: '4242424242424242' });
    expect(json.status).toBe(415);
  });

  it('a form post from another site is refused before it is read', async () => {
    const shopper = await addShopper(api);
    const start = await request(api.app).get('/api/credit').set('cookie', shopper.cookie);
    const res = await request(api.app).post((start.body as { url: string }).url).set('sec-fetch-site', 'cross-site').type('form').send({ cardNumber: '4242424242424242' });
    expectApiError(res, 403, 'FORBIDDEN');
  });

  it('an unknown or expired registration id is a 404 page', async () => {
    const res = await request(api.app).get('/api/sandbox/card/reg_AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(404);
  });
});

describe('GET /api/credit-confirm trusts only the provider', () => {
  it('another user’s id is 404 and stores nothing', async () => {
    const owner = await addShopper(api);
    const other = await addShopper(api);
    const { post } = await submitCard(api, owner, { cardNumber: '4242424242424242' });
    const location = String(post.headers.location);
    const res = await followBack(api, other, location);
    expectApiError(res, 404, 'NOT_FOUND');
    expect(await cardRow(other.id)).toBeUndefined();
    // The owner's own registration id used by another session for itself: the provider says no.
    const registrationId = new URL(location, 'http://x').searchParams.get('registrationId');
    const stolen = await followBack(api, other, `/api/credit-confirm?userId=${other.id}&retUrl=%2F&registrationId=${registrationId}`);
    expect(stolen.headers.location).toBe('/?card=cancelled');
    expect(await cardRow(other.id)).toBeUndefined();
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])('retUrl %s is refused', async (retUrl) => {
    const shopper = await addShopper(api);
    const res = await request(api.app).get('/api/credit-confirm').query({ userId: shopper.id, retUrl, registrationId: 'reg_x' }).set('cookie', shopper.cookie);
    expectApiError(res, 400, 'BAD_REQUEST', ['retUrl']);
  });

  it('a forged result in the query is refused; an unfinished registration records nothing', async () => {
    const shopper = await addShopper(api);
    const forged = await request(api.app).get('/api/credit-confirm')
      .query({ userId: shopper.id, retUrl: RETURN, registrationId: 'reg_x', token: 'tok_x', brand: 'Visa', last4: '4242' }).set('cookie', shopper.cookie);
    expectApiError(forged, 400, 'BAD_REQUEST');
    const start = await request(api.app).get('/api/credit').set('cookie', shopper.cookie);
    const id = String((start.body as { url: string }).url).split('/').pop();
    const unfinished = await followBack(api, shopper, `/api/credit-confirm?userId=${shopper.id}&retUrl=${encodeURIComponent(RETURN)}&registrationId=${id}`);
    expect(unfinished.headers.location).toBe(`${RETURN}?card=cancelled`);
    expect(await cardRow(shopper.id)).toBeUndefined();
  });

  it('a replayed return URL records the card once', async () => {
    const shopper = await addShopper(api);
    const { post } = await submitCard(api, shopper, { cardNumber: '4242424242424242' });
    await followBack(api, shopper, String(post.headers.location));
    const again = await followBack(api, shopper, String(post.headers.location));
    expect(again.headers.location).toBe(`${RETURN}?card=cancelled`);
    const history = await request(api.app).get('/api/paymentMethodHistory').set('cookie', shopper.cookie);
    expect(history.body).toHaveLength(1);
  });

  it('signed out → 401; /api/credit without the re-check → 403 REAUTH_REQUIRED', async () => {
    expectApiError(await request(api.app).get('/api/credit-confirm').query({ userId: 1, retUrl: '/' }), 401, 'UNAUTHORIZED');
    const shopper = await addShopper(api, {}, false);
    expectApiError(await request(api.app).get('/api/credit').set('cookie', shopper.cookie), 403, 'REAUTH_REQUIRED');
    expectApiError(await request(api.app).get('/api/credit-info').query({ userId: shopper.id + 1000 }).set('cookie', shopper.cookie), 404, 'NOT_FOUND');
  });
});

describe('logs', () => {
  it('no card number, CVC or one-time password reaches a log line', async () => {
    const shopper = await addShopper(api);
    await registerCard(api, shopper, '4000000000003220', '123456');
    await submitCard(api, shopper, { cardNumber: '5555555555554444', cvc: '987' });
    const text = api.logs.join('\n');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of ['4000000000003220', '5555555555554444', '555555555555', '"987"', '123456']) expect(text).not.toContain(secret);
  });
});
