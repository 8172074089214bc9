import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelKeySql } from '../../api/parcel/parcels.repository.ts';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import type { CustomerDetail } from '../../shared/api/customers.ts';
import type { StaffDashboard } from '../../shared/api/dashboard.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import type { RoundDetail, StagedImport } from '../../shared/api/rounds.ts';
import type { PlanOrderHistory, Receipt } from '../../shared/api/types.ts';
import { parcelKey } from '../../shared/parcel.ts';
import { SHIPPING_LAYOUTS } from '../../shared/shipping-layouts.ts';
import { binaryBody } from '../support/binary-body.ts';
import { insertSession, TEST_OPS_TOKEN } from './api-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, START, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { addParcelBox, KNOWN_SHIP_TO, seedExportRound, type ExportRound } from './round-export-fixtures.ts';

/**
 * 同梱 on the shipping side (issue 33, docs/decisions/0089-parcels-on-the-carrier-files.md): a fan's
 * boxes of two rounds shipping together are one line of one round's carrier file, the other
 * round's file leaves them out and its page says so; one tracking number ships and delivers them
 * all; the fan's order history and receipt name the parcel; the dashboard counts parcels.
 */
const SHIP_DATE = new Date(START.getTime() - 3_600_000);
const DAY = 86_400_000;
const FAN_SESSION = 'parcel-shipping-fan-session-0123456789';

let api: StaffApi;
let roundA: ExportRound;
let roundB: ExportRound;
const ids = { a: 0, b: 0, alone: 0 };
let staff = '';

const get = (path: string) => request(api.app).get(path).set('cookie', withStaff(staff));
const exportOf = (app: StaffApi, token: string, round: number, layout = 'oshibox') =>
  request(app.app).get(`/api/staff/rounds/export?round=${round}&layout=${layout}`).set('cookie', withStaff(token)).buffer(true).parse(binaryBody);
const rowsOf = (res: request.Response, encoding: 'utf8' | 'cp932') => {
  const text = encoding === 'cp932' ? iconv.decode(res.body as Buffer, 'cp932') : (res.body as Buffer).toString('utf8');
  return parse(text, { bom: true }) as string[][];
};
const fan = (path: string) => request(api.app).get(path).set('cookie', `${SESSION_COOKIE}=${FAN_SESSION}`);

const paidBox = (app: StaffApi, round: ExportRound, userId: number, parcel: { key: string | null; carriesFee: boolean }, shipTo = {}) =>
  addParcelBox(app.db, round, userId, parcel, START, shipTo);

async function staffOf(app: StaffApi, email: string, role: StaffRole = 'fulfilment'): Promise<string> {
  const { secret } = await enrolledStaff(app, email, role);
  return signedIn(app, email, secret);
}

beforeAll(async () => {
  api = await startStaffApi();
  roundA = await seedExportRound(api.db, 'parcel-a', SHIP_DATE, '星乃ミライ');
  roundB = await seedExportRound(api.db, 'parcel-b', SHIP_DATE, '月城レイ');
  // Box A carries the fee with the key billing wrote; box B is an older row: no key, read from its round's ship date.
  ids.a = await paidBox(api, roundA, roundA.userId, { key: parcelKey(SHIP_DATE), carriesFee: true });
  ids.b = await paidBox(api, roundB, roundA.userId, { key: null, carriesFee: false });
  // Another fan's one box in round A: a line as before.
  ids.alone = await paidBox(api, roundA, roundB.userId, { key: null, carriesFee: true }, { name: '推野 次郎' });
  staff = await staffOf(api, 'fulfilment@parcels.example');
  await insertSession(api.db, { token: FAN_SESSION, userId: roundA.userId, expiresAt: new Date(START.getTime() + DAY) });
}, 60_000);
afterAll(async () => api?.close());

