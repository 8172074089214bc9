import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_COLUMNS, REPORT_MONTHS, type ReportMonth } from '../../shared/report-columns.ts';
import { expectApiError } from './api-fixtures.ts';
import { enrolledStaff, signedIn, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { binaryBody } from '../support/binary-body.ts';
import { addBox, seedExportRound } from './round-export-fixtures.ts';

/**
 * The owner's accounting report over HTTP (issue 19): a known set of charges and a refund, summed
 * per Tokyo month with the 10 % tax, as JSON and as CSV; every other role is refused and audited.
 * The clock stands at 2026-11-22 12:00 JST.
 */
let api: StaffApi;
const tokens: Record<string, string> = {};
const get = (path: string, who: string) => request(api.app).get(path).set('cookie', withStaff(tokens[who] ?? null));

beforeAll(async () => {
  api = await startStaffApi();
  const db = api.db;
  const round = await seedExportRound(db, 'report-round', new Date('2026-11-25T00:00:00Z'));
  const charge = async (paidAt: string, set: Record<string, unknown> = {}) => {
    const id = await addBox(db, round, 'COMPLETEMAIL');
    await db.updateTable('plan_order_histories').set({ paid_at: new Date(paidAt), ...set }).where('id', '=', id).execute();
  };
  await charge('2026-11-05T01:00:00Z');
  // Paid later (GMO後払い), two boxes: the fee as the shop charged it.
  await charge('2026-10-20T16:00:00Z', { payment_method: 'GMOAB', count: 2, price: 6600, pre_tax_price: 6000, fee: 330, pre_tax_fee: 300, total: 7590 });
  // 2026-11-01 00:30 in Tokyo, still October in UTC: a November charge; refunded in November.
  await charge('2026-10-31T15:30:00Z', { refund_status: 'refunded', refunded_at: new Date('2026-11-10T00:00:00Z') });
  // A refund asked for but not paid back is not a refund yet.
  await charge('2026-09-10T00:00:00Z', { refund_status: 'pending' });
  // Before the window (24 months back from November 2026 starts at December 2024).
  await charge('2024-11-30T14:00:00Z');
  for (const role of ['owner', 'fulfilment', 'support'] as const) {
    const email = `${role}@reports.example`;
    const { secret } = await enrolledStaff(api, email, role);
    tokens[role] = await signedIn(api, email, secret);
  }
}, 60_000);
afterAll(async () => api?.close());

describe('the accounting report', () => {
  it('sums sales per Tokyo month with the tax, shipping and the GMO後払い fee, and refunds by the month they were paid back', async () => {
    const res = await get('/api/staff/reports', 'owner');
    expect(res.status).toBe(200);
    const months = (res.body as { months: ReportMonth[] }).months;
    expect(months).toHaveLength(REPORT_MONTHS);
    expect(months[0]!.month).toBe('2026-11');
    expect(months.at(-1)!.month).toBe('2024-12');
    expect(months[0]).toEqual({
      month: '2026-11', charges: 2, goodsPreTax: 6000, shippingPreTax: 1200, feePreTax: 0, salesPreTax: 7200, salesTax: 720, salesGross: 7920,
      refunds: 1, refundsPreTax: 3600, refundsTax: 360, refundsGross: 3960,
    });
    expect(months[1]).toEqual({
      month: '2026-10', charges: 1, goodsPreTax: 6000, shippingPreTax: 600, feePreTax: 300, salesPreTax: 6900, salesTax: 690, salesGross: 7590,
      refunds: 0, refundsPreTax: 0, refundsTax: 0, refundsGross: 0,
    });
    expect(months[2]).toMatchObject({ month: '2026-09', charges: 1, salesGross: 3960, refunds: 0 });
    expect(months.slice(3).every((m) => m.charges === 0 && m.refunds === 0)).toBe(true);
  });

  it('downloads as CSV in UTF-8 with a BOM and the documented header, and the download is audited', async () => {
    const res = await get('/api/staff/reports/sales.csv', 'owner').buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, first] = parse(bytes.toString('utf8'), { bom: true }) as string[][];
    expect(header).toEqual(REPORT_COLUMNS.map((c) => c.label));
    expect(first).toEqual(['2026-11', '2', '6000', '1200', '0', '7200', '720', '7920', '1', '3600', '360', '3960']);
    const audit = await api.db.selectFrom('audit_log').select(['action', 'after']).where('action', '=', 'reports.export').execute();
    expect(audit).toEqual([{ action: 'reports.export', after: { months: 24, from: '2024-12', to: '2026-11', encoding: 'utf8' } }]);
  });

  it('downloads the same figures in Shift_JIS for accounting software that reads nothing else; another encoding names the field', async () => {
    const res = await get('/api/staff/reports/sales.csv?encoding=cp932', 'owner').buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=Shift_JIS; header=present');
    expect(res.headers['content-disposition']).toMatch(/-sjis\.csv"$/);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const [header, first] = parse(iconv.decode(bytes, 'cp932')) as string[][];
    expect(header).toEqual(REPORT_COLUMNS.map((c) => c.label));
    expect(first).toEqual(['2026-11', '2', '6000', '1200', '0', '7200', '720', '7920', '1', '3600', '360', '3960']);
    expectApiError(await get('/api/staff/reports/sales.csv?encoding=latin1', 'owner'), 400, 'BAD_REQUEST', ['encoding']);
  });

  it('is the owner’s alone: fulfilment and support are refused (403) and the refusals audited', async () => {
    for (const who of ['fulfilment', 'support']) {
      expectApiError(await get('/api/staff/reports', who), 403, 'FORBIDDEN');
      expectApiError(await get('/api/staff/reports/sales.csv', who), 403, 'FORBIDDEN');
    }
    const refused = await api.db.selectFrom('audit_log').select(['target_id', 'staff_email']).where('action', '=', 'access.refused').orderBy('id').execute();
    expect(refused.map((r) => r.target_id)).toEqual([
      'GET /api/staff/reports/', 'GET /api/staff/reports/sales.csv', 'GET /api/staff/reports/', 'GET /api/staff/reports/sales.csv',
    ]);
    expectApiError(await get('/api/staff/reports?months=99', 'owner'), 400, 'BAD_REQUEST');
  });
});
