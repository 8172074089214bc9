import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import type { ShipmentReport } from '../../api/billing/shipments.ts';
import type { BillingSummary } from '../../api/billing/run-billing.ts';
import {
  historiesOf, newShopper, seedCatalogue, startSubscriptionApi, subscribe,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { billingContext } from './billing-fixtures.ts';

/**
 * Issue 9's operator commands through the operator endpoint (what `npm run ops` calls on the
 * embedded database): shipment files applied once, refusals with reasons, who may call it.
 */
let api: AccountApi;
let shop: Catalogue;
let a: Shopper;
let g: Shopper;
let e: Shopper;
const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';

const shipments = (mode: 'import' | 'delivered', csv: string) =>
  request(api.app).post(`/ops/shipments/${mode}`).set('content-type', 'text/csv').send(csv);
const historyOf = async (who: Shopper) => (await historiesOf(api, who.userId))[0]!;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
  [a, g, e] = [await newShopper(api), await newShopper(api), await newShopper(api)];
  for (const who of [a, g, e]) expect((await subscribe(api, who, { planId: shop.light })).status).toBe(201);
  // e's charge failed (as a declined billing round would be): nothing to ship.
  await api.db.updateTable('plan_order_histories').set({ payment_status: 'ERROR' }).where('user_id', '=', e.userId).execute();
}, 60_000);
afterAll(async () => api?.close());

describe('shipments import and delivered', () => {
  let csv: string;

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
    expect(report.refused).toEqual([
      { line: 4, reason: 'no such order (or it was cancelled)' },
      { line: 5, reason: 'not paid (status ERROR)' },
      { line: 6, reason: expect.stringContaining('trackingNumber') },
      { line: 7, reason: 'no such order (or it was cancelled)' },
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
    expect(shippedMails).toHaveLength(2);
  });

  it('refuses another tracking number for a box already shipped', async () => {
    const res = await shipments('import', `orderHistoryId,trackingNumber,carrier\n${(await historyOf(a)).id},555566667777,yamato\n`);
    expect(res.body).toMatchObject({ applied: 0, refused: [{ line: 2, reason: 'already shipped with tracking number 1234-5678-9012' }] });
  });

  it('marks boxes delivered once', async () => {
    const file = `orderHistoryId,trackingNumber\n${(await historyOf(a)).id},1234-5678-9012\n${(await historyOf(g)).id},\n${(await historyOf(e)).id},\n`;
    expect((await shipments('delivered', file)).body).toMatchObject({ applied: 2, alreadyApplied: 0, refused: [{ line: 4, reason: 'not shipped (status ERROR)' }] });
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
  it('refuses requests the web tier forwarded and wrong tokens', async () => {
    const forwarded = await request(api.app).post('/ops/billing').set('x-forwarded-for', '203.0.113.9').send({});
    expect(forwarded.status).toBe(403);
    expect(forwarded.body.messageEn).toContain('OPS_TOKEN');
    expect((await request(api.app).post('/ops/billing').set('authorization', 'Bearer wrong').send({})).status).toBe(403);
  });

  it('lets a caller with OPS_TOKEN in from anywhere', async () => {
    const app = createApiApp({ ...billingContext(api), opsToken: OPS_TOKEN });
    const res = await request(app).post('/ops/billing').set('x-forwarded-for', '203.0.113.9').set('authorization', `Bearer ${OPS_TOKEN}`).send({});
    expect(res.status).toBe(200);
    const lines = res.text.trim().split('\n').map((l) => JSON.parse(l) as { summary?: BillingSummary });
    expect(lines.at(-1)?.summary).toMatchObject({ reserved: 0, charged: 0 });
  });

  it('runs the test clock and refuses one it cannot read', async () => {
    const bad = await request(api.app).post('/ops/billing').send({ now: 'next tuesday' });
    expect(bad.status).toBe(400);
    expect(bad.body.messageEn).toContain('--now');
    const res = await request(api.app).post('/ops/billing').send({ now: '2026-11-28T00:00:00+09:00' });
    const summary = (JSON.parse(res.text.trim().split('\n').at(-1)!) as { summary: BillingSummary }).summary;
    expect(summary.now).toBe('2026-11-27T15:00:00.000Z');
  });
});
