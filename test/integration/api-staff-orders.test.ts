import iconv from 'iconv-lite';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPage, OrderResendResult } from '../../shared/api/orders.ts';
import { expectApiError } from './api-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, START, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { addManyOrders, addOrder, seedOrderRound } from './order-list-fixtures.ts';
import { binaryBody } from '../support/binary-body.ts';
import type { ExportRound } from './round-export-fixtures.ts';

/**
 * The console's order list over HTTP (issue 32): every customer's orders newest first, filtered by
 * payment status, round, artist, method and date, paged by key with no order twice or missed; the
 * selection exported as CSV and its payment mails resent, each audited; other roles refused.
 */
const HOUR = 3_600_000;
let api: StaffApi;
const tokens: Record<string, string> = {};
let mirai: ExportRound;
let kururi: ExportRound;
let bulk: ExportRound;
const o = { cardOld: 0, deferred: 0, failed: 0, waiting: 0 };

const get = (path: string, who = 'support') => request(api.app).get(path).set('cookie', withStaff(tokens[who] ?? null));
const list = async (query: string, who = 'support') => {
  const res = await get(`/api/staff/orders${query}`, who);
  expect(res.status).toBe(200);
  return res.body as OrderPage;
};
const auditOf = (action: string) => api.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

beforeAll(async () => {
  api = await startStaffApi();
  const before = (hours: number) => new Date(START.getTime() - hours * HOUR);
  mirai = await seedOrderRound(api.db, 'orders-mirai', '星乃ミライ', new Date(START.getTime() + 200 * HOUR));
  kururi = await seedOrderRound(api.db, 'orders-kururi', '天音くるり', new Date(START.getTime() + 300 * HOUR));
  o.cardOld = await addOrder(api.db, mirai, { at: before(24 * 40) });
  o.deferred = await addOrder(api.db, kururi, { at: before(3), method: 'GMOAB' });
  o.failed = await addOrder(api.db, kururi, { at: before(2), status: 'ERROR' });
  o.waiting = await addOrder(api.db, mirai, { at: before(1), status: 'WAITING' });
  for (const role of ['support', 'owner', 'fulfilment', 'catalogue'] as const) {
    const email = `${role}@orders.example`;
    const { secret } = await enrolledStaff(api, email, role);
    tokens[role] = await signedIn(api, email, secret);
  }
}, 60_000);
afterAll(async () => api?.close());

