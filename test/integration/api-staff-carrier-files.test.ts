import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import type { StagedImport } from '../../shared/api/rounds.ts';
import type { PlanOrderHistory } from '../../shared/api/types.ts';
import { SHIPPING_LAYOUT_IDS } from '../../shared/shipping-layout-names.ts';
import { SHIPPING_LAYOUTS } from '../../shared/shipping-layouts.ts';
import { expectApiError, insertSession } from './api-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, START, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { binaryBody } from '../support/binary-body.ts';
import { addBox, seedExportRound, type ExportRound } from './round-export-fixtures.ts';

/**
 * The carriers' layouts of a round's shipping list through the staff API (issue 32): each layout
 * exported by fulfilment in Shift_JIS with the configured sender, refused to a role without
 * `shipping` and for an unknown layout, audited as the export is; and B2クラウド's issued-slips file
 * imported back, so the fan sees the tracking number with Yamato's link.
 */
let api: StaffApi;
let round: ExportRound;
let boxId = 0;
const tokens: Record<string, string> = {};
const SENDER = { name: '推し箱配送センター', zip: '2710001', address: '千葉県松戸市松戸1-2-3', tel: '0473000000' };

const get = (path: string, who: string) => request(api.app).get(path).set('cookie', withStaff(tokens[who] ?? null));
const exportOf = (layout: string) => get(`/api/staff/rounds/export?round=${round.roundId}&layout=${layout}`, 'fulfilment').buffer(true).parse(binaryBody);
const auditOf = (action: string) => api.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

beforeAll(async () => {
  api = await startStaffApi({ carrierSettings: { sender: SENDER, yamatoBillingCode: '047300000001', yamatoFreightNumber: '01', sagawaCustomerCode: '' } });
  round = await seedExportRound(api.db, 'carrier-files', new Date(START.getTime() - 3_600_000));
  boxId = await addBox(api.db, round, 'WAITING');
  for (const role of ['fulfilment', 'catalogue'] as const) {
    const email = `${role}@carriers.example`;
    const { secret } = await enrolledStaff(api, email, role);
    tokens[role] = await signedIn(api, email, secret);
  }
}, 60_000);
afterAll(async () => api?.close());

describe("a round's export in the carriers' layouts", () => {
  it.each(SHIPPING_LAYOUT_IDS.filter((id) => id !== 'oshibox'))('is the %s layout in Shift_JIS, with the sender from the configuration', async (layout) => {
    const res = await exportOf(layout);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=Shift_JIS; header=present');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="round-${round.roundId}-${layout}-cp932.csv"`);
    const [header, ...rows] = parse(iconv.decode(res.body as Buffer, 'cp932')) as string[][];
    expect(header).toEqual(SHIPPING_LAYOUTS[layout].columns.map((c) => c.label));
    expect(rows).toHaveLength(1);
    const line = rows[0]!;
    // Our 注文番号 in the carrier's 管理番号 column, phone and postal code as text, the configured 依頼主.
    expect(line).toContain(String(boxId));
    expect(line).toContain('03-1234-5678');
    expect(line).toContain('060-0001');
    expect(line).toEqual(expect.arrayContaining([SENDER.name, '271-0001', '047-300-0000']));
  });

  it('is audited with its layout, as the export is', async () => {
    await expect.poll(async () => (await auditOf('rounds.export')).map((r) => (r.after as { layout: string }).layout)).toEqual(['yamato-b2', 'sagawa-ehiden', 'japanpost-yuprir']);
    expect((await auditOf('rounds.export'))[0]).toMatchObject({ outcome: 'success', target_id: String(round.roundId), after: { encoding: 'cp932', rows: 1, status: 200 } });
  });

  it('prints the account holder\'s フリガナ in half-width in B2クラウド\'s kana column, and nothing for a box sent to someone else', async () => {
    const box = await api.db.selectFrom('plan_order_histories').select('ship_dest_name').where('id', '=', boxId).executeTakeFirstOrThrow();
    await api.db.updateTable('users').set({ name: box.ship_dest_name, name_kana: 'オシノ　ハナコ' }).where('id', '=', round.userId).execute();
    const kanaOf = async () => {
      const [header, line] = parse(iconv.decode((await exportOf('yamato-b2')).body as Buffer, 'cp932')) as string[][];
      return line![header!.indexOf('お届け先名略称カナ')];
    };
    expect(await kanaOf()).toBe('ｵｼﾉ ﾊﾅｺ');
    await api.db.updateTable('users').set({ name: '別の 名前' }).where('id', '=', round.userId).execute();
    expect(await kanaOf()).toBe('');
  });

  it('is refused to a role without shipping (403, audited), and for an unknown layout with a 400 naming the field', async () => {
    expectApiError(await get(`/api/staff/rounds/export?round=${round.roundId}&layout=yamato-b2`, 'catalogue'), 403, 'FORBIDDEN');
    expect((await auditOf('access.refused')).at(-1)?.target_id).toBe('GET /api/staff/rounds/export/');
    const bad = await get(`/api/staff/rounds/export?round=${round.roundId}&layout=fedex`, 'fulfilment');
    expectApiError(bad, 400, 'BAD_REQUEST', ['layout']);
    expect(bad.body).toMatchObject({ message: expect.stringContaining('layout'), messageEn: expect.stringContaining('layout') });
  });
});