describe("a fan's boxes of two rounds shipping the same day", () => {
  it("are one line of the first round's file, naming both boxes, numbered by the lowest box; the other fan's box is its line as before", async () => {
    const res = await exportOf(api, staff, roundA.roundId);
    expect(res.status).toBe(200);
    const [, ...rows] = rowsOf(res, 'utf8');
    expect(rows).toEqual([
      [String(ids.a), '星乃ミライ 12月号 ×1 / 月城レイ 12月号 ×1', '星乃ミライ / 月城レイ', 'スタンダードプラン', '2', KNOWN_SHIP_TO.name, '060-0001',
        KNOWN_SHIP_TO.address, KNOWN_SHIP_TO.address2, '03-1234-5678', '2026/11/22', '', ''],
      [String(ids.alone), '12月号', '星乃ミライ', 'スタンダードプラン', '1', '推野 次郎', '060-0001', KNOWN_SHIP_TO.address, KNOWN_SHIP_TO.address2, '03-1234-5678', '2026/11/22', '', ''],
    ]);
  });

  it("are left out of the other round's file, whose page says which round's file lists them", async () => {
    const [header, ...rows] = rowsOf(await exportOf(api, staff, roundB.roundId), 'utf8');
    expect(header![0]).toBe('注文番号');
    expect(rows).toEqual([]);
    const page = (await get(`/api/staff/rounds/${roundB.roundId}`).expect(200)).body as RoundDetail;
    expect(page.travelElsewhere).toEqual([{ roundId: roundA.roundId, roundName: '12月号', artistName: '星乃ミライ', boxIds: [ids.b] }]);
    expect(((await get(`/api/staff/rounds/${roundA.roundId}`).expect(200)).body as RoundDetail).travelElsewhere).toEqual([]);
  });

  it.each([['yamato-b2', '品名１', 25], ['sagawa-ehiden', '品名１', 16], ['japanpost-yuprir', '品名', 25]] as const)(
    'name both boxes in %s within its %s length, in Shift_JIS', async (layout, column, length) => {
      const res = await exportOf(api, staff, roundA.roundId, layout);
      expect(res.status).toBe(200);
      const [header, ...rows] = rowsOf(res, 'cp932');
      expect(header).toEqual(SHIPPING_LAYOUTS[layout].columns.map((c) => c.label));
      expect(rows).toHaveLength(2);
      const contents = rows[0]![header!.indexOf(column)]!;
      expect(contents).toMatch(/星乃ミライ.*月城レイ/);
      expect([...contents].length).toBeLessThanOrEqual(length);
      expect(rows[0]).toContain(String(ids.a));
      // The other fan's box reads as it always did.
      expect(rows[1]![header!.indexOf(column)]).toBe(length === 16 ? '星乃ミライ スタンダードプラン' : '星乃ミライ スタンダードプラン 12月号');
    });

  it('one tracking number for the parcel ships both boxes with it, each with its shipped mail', async () => {
    const exported = rowsOf(await exportOf(api, staff, roundA.roundId, 'yamato-b2'), 'cp932');
    const header = exported[0]!;
    const lines = exported.slice(1).map((row, i) => {
      const line = [...row];
      line[header.indexOf('伝票番号')] = i === 0 ? '400011112222' : '400033334444';
      return line.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
    });
    const file = iconv.encode(`${header.join(',')}\r\n${lines.join('\r\n')}\r\n`, 'cp932');
    const staged = await request(api.app).post('/api/staff/shipment-imports').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(staff))
      .field('mode', 'shipped').attach('file', file, 'B2発行済み.csv');
    expect(staged.status).toBe(201);
    const preview = (staged.body as { import: StagedImport }).import;
    expect(preview.preview).toMatchObject({
      refused: [], changes: [{ orderHistoryId: ids.a, trackingNumber: '400011112222', parcelBoxIds: [ids.b] }, { orderHistoryId: ids.alone }],
    });
    const confirmed = await request(api.app).post(`/api/staff/shipment-imports/${preview.id}/confirm`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(staff));
    expect(confirmed.body).toMatchObject({ import: { report: { applied: 2, refused: [], mailsSent: 3 } } });
    const boxes = await api.db.selectFrom('plan_order_histories').select(['id', 'ship_number', 'carrier', 'payment_status']).where('id', 'in', [ids.a, ids.b]).orderBy('id').execute();
    expect(boxes).toEqual([
      { id: ids.a, ship_number: '400011112222', carrier: 'yamato', payment_status: 'COMPLETEMAIL' },
      { id: ids.b, ship_number: '400011112222', carrier: 'yamato', payment_status: 'COMPLETEMAIL' },
    ]);
    const mails = await api.db.selectFrom('billing_mails').select(['key', 'body_text']).where('kind', '=', 'shipped').where('history_id', 'in', [ids.a, ids.b]).orderBy('key').execute();
    expect(mails.map((m) => m.key)).toEqual([`shipped:${ids.a}`, `shipped:${ids.b}`]);
    for (const mail of mails) expect(mail.body_text).toContain('400011112222');
  });

  it("the fan's order history names the parcel on both boxes, which box paid the shipping, and the one tracking number", async () => {
    const orders = (await fan('/api/planOrderHistory').expect(200)).body as PlanOrderHistory[];
    const a = orders.find((o) => o.id === ids.a)!;
    const b = orders.find((o) => o.id === ids.b)!;
    // Named by the issue of their ship date, as the cards' headings (11月号); the carrier files use the round's name.
    const line = { ja: '同梱: 星乃ミライ 11月号・月城レイ 11月号（1個口）', en: 'Shipped together: 星乃ミライ Nov 2026 box, 月城レイ Nov 2026 box (one parcel)' };
    expect(a.parcel).toEqual({ boxIds: [ids.a, ids.b], line, carriesFee: true, feePaidWith: null });
    expect(b.parcel).toEqual({ boxIds: [ids.a, ids.b], line, carriesFee: false, feePaidWith: { ja: '送料は同梱の星乃ミライ 11月号でお支払い済み', en: 'Shipping paid with 星乃ミライ Nov 2026 box, in the same parcel' } });
    expect([a.tracking?.number, b.tracking?.number]).toEqual(['400011112222', '400011112222']);
    expect(((await fan(`/api/planOrderHistory/${ids.b}`).expect(200)).body as PlanOrderHistory).parcel?.feePaidWith?.ja).toBe('送料は同梱の星乃ミライ 11月号でお支払い済み');
  });

  it("the console's customer page names the parcel on each charge, who paid its shipping, and its one tracking number", async () => {
    const support = await staffOf(api, 'support@parcels.example', 'support');
    const detail = (await request(api.app).get(`/api/staff/customers/${roundA.userId}`).set('cookie', withStaff(support)).expect(200)).body as CustomerDetail;
    const charge = (id: number) => detail.charges.find((c) => c.id === id)!;
    expect(charge(ids.a)).toMatchObject({ parcel: { boxIds: [ids.a, ids.b], carriesFee: true }, tracking: { number: '400011112222', carrier: 'yamato' } });
    expect(charge(ids.b)).toMatchObject({
      parcel: { line: { ja: '同梱: 星乃ミライ 11月号・月城レイ 11月号（1個口）' }, feePaidWith: { ja: '送料は同梱の星乃ミライ 11月号でお支払い済み' } },
      tracking: { number: '400011112222' },
    });
  });

  it('the receipt of the box without shipping says which box paid it; the carrier’s says it is the parcel’s', async () => {
    const issue = (id: number) => request(api.app).post(`/api/planOrderHistory/${id}/receipt`).set('cookie', `${SESSION_COOKIE}=${FAN_SESSION}`)
      .set('origin', 'http://localhost:3000').send({ addressee: '推野 花子' });
    const b = (await issue(ids.b).expect(200)).body as Receipt;
    expect(b.total).toBe(3300);
    expect(b.parcel).toMatchObject({ line: { ja: '同梱: 星乃ミライ 11月号・月城レイ 11月号（1個口）' }, carriesFee: false, feePaidWith: { ja: '送料は同梱の星乃ミライ 11月号でお支払い済み' } });
    const a = (await issue(ids.a).expect(200)).body as Receipt;
    expect(a.parcel).toMatchObject({ carriesFee: true, feePaidWith: null });
  });

  it('the delivered file naming the parcel delivers both boxes', async () => {
    const res = await request(api.app).post('/ops/shipments/delivered').set('authorization', `Bearer ${TEST_OPS_TOKEN}`)
      .send({ csv: `注文番号,追跡番号\r\n${ids.a},400011112222\r\n` });
    expect(res.status, res.text).toBe(200);
    const statuses = await api.db.selectFrom('plan_order_histories').select('payment_status').where('id', 'in', [ids.a, ids.b]).execute();
    expect(statuses.map((s) => s.payment_status)).toEqual(['DELIVERED', 'DELIVERED']);
  });

  it('the dashboard counts the month’s boxes and the parcels they left in', async () => {
    const body = (await get('/api/staff/dashboard').expect(200)).body as StaffDashboard;
    expect(body.shipments).toEqual({ boxes: 3, parcels: 2, consolidated: 1 });
  });
});

