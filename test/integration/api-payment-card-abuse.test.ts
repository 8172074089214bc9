import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_TRIES } from '../../api/payment/sandbox/card-tries.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { DAY, MINUTE, withSession, type AccountApi } from './api-account-fixtures.ts';
import { expectApiError, insertSession } from './api-fixtures.ts';
import { addShopper, followBack, FUTURE_EXPIRY, startPaymentApi, type Shopper } from './api-payment-fixtures.ts';

/**
 * Card testing (issue 17): 300 numbers tried on one registration, 100 registrations in 2.9 s.
 * Now 5 numbers per registration, then it is dead; registrations per user and per client per
 * hour in front of the provider (429 RATE_LIMITED, §8 "wait and retry"). Each test comes from its
 * own client address (the API trusts loopback's X-Forwarded-For), so the per-client counts of one
 * test do not spill into another.
 */
let api: AccountApi;
beforeAll(async () => {
  api = await startPaymentApi();
});
afterAll(async () => api.close());

const RETURN = '/mypage/profile/payment';
const BAD_NUMBER = '4242424242424241'; // fails the Luhn check
/** The policy (api/throttle/throttle.service.ts THROTTLE_RULES), written out so the test states it. */
const cardTries = { limit: 5 };
const cardUser = { limit: 10, windowMs: 60 * MINUTE };
const cardClient = { limit: 30 };

const cardRow = (userId: number) => api.db.selectFrom('user_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();

function start(shopper: Shopper, client: string) {
  return request(api.app).get('/api/credit').query({ retUrl: RETURN }).set('cookie', shopper.cookie).set('x-forwarded-for', client);
}

async function startUrl(shopper: Shopper, client: string): Promise<string> {
  const res = await start(shopper, client);
  expect(res.status).toBe(200);
  return (res.body as { url: string }).url;
}

function post(url: string, cardNumber: string) {
  return request(api.app).post(url).set('accept', 'text/html').type('form')
    .send({ cardNumber, expiry: FUTURE_EXPIRY, cvc: '123', holder: 'HANAKO OSHINO' });
}

describe('numbers tried on one registration', () => {
  it(`takes ${cardTries.limit} tries; the last failed one ends it and the next is refused even with a valid card`, async () => {
    const shopper = await addShopper(api);
    const url = await startUrl(shopper, '198.51.100.1');
    for (let i = 1; i < cardTries.limit; i += 1) expect((await post(url, BAD_NUMBER)).status).toBe(400);
    const last = await post(url, BAD_NUMBER);
    expect(last.status).toBe(429);
    expect(last.text).toContain(TOO_MANY_TRIES.ja);
    expect(last.text).toContain(TOO_MANY_TRIES.en);
    expect(last.text).not.toContain('name="cardNumber"');
    const sixth = await post(url, '4242424242424242');
    expect(sixth.status).toBe(410);
    expect(sixth.text).toContain(TOO_MANY_TRIES.ja);
    // The page says so on a reload too, and offers the way back to start again.
    const page = await request(api.app).get(url).set('accept', 'text/html');
    expect(page.status).toBe(410);
    expect(page.text).toContain('ショップに戻ってやり直す / Return to the shop and start again');
    const back = /<a class="cancel" href="([^"]+)"/.exec(page.text)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(back).toMatch(/^\/api\/credit-confirm\?/);
    expect((await followBack(api, shopper, back)).headers.location).toBe(`${RETURN}?card=declined`);
    expect(await cardRow(shopper.id)).toBeUndefined();
    // A script reading JSON is told in the API's error shape.
    expectApiError(await request(api.app).post(url).type('form').send({ cardNumber: '4242424242424242' }), 410, 'RATE_LIMITED');
    // A new registration starts afresh.
    const again = await post(await startUrl(shopper, '198.51.100.1'), '4242424242424242');
    expect(again.status).toBe(303);
    expect((await followBack(api, shopper, String(again.headers.location))).headers.location).toBe(`${RETURN}?card=registered`);
  });

  it('a valid card on the last try still registers', async () => {
    const shopper = await addShopper(api);
    const url = await startUrl(shopper, '198.51.100.2');
    for (let i = 1; i < cardTries.limit; i += 1) expect((await post(url, BAD_NUMBER)).status).toBe(400);
    const last = await post(url, '5555555555554444');
    expect(last.status).toBe(303);
    await followBack(api, shopper, String(last.headers.location));
    expect((await cardRow(shopper.id))?.last4).toBe('4444');
  });

  it('tries sent at once are counted together: at most the limit are read', async () => {
    const shopper = await addShopper(api);
    const url = await startUrl(shopper, '198.51.100.3');
    const answers = await Promise.all(Array.from({ length: 30 }, () => post(url, BAD_NUMBER)));
    const read = answers.filter((res) => res.status === 400).length;
    expect(read).toBe(cardTries.limit - 1);
    expect(answers.every((res) => [400, 410, 429].includes(res.status))).toBe(true);
    expect((await post(url, '4242424242424242')).status).toBe(410);
  });
});

