import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { createHostAllowList } from '../../shared/allowed-hosts.ts';
import type { ShipmentReport } from '../../api/billing/shipments.ts';
import type { BillingSummary } from '../../api/billing/run-billing.ts';
import type { BillingCommandSummary } from '../../api/ops/ops-commands.ts';
import {
  historiesOf, newShopper, seedCatalogue, startSubscriptionApi, subscribe,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { START } from './api-account-fixtures.ts';
import { billingContext } from './billing-fixtures.ts';

/**
 * Issue 9's operator commands through the operator endpoint (what `npm run ops` calls on the
 * embedded database): shipment files applied once, refusals with reasons, who may call it
 * (issue 17: the token always, and nothing a browser can send from another site).
 */
let api: AccountApi;
let ops: Express;
let shop: Catalogue;
let a: Shopper;
let g: Shopper;
let e: Shopper;
let early: Shopper;
const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';
const BEARER = `Bearer ${OPS_TOKEN}`;
const SHIP_DATE = new Date('2026-12-25T01:00:00Z'); // the open round's (api-user-plan-fixtures.ts)

const shipments = (mode: 'import' | 'delivered', csv: string, options: { early?: boolean } = {}) =>
  request(ops).post(`/ops/shipments/${mode}`).set('authorization', BEARER).send({ csv, ...options });
const historyOf = async (who: Shopper) => (await historiesOf(api, who.userId))[0]!;

beforeAll(async () => {
  api = await startSubscriptionApi();
  ops = createApiApp({ ...billingContext(api), ops: { token: OPS_TOKEN, hosts: ['api.internal:3001'] }, isAllowedHost: createHostAllowList([billingContext(api).publicOrigin], ['api.internal:3001']) });
  shop = await seedCatalogue(api.db);
  [a, g, e, early] = [await newShopper(api), await newShopper(api), await newShopper(api), await newShopper(api)];
  for (const who of [a, g, e, early]) expect((await subscribe(api, who, { planId: shop.light })).status).toBe(201);
  // e's charge failed (as a declined billing round would be): nothing to ship.
  await api.db.updateTable('plan_order_histories').set({ payment_status: 'ERROR' }).where('user_id', '=', e.userId).execute();
}, 60_000);
afterAll(async () => api?.close());

describe('shipment files that would apply nothing', () => {
  it('refuses a file without its header line, and one with no line after it, with a 400 naming the columns', async () => {
    const { id } = await historyOf(a);
    for (const csv of [`${id},1234-5678-9012,yamato\n`, `${id},1234-5678-9012,yamato\n${id},1234-5678-9012,yamato\n`, 'orderHistoryId,trackingNumber,carrier\n', '']) {
      const res = await shipments('import', csv);
      expect(res.status, csv).toBe(400);
      expect(res.body.messageEn, csv).toMatch(/header|no box/);
    }
    const noTracking = await shipments('import', `orderHistoryId,carrier\n${id},yamato\n`);
    expect(noTracking.body.messageEn).toContain('trackingNumber');
    expect(await historyOf(a)).toMatchObject({ payment_status: 'SUCCESS', ship_number: '' });
  });

  it('refuses a box whose round has not reached its ship date, unless the operator says early', async () => {
    const { id } = await historyOf(early);
    const csv = `orderHistoryId,trackingNumber,carrier\n${id},9999-0000-1111,yamato\n`;
    const refused = await shipments('import', csv);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ applied: 0, refused: [{
      line: 2, column: null,
      reason: expect.stringContaining('2行目: このお届け回の発送予定日は 2026/12/25 10:00（日本時間）です。今発送済みにするには「発送予定日より前でも発送済みにする」にチェックを入れて'),
      reasonEn: expect.stringContaining('line 2: the round ships from 2026/12/25 10:00 JST'),
    }] });
    expect(await historyOf(early)).toMatchObject({ payment_status: 'SUCCESS', ship_number: '' });
    expect((await shipments('import', csv, { early: true })).body).toMatchObject({ applied: 1, refused: [] });
    const shipped = await historyOf(early);
    expect(shipped).toMatchObject({ payment_status: 'COMPLETEMAIL', ship_number: '9999-0000-1111' });
    // Shipped before the warehouse list took it: it passed through WAITING (docs/decisions/0021-payment-status-moves.md).
    expect(shipped.waiting_at).toEqual(shipped.shipped_at);
  });
});

