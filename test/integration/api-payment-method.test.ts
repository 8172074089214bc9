import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertDeferredLimit } from '../../api/payment/deferred.service.ts';
import { DEFERRED_LIMIT_MESSAGE, GUARDIAN_CONSENT_REQUIRED } from '../../shared/deferred-payment.ts';
import type { AccountApi } from './api-account-fixtures.ts';
import { expectApiError } from './api-fixtures.ts';
import { addShopper, registerCard, startPaymentApi, type Shopper } from './api-payment-fixtures.ts';

let api: AccountApi;
beforeAll(async () => {
  api = await startPaymentApi();
});
afterAll(async () => api.close());

const choose = (shopper: Shopper, body: object) => request(api.app).put('/api/paymentMethod').set('cookie', shopper.cookie).send(body);
const methodOf = async (id: number) =>
  (await api.db.selectFrom('users').select('payment_method').where('id', '=', id).executeTakeFirstOrThrow()).payment_method;

describe('PUT /api/paymentMethod: GMOAB', () => {
  it('an adult with a full profile passes screening once and switches; the history says so', async () => {
    const shopper = await addShopper(api);
    const res = await choose(shopper, { paymentMethod: 'GMOAB' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ paymentMethod: 'GMOAB' });
    expect(await methodOf(shopper.id)).toBe('GMOAB');
    const screenings = await api.db.selectFrom('sandbox_screenings').selectAll().where('user_id', '=', shopper.id).execute();
    expect(screenings).toHaveLength(1);
    const history = await request(api.app).get('/api/paymentMethodHistory').set('cookie', shopper.cookie);
    expect(history.body).toEqual([expect.objectContaining({ paymentMethod: 'GMOAB', cardLast4: null })]);
    // Screening is on first use only.
    await registerCard(api, shopper, '4242424242424242');
    expect((await choose(shopper, { paymentMethod: 'GMOAB' })).status).toBe(200);
    expect(await api.db.selectFrom('sandbox_screenings').selectAll().where('user_id', '=', shopper.id).execute()).toHaveLength(1);
  });

  it('tel 09000000000 is declined by screening (402) and the method stays as it was', async () => {
    const shopper = await addShopper(api, { tel: '09000000000' });
    const res = await choose(shopper, { paymentMethod: 'GMOAB' });
    const body = expectApiError(res, 402, 'PAYMENT_DECLINED');
    expect(body.message).toContain('審査の結果');
    expect(body.messageEn).toContain('not approved');
    expect(await methodOf(shopper.id)).toBe('NONE');
  });

  it('a minor (from the birthday, Asia/Tokyo) needs guardianConsent', async () => {
    // The clock is 2026-11-22 12:00 JST: born 2008-11-23 is still 17, born 2008-11-22 is 18 today.
    const minor = await addShopper(api, { birthday: '2008-11-23' });
    const refused = expectApiError(await choose(minor, { paymentMethod: 'GMOAB' }), 400, 'BAD_REQUEST', ['guardianConsent']);
    expect(refused.message).toBe(GUARDIAN_CONSENT_REQUIRED.ja);
    expect((await choose(minor, { paymentMethod: 'GMOAB', guardianConsent: true })).status).toBe(200);
    const row = await api.db.selectFrom('payment_method_histories').select('guardian_consent').where('user_id', '=', minor.id).executeTakeFirstOrThrow();
    expect(row.guardian_consent).toBe(true);
    const adult = await addShopper(api, { birthday: '2008-11-22' });
    expect((await choose(adult, { paymentMethod: 'GMOAB' })).status).toBe(200);
  });

  it('an incomplete profile is refused naming the missing fields', async () => {
    const shopper = await addShopper(api, { tel: '', birthday: null });
    expectApiError(await choose(shopper, { paymentMethod: 'GMOAB' }), 400, 'BAD_REQUEST', ['tel', 'birthday']);
  });
});