describe('the order list', () => {
  it('lists orders newest first, naming the artist beside the plan, the customer and the amount', async () => {
    const page = await list('');
    expect(page.orders.map((r) => r.id)).toEqual([o.waiting, o.failed, o.deferred, o.cardOld]);
    expect(page.orders[0]).toMatchObject({ artistName: '星乃ミライ', planName: 'スタンダードプラン', roundName: '12月号', customerId: mirai.userId, customerName: '推野 花子', total: 3960, paymentStatus: 'WAITING', paymentMethod: 'CARD' });
    expect(page.next).toBeNull();
    expect(page.artists.map((a) => a.name)).toEqual(expect.arrayContaining(['星乃ミライ', '天音くるり']));
  });

  it('filters by payment status, method, round, artist and order date (Japan time, both days included)', async () => {
    const ids = async (query: string) => (await list(query)).orders.map((r) => r.id);
    expect(await ids('?status=ERROR')).toEqual([o.failed]);
    expect(await ids('?method=GMOAB')).toEqual([o.deferred]);
    expect(await ids(`?round=${mirai.roundId}`)).toEqual([o.waiting, o.cardOld]);
    const artist = (await list('')).artists.find((a) => a.name === '天音くるり');
    expect(await ids(`?artist=${artist?.id}`)).toEqual([o.failed, o.deferred]);
    expect(await ids(`?artist=${artist?.id}&status=SUCCESS`)).toEqual([o.deferred]);
    // START is 2026-11-22 12:00 JST: the old order is of 2026-10-13.
    expect(await ids('?from=2026-11-22&to=2026-11-22')).toEqual([o.waiting, o.failed, o.deferred]);
    expect(await ids('?to=2026-10-13')).toEqual([o.cardOld]);
    expectApiError(await get('/api/staff/orders?status=PAID'), 400, 'BAD_REQUEST');
    expectApiError(await get('/api/staff/orders?page=2'), 400, 'BAD_REQUEST');
  });

  it('filters the orders with a refund not done: their own refund pending or failed, or a partial one pending or failed', async () => {
    const ids = async (query: string) => (await list(query)).orders.map((r) => r.id);
    expect(await ids('?refund=open')).toEqual([]);
    await api.db.updateTable('plan_order_histories').set({ refund_status: 'failed' }).where('id', '=', o.cardOld).execute();
    await api.db.insertInto('order_refunds').values({ history_id: o.deferred, amount: 500, reason: 'テスト', refund_key: 'orders-open', status: 'pending', created_at: START }).execute();
    await api.db.insertInto('order_refunds').values({ history_id: o.waiting, amount: 500, reason: 'テスト', refund_key: 'orders-done', status: 'refunded', created_at: START }).execute();
    try {
      expect(await ids('?refund=open')).toEqual([o.deferred, o.cardOld]);
      expect(await ids('?refund=open&method=GMOAB')).toEqual([o.deferred]);
      expectApiError(await get('/api/staff/orders?refund=done'), 400, 'BAD_REQUEST', ['refund']);
    } finally {
      await api.db.updateTable('plan_order_histories').set({ refund_status: null }).where('id', '=', o.cardOld).execute();
      await api.db.deleteFrom('order_refunds').where('refund_key', 'in', ['orders-open', 'orders-done']).execute();
    }
  });

  it('pages by key: every order once, in order, across pages, ties on the time broken by number', async () => {
    bulk = await seedOrderRound(api.db, 'orders-bulk', '一括アーティスト', new Date(START.getTime() + 400 * HOUR));
    await addManyOrders(api.db, bulk, 123, new Date(START.getTime() - 5 * HOUR));
    const expected = (await api.db.selectFrom('plan_order_histories').select('id').where('plan_order_id', '=', bulk.roundId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
    const seen: number[] = [];
    let query = `?round=${bulk.roundId}`;
    for (let pages = 0; pages < 5; pages += 1) {
      const page = await list(query);
      seen.push(...page.orders.map((r) => r.id));
      if (page.next === null) break;
      query = `?round=${bulk.roundId}&after=${page.next}`;
    }
    expect(seen).toHaveLength(123);
    expect(new Set(seen).size).toBe(123);
    expect(seen).toEqual(expected);
    // Unfiltered, the bulk orders come after the four newer ones and before the old one.
    const first = await list('');
    expect(first.orders.slice(0, 4).map((r) => r.id)).toEqual([o.waiting, o.failed, o.deferred, expected[0]]);
  });

  it('refuses fulfilment and catalogue, and the refusal is audited', async () => {
    for (const role of ['fulfilment', 'catalogue']) expectApiError(await get('/api/staff/orders', role), 403, 'FORBIDDEN');
    expectApiError(await get('/api/staff/orders', 'nobody'), 401, 'UNAUTHORIZED');
    expect((await auditOf('access.refused')).filter((r) => r.target_id === 'GET /api/staff/orders/')).toHaveLength(2);
    expect((await list('', 'owner')).orders.length).toBeGreaterThan(0);
  });
});

describe('bulk actions on the selection', () => {
  it('exports the selected orders as CSV, UTF-8 with a BOM or Shift_JIS, audited', async () => {
    const res = await get(`/api/staff/orders/export.csv?ids=${o.deferred}&ids=${o.waiting}`).buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('注文番号,注文日時,会員番号,氏名,メールアドレス,アーティスト,プラン,号,決済方法,決済状況,金額（税込）');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([String(o.waiting), String(o.deferred)]);
    expect(lines[2]).toContain('天音くるり,スタンダードプラン,12月号,GMO後払い,決済完了・商品制作中,3960');
    const sjis = await get(`/api/staff/orders/export.csv?ids=${o.failed}&encoding=cp932`).buffer(true).parse(binaryBody);
    expect(iconv.decode(sjis.body as Buffer, 'cp932')).toContain('決済失敗');
    expect((await auditOf('orders.export')).map((r) => r.after)).toEqual([
      expect.objectContaining({ rows: 2, encoding: 'utf8' }), expect.objectContaining({ rows: 1, encoding: 'cp932' }),
    ]);
    expectApiError(await get(`/api/staff/orders/export.csv?ids=${o.failed}`, 'fulfilment'), 403, 'FORBIDDEN');
  });

  it('resends the payment mail of the charged orders selected, skips the others, audits each', async () => {
    const post = (body: unknown, who = 'support') => request(api.app).post('/api/staff/orders/resend').set('origin', ADMIN_ORIGIN)
      .set('cookie', withStaff(tokens[who] ?? null)).send(body as object);
    const res = await post({ ids: [o.deferred, o.failed, o.waiting] });
    expect(res.status).toBe(200);
    expect(res.body as OrderResendResult).toEqual({ sent: [o.deferred, o.waiting], skipped: [o.failed] });
    expect(api.mailer.memory.filter((m) => m.subject.includes('お支払い完了'))).toHaveLength(2);
    expect((await auditOf('customer.mail.resend')).map((r) => [r.target_id, r.outcome])).toEqual([[String(o.deferred), 'success'], [String(o.waiting), 'success']]);
    expect((await auditOf('orders.resend')).map((r) => r.after)).toEqual([{ sent: [o.deferred, o.waiting], skipped: [o.failed] }]);
    expectApiError(await post({ ids: [o.deferred] }, 'fulfilment'), 403, 'FORBIDDEN');
    expectApiError(await post({ ids: [] }), 400, 'BAD_REQUEST');
  });
});