describe('shipments import and delivered', () => {
  let csv: string;
  beforeAll(() => {
    api.clock.now = SHIP_DATE;
  });
  afterAll(() => {
    api.clock.now = START;
  });

  it('ships each named box once, mails its tracking link, and refuses the rest with a reason', async () => {
    const aRow = await historyOf(a);
    const eRow = await historyOf(e);
    csv = [
      'orderHistoryId,email,roundId,trackingNumber,carrier',
      `${aRow.id},,,1234-5678-9012,yamato`,
      `,${g.email},${shop.openRound.light},987654321098,sagawa`,
      '999999,,,111122223333,yamato',
      `${eRow.id},,,222233334444,yamato`,
      `${aRow.id},,,x,yamato`,
      `,nobody@example.com,${shop.openRound.light},333344445555,japanpost`,
    ].join('\n');
    const res = await shipments('import', csv);
    expect(res.status, res.text).toBe(200);
    const report = res.body as ShipmentReport;
    expect(report).toMatchObject({ lines: 6, applied: 2, alreadyApplied: 0, mailsSent: 2 });
    // Each refusal in Japanese and English, naming the line and the column as the file names it.
    expect(report.refused).toEqual([
      { line: 4, column: 'orderHistoryId', reason: '4行目「orderHistoryId」列: この注文番号の注文はありません（キャンセル済みの可能性があります）。', reasonEn: 'line 4, column "orderHistoryId": no such order (or it was cancelled).' },
      { line: 5, column: 'orderHistoryId', reason: '5行目「orderHistoryId」列: この注文は支払いが済んでいないため発送できません（状態 ERROR）。', reasonEn: 'line 5, column "orderHistoryId": not paid (payment status ERROR): it cannot ship.' },
      { line: 6, column: 'trackingNumber', reason: '6行目「trackingNumber」列: 追跡番号は半角の英数字とハイフンで6〜30文字です。', reasonEn: 'line 6, column "trackingNumber": a tracking number is 6–30 letters, digits or hyphens.' },
      { line: 7, column: 'email', reason: expect.stringContaining('7行目「email」列: この注文番号の注文はありません'), reasonEn: expect.stringContaining('line 7, column "email"') },
    ]);
    expect(await historyOf(a)).toMatchObject({ payment_status: 'COMPLETEMAIL', ship_number: '1234-5678-9012', carrier: 'yamato' });
    expect((await historyOf(a)).shipped_at).not.toBeNull();
    expect(await historyOf(g)).toMatchObject({ payment_status: 'COMPLETEMAIL', ship_number: '987654321098', carrier: 'sagawa' });
    const mail = await api.mailbox.waitFor(a.email, (m) => m.subject.includes('発送しました'));
    expect(mail.subject).toContain('12月号');
    expect(mail.text).toContain('1234-5678-9012');
    expect(mail.text).toContain('https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=123456789012');
  });

  it('changes nothing when the same file is imported again', async () => {
    const res = await shipments('import', csv);
    expect(res.body).toMatchObject({ applied: 0, alreadyApplied: 2, mailsSent: 0 });
    expect((res.body as ShipmentReport).refused).toHaveLength(4);
    const shippedMails = await api.db.selectFrom('billing_mails').select('key').where('kind', '=', 'shipped').execute();
    expect(shippedMails).toHaveLength(3); // a's and g's, and the box shipped early above

  });

  it('refuses another tracking number for a box already shipped', async () => {
    const res = await shipments('import', `orderHistoryId,trackingNumber,carrier\n${(await historyOf(a)).id},555566667777,yamato\n`);
    expect(res.body).toMatchObject({ applied: 0, refused: [{ line: 2, column: 'trackingNumber', reason: '2行目「trackingNumber」列: この注文は追跡番号 1234-5678-9012 で発送済みです。' }] });
  });

  it('marks boxes delivered once', async () => {
    const file = `orderHistoryId,trackingNumber\n${(await historyOf(a)).id},1234-5678-9012\n${(await historyOf(g)).id},\n${(await historyOf(e)).id},\n`;
    expect((await shipments('delivered', file)).body).toMatchObject({ applied: 2, alreadyApplied: 0, refused: [{ line: 4, column: 'orderHistoryId', reasonEn: 'line 4, column "orderHistoryId": not shipped (payment status ERROR).' }] });
    expect(await historyOf(a)).toMatchObject({ payment_status: 'DELIVERED' });
    expect((await historyOf(a)).delivered_at).not.toBeNull();
    expect((await shipments('delivered', file)).body).toMatchObject({ applied: 0, alreadyApplied: 2 });
  });

  it('answers a file that is not CSV with a 400 in both languages', async () => {
    const res = await shipments('import', 'orderHistoryId,trackingNumber\n"unterminated,1\n');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: expect.stringContaining('CSV'), messageEn: expect.stringContaining('CSV') });
  });
});