describe("B2クラウド's issued-slips file, imported back", () => {
  it('sets the tracking numbers, with Yamato as carrier, and the fan sees them with their link', async () => {
    // What B2クラウド writes back: the same layout, 伝票番号 filled in, in Shift_JIS.
    const exported = parse(iconv.decode((await exportOf('yamato-b2')).body as Buffer, 'cp932')) as string[][];
    const [header, line] = [exported[0]!, [...exported[1]!]];
    line[header.indexOf('伝票番号')] = '400012345678';
    const file = iconv.encode(`${header.join(',')}\r\n${line.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(',')}\r\n`, 'cp932');
    const staged = await request(api.app).post('/api/staff/shipment-imports').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens.fulfilment!))
      .field('mode', 'shipped').attach('file', file, 'B2発行済み.csv');
    expect(staged.status).toBe(201);
    const preview = (staged.body as { import: StagedImport }).import;
    expect(preview.preview).toMatchObject({ lines: 1, refused: [], changes: [{ line: 2, orderHistoryId: boxId, trackingNumber: '400012345678', carrier: 'yamato' }] });
    const confirmed = await request(api.app).post(`/api/staff/shipment-imports/${preview.id}/confirm`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens.fulfilment!));
    expect(confirmed.body).toMatchObject({ import: { report: { applied: 1 } } });

    await insertSession(api.db, { token: 'carrier-files-fan-session-0123456789', userId: round.userId, expiresAt: new Date(START.getTime() + 86_400_000) });
    const fan = await request(api.app).get(`/api/planOrderHistory/${boxId}`).set('cookie', `${SESSION_COOKIE}=carrier-files-fan-session-0123456789`);
    expect(fan.status).toBe(200);
    const item = fan.body as PlanOrderHistory;
    expect(item.tracking).toMatchObject({ number: '400012345678', carrier: 'yamato', carrierName: { ja: 'ヤマト運輸' } });
    expect(item.tracking?.url).toBe('https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=400012345678');
  });

  it('names the line and the column of a carrier typed by hand that it does not know, in Japanese and English', async () => {
    const other = await addBox(api.db, round, 'WAITING', { name: '推野 次郎' });
    const csv = `注文番号,配送業者,追跡番号\r\n${other},クロネコヤマト,400099990000\r\n${other},黒猫,400099990000\r\n`;
    const res = await request(api.app).post('/api/staff/shipment-imports').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens.fulfilment!))
      .field('mode', 'shipped').attach('file', Buffer.from(csv), 'hand.csv');
    expect((res.body as { import: StagedImport }).import.preview).toMatchObject({
      changes: [{ line: 2, orderHistoryId: other, carrier: 'yamato' }],
      refused: [{ line: 3, column: '配送業者', reason: expect.stringMatching(/^3行目「配送業者」列: 配送業者「黒猫」が分かりません。/), reasonEn: expect.stringMatching(/^line 3, column "配送業者": unknown carrier "黒猫"/) }],
    });
  });
});