describe('a consolidation window', () => {
  it('gives a box without a key the key shared/parcel.ts gives its round’s ship date, in SQL', async () => {
    // Around the Tokyo midnight and across weeks, months and a year's end.
    const dates = Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 11, 20, 14, 30) + i * 11 * 3_600_000 + (i % 3) * 60_000));
    for (const windowDays of [0, 1, 7, 10]) {
      const keys = await Promise.all(dates.map(async (shipDate) => (await sql<{ key: string }>`select ${parcelKeySql('h', 'po', windowDays)} as key
        from (select null::text as parcel_key) h, (select ${shipDate}::timestamptz as ship_date) po`.execute(api.db)).rows[0]!.key));
      expect(keys).toEqual(dates.map((d) => parcelKey(d, windowDays)));
    }
  });

  const first = new Date(SHIP_DATE.getTime() - 5 * DAY);
  const later = new Date(first.getTime() + 3 * DAY);

  /** A fan with a box in each of two rounds 3 days apart; neither box has a key (rows from before billing wrote one). */
  async function twoRounds(app: StaffApi, slug: string) {
    const early = await seedExportRound(app.db, `${slug}-early`, first, '星乃ミライ');
    const late = await seedExportRound(app.db, `${slug}-late`, later, '月城レイ');
    const boxes = [await paidBox(app, early, early.userId, { key: null, carriesFee: true }), await paidBox(app, late, early.userId, { key: null, carriesFee: false })];
    return { early, late, boxes };
  }

  it('of 7 days joins boxes 3 days apart into one line, in the later round’s file', async () => {
    expect(parcelKey(first, 7)).toBe(parcelKey(later, 7));
    const weekly = await startStaffApi({ consolidationWindowDays: 7 });
    try {
      const token = await staffOf(weekly, 'fulfilment@weekly.example');
      const { early, late, boxes } = await twoRounds(weekly, 'weekly');
      expect(rowsOf(await exportOf(weekly, token, early.roundId), 'utf8').slice(1)).toEqual([]);
      const rows = rowsOf(await exportOf(weekly, token, late.roundId), 'utf8').slice(1);
      expect(rows.map((r) => r.slice(0, 5))).toEqual([[String(boxes[0]), '星乃ミライ 12月号 ×1 / 月城レイ 12月号 ×1', '星乃ミライ / 月城レイ', 'スタンダードプラン', '2']]);
      expect(rows[0]![10]).toBe('2026/11/20');
    } finally {
      await weekly.close();
    }
  });

  it('of one day leaves them two parcels, each in its own round’s file', async () => {
    expect(parcelKey(first)).not.toBe(parcelKey(later));
    const { early, late, boxes } = await twoRounds(api, 'daily');
    expect(rowsOf(await exportOf(api, staff, early.roundId), 'utf8').slice(1).map((r) => r.slice(0, 2))).toEqual([[String(boxes[0]), '12月号']]);
    expect(rowsOf(await exportOf(api, staff, late.roundId), 'utf8').slice(1).map((r) => r.slice(0, 2))).toEqual([[String(boxes[1]), '12月号']]);
  });
});