describe('operator endpoint', () => {
  const billing = () => request(ops).post('/ops/billing');
  const lastLine = (text: string) => JSON.parse(text.trim().split('\n').at(-1)!) as { summary?: BillingSummary };

  it('refuses a text/plain post from another site (what a web page on this machine can send without a preflight)', async () => {
    const res = await billing().set('content-type', 'text/plain').set('origin', 'https://evil.example').send('{}');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', messageEn: expect.stringContaining('another site') });
  });

  it.each([
    ['application/x-www-form-urlencoded', 'round=1'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="round"\r\n\r\n1\r\n--x--\r\n'],
    ['text/plain', '{}'],
    ['text/csv', 'orderHistoryId,trackingNumber\n1,123456\n'],
  ])('refuses a %s body with 415 on every route, even with the token', async (type, body) => {
    for (const path of ['/ops/billing', '/ops/shipments/import', '/ops/shipments/delivered', '/ops/catalogue', '/ops/catalogue/with-media']) {
      const res = await request(ops).post(path).set('authorization', BEARER).set('content-type', type).send(body);
      expect(res.status, path).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('refuses a catalogue with pictures whose body is not the shape the command line sends, with a 400 naming the field', async () => {
    const res = await request(ops).post('/ops/catalogue/with-media').set('authorization', BEARER).send({ file: '{}', media: [{ path: 'a.svg' }] });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(['media.0.base64']);
  });

  it('refuses a post without a body (a simple request too) with 415', async () => {
    expect((await billing().set('authorization', BEARER)).status).toBe(415);
  });

  it.each(['cross-site', 'same-site', 'none'])('refuses Sec-Fetch-Site: %s with 403, even with the token and JSON', async (site) => {
    const res = await billing().set('authorization', BEARER).set('sec-fetch-site', site).send({});
    expect(res.status).toBe(403);
  });

  it.each(['https://evil.example', 'null', 'http://localhost:3000'])('refuses Origin: %s with 403, even with the token and JSON', async (origin) => {
    const res = await billing().set('authorization', BEARER).set('origin', origin).send({});
    expect(res.status).toBe(403);
  });

  it.each(['rebind.attacker.example', 'rebind.attacker.example:3001', '127.0.0.1.nip.io', 'localhost:1'])('answers Host: %s with 421 (DNS rebinding), even with the token', async (host) => {
    const res = await billing().set('host', host).set('authorization', BEARER).send({});
    expect(res.status).toBe(421);
    // The API's Host allow-list answers a foreign name first; the operator guard, a loopback name at another port.
    expect(res.body).toMatchObject({ code: 'MISDIRECTED_REQUEST' });
  });

  it('asks for the token even from loopback: none → 401, a wrong one → 403', async () => {
    const none = await billing().send({});
    expect(none.status).toBe(401);
    expect(none.body.messageEn).toContain('OPS_TOKEN');
    expect((await billing().set('authorization', 'Bearer wrong-token-of-the-wrong-length').send({})).status).toBe(403);
    expect((await billing().set('authorization', OPS_TOKEN).send({})).status).toBe(401);
    // An endpoint without a token configured answers no one.
    expect((await request(api.app).post('/ops/billing').set('authorization', BEARER).send({})).status).toBe(403);
  });

  it('lets a caller with the token in: from anywhere, under the API\'s own names, same-origin', async () => {
    const calls = [
      billing().set('authorization', BEARER).set('x-forwarded-for', '203.0.113.9').send({}),
      billing().set('authorization', BEARER).set('host', 'API.internal:3001').send({}),
      billing().set('authorization', BEARER).set('sec-fetch-site', 'same-origin').send({}),
      billing().set('authorization', BEARER).set('content-type', 'application/json; charset=utf-8').send('{}'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.text).toBe(200);
      expect(lastLine(res.text).summary).toMatchObject({ reserved: 0, charged: 0 });
    }
  });

  it('runs the test clock and refuses one it cannot read', async () => {
    const bad = await billing().set('authorization', BEARER).send({ now: 'next tuesday' });
    expect(bad.status).toBe(400);
    expect(bad.body.messageEn).toContain('--now');
    const res = await billing().set('authorization', BEARER).send({ now: '2026-11-28T00:00:00+09:00' });
    expect(lastLine(res.text).summary?.now).toBe('2026-11-27T15:00:00.000Z');
  });

  it('says why nothing was charged and names the next deadline to rehearse (issue 18)', async () => {
    const run = async (body: object) => {
      const res = await billing().set('authorization', BEARER).send(body);
      return lastLine(res.text).summary as BillingCommandSummary;
    };
    const before = await run({ now: '2026-11-28T00:00:00+09:00' });
    expect(before).toMatchObject({ reserved: 0, nothingCharged: 'no round has its deadline before 2026-11-28 00:00 JST; next deadline 2026-12-01 00:00 JST (4 rounds)' });
    // A round nobody subscribes to, at its deadline: reached, but owed by no one.
    const round = shop.nextRound.premium;
    const unowed = await run({ round, now: '2027-01-01T00:01:00+09:00' });
    expect(unowed).toMatchObject({ rounds: 1, reserved: 0 });
    expect(unowed.nothingCharged).toMatch(/^1 round\(s\) reached their deadline, but no subscription owed them .*; no round has a later deadline$/);
    expect((await run({ round, now: '2027-01-01T00:01:00+09:00' })).nothingCharged)
      .toBe('every round whose deadline passed before 2027-01-01 00:01 JST was billed by an earlier run (the latest deadline 2027-01-01 00:00 JST); no round has a later deadline');
  });
});