describe('registrations per user and per client', () => {
  it(`a user starts ${cardUser.limit} an hour, then 429 with the §8 "wait and retry" message; an hour later again`, async () => {
    const shopper = await addShopper(api);
    for (let i = 0; i < cardUser.limit; i += 1) expect((await start(shopper, '198.51.100.10')).status).toBe(200);
    const refused = expectApiError(await start(shopper, '198.51.100.11'), 429, 'RATE_LIMITED');
    expect(refused.message).toBe(MESSAGES.retryLater.ja);
    expect(refused.messageEn).toBe(MESSAGES.retryLater.en);
    // Another user from the same client is not held back by this user's count.
    expect((await start(await addShopper(api), '198.51.100.10')).status).toBe(200);
    api.clock.advance(cardUser.windowMs);
    // The hour also ended the session's password re-check: the shopper proves it again.
    const token = `abuse-${shopper.id}-${Date.now()}`;
    await insertSession(api.db, { token, userId: shopper.id, expiresAt: new Date(api.clock.now.getTime() + DAY), secureUntil: new Date(api.clock.now.getTime() + 60 * MINUTE) });
    expect((await start({ ...shopper, cookie: withSession(token) }, '198.51.100.10')).status).toBe(200);
  });

  it(`one client starts ${cardClient.limit} an hour across users, then 429; another client is not affected`, async () => {
    const client = '198.51.100.20';
    let started = 0;
    while (started < cardClient.limit) {
      const shopper = await addShopper(api);
      for (let i = 0; i < cardUser.limit && started < cardClient.limit; i += 1, started += 1) expect((await start(shopper, client)).status).toBe(200);
    }
    const fresh = await addShopper(api);
    const refused = expectApiError(await start(fresh, client), 429, 'RATE_LIMITED');
    expect(refused.message).toBe(MESSAGES.retryLater.ja);
    expect((await start(fresh, '198.51.100.21')).status).toBe(200);
  });

  it('100 registrations sent at once by one user: only the hourly limit gets a page', async () => {
    const shopper = await addShopper(api);
    const answers = await Promise.all(Array.from({ length: 100 }, () => start(shopper, '198.51.100.30')));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(cardUser.limit);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(100 - cardUser.limit);
    const rows = await api.db.selectFrom('sandbox_card_registrations').select('id').where('user_id', '=', shopper.id).execute();
    expect(rows).toHaveLength(cardUser.limit);
  });
});

describe('logs', () => {
  it('no log line carries a registration id (paths, return URLs, redirects)', async () => {
    const shopper = await addShopper(api);
    const client = '198.51.100.40';
    const url = await startUrl(shopper, client);
    const id = url.split('/').pop() ?? '';
    expect(id).toMatch(/^reg_/);
    const challenge = await post(url, '4000000000003220');
    expect(challenge.headers.location).toBe(`${url}/3ds`);
    await request(api.app).get(`${url}/3ds`);
    const done = await request(api.app).post(`${url}/3ds`).type('form').send({ otp: '123456' });
    await followBack(api, shopper, String(done.headers.location));
    expect(String(done.headers.location)).toContain(id);
    const text = api.logs.join('\n');
    expect(text).toContain('/api/sandbox/card/[redacted]');
    expect(text).not.toContain(id);
    expect(text).not.toMatch(/reg_[A-Za-z0-9_-]{22}/);
  });
});