describe('PUT /api/paymentMethod: KONBINI and PAYPAY (issue 34)', () => {
  it('needs no card, no profile and no screening; the history names each, without a card', async () => {
    const shopper = await addShopper(api, { tel: '', birthday: null });
    const konbini = await choose(shopper, { paymentMethod: 'KONBINI' });
    expect(konbini.status).toBe(200);
    expect(konbini.body).toEqual({ paymentMethod: 'KONBINI' });
    expect(await methodOf(shopper.id)).toBe('KONBINI');
    expect((await choose(shopper, { paymentMethod: 'PAYPAY' })).body).toEqual({ paymentMethod: 'PAYPAY' });
    expect(await methodOf(shopper.id)).toBe('PAYPAY');
    expect(await api.db.selectFrom('sandbox_screenings').selectAll().where('user_id', '=', shopper.id).execute()).toHaveLength(0);
    const history = await request(api.app).get('/api/paymentMethodHistory').set('cookie', shopper.cookie);
    expect(history.body).toEqual([
      expect.objectContaining({ paymentMethod: 'PAYPAY', cardBrand: null, cardLast4: null }),
      expect.objectContaining({ paymentMethod: 'KONBINI', cardBrand: null, cardLast4: null }),
    ]);
  });

  it('a minor chooses konbini without a guardian\'s consent (nothing is lent: she pays before the round)', async () => {
    const minor = await addShopper(api, { birthday: '2010-01-01' });
    expect((await choose(minor, { paymentMethod: 'KONBINI' })).status).toBe(200);
    expect(await methodOf(minor.id)).toBe('KONBINI');
  });

  it('a bad value is refused naming paymentMethod, in Japanese and English, and the method stays', async () => {
    const shopper = await addShopper(api);
    await choose(shopper, { paymentMethod: 'KONBINI' });
    const lower = expectApiError(await choose(shopper, { paymentMethod: 'konbini' }), 400, 'BAD_REQUEST', ['paymentMethod']);
    expect(lower.message).toBe('支払い方法が存在しません。');
    const none = expectApiError(await choose(shopper, { paymentMethod: 'NONE' }), 400, 'BAD_REQUEST', ['paymentMethod']);
    expect(none.message).toContain('毎回コンビニで支払う');
    expect(none.messageEn).toContain('convenience store');
    expectApiError(await choose(shopper, { paymentMethod: 123 }), 400, 'BAD_REQUEST', ['paymentMethod']);
    expect(await methodOf(shopper.id)).toBe('KONBINI');
  });
});

describe('PUT /api/paymentMethod: refusals', () => {
  it('an unknown method is a 400 "payment method does not exist" (docs/spec.md §3), never a 500', async () => {
    const shopper = await addShopper(api);
    const body = expectApiError(await choose(shopper, { paymentMethod: 'BITCOIN' }), 400, 'BAD_REQUEST', ['paymentMethod']);
    expect(body.message).toBe('支払い方法が存在しません。');
    expectApiError(await choose(shopper, { paymentMethod: 'NONE' }), 400, 'BAD_REQUEST', ['paymentMethod']);
    expectApiError(await choose(shopper, { paymentMethod: 'GMOAB', extra: 1 }), 400, 'BAD_REQUEST', ['extra']);
  });

  it('CARD without a registered card is 409; with one it switches back and records the card', async () => {
    const shopper = await addShopper(api);
    expectApiError(await choose(shopper, { paymentMethod: 'CARD' }), 409, 'PAYMENT_METHOD_REQUIRED');
    await registerCard(api, shopper, '5555555555554444');
    await choose(shopper, { paymentMethod: 'GMOAB' });
    expect((await choose(shopper, { paymentMethod: 'CARD' })).status).toBe(200);
    const history = await request(api.app).get('/api/paymentMethodHistory').set('cookie', shopper.cookie);
    expect((history.body as { paymentMethod: string }[]).map((h) => h.paymentMethod)).toEqual(['CARD', 'GMOAB', 'CARD']);
    expect(history.body[0]).toEqual(expect.objectContaining({ cardBrand: 'Mastercard', cardLast4: '4444' }));
  });

  it('without the re-check 403 REAUTH_REQUIRED; signed out 401', async () => {
    const shopper = await addShopper(api, {}, false);
    expectApiError(await choose(shopper, { paymentMethod: 'GMOAB' }), 403, 'REAUTH_REQUIRED');
    expectApiError(await request(api.app).put('/api/paymentMethod').send({ paymentMethod: 'GMOAB' }), 401, 'UNAUTHORIZED');
    expectApiError(await request(api.app).get('/api/paymentMethodHistory'), 401, 'UNAUTHORIZED');
    expectApiError(await request(api.app).get('/api/credit-info'), 401, 'UNAUTHORIZED');
  });
});

describe('assertDeferredLimit (for checkout)', () => {
  it('allows up to 55,000 yen unpaid in total and refuses one yen more with the JA/EN message', async () => {
    const shopper = await addShopper(api);
    await expect(assertDeferredLimit(api.db, shopper.id, 55_000)).resolves.toBeUndefined();
    await expect(assertDeferredLimit(api.db, shopper.id, 55_001)).rejects.toMatchObject({ status: 409, text: DEFERRED_LIMIT_MESSAGE });
  });
});
