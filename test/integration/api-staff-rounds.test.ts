import iconv from 'iconv-lite';
import request, { type Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundDetail, RoundList, StagedImport } from '../../shared/api/rounds.ts';
import { SHIPPING_COLUMNS } from '../../shared/shipping-columns.ts';
import { expectApiError } from './api-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, START, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { addBox, KNOWN_SHIP_TO, seedExportRound, type ExportRound } from './round-export-fixtures.ts';

/**
 * The console's Rounds & shipping area over HTTP (issue 19): rounds and their boxes, a round's
 * export behind the `shipping` permission, and a shipped file staged, previewed, then confirmed
 * once. Every change and every export is in the audit trail.
 */
let api: StaffApi;
let round: ExportRound;
const ids = { waiting: 0, second: 0, charged: 0, delivered: 0 };
const tokens: Record<string, string> = {};

const binary: Parameters<Test['parse']>[0] = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
const get = (path: string, who: string) => request(api.app).get(path).set('cookie', withStaff(tokens[who] ?? null));
const upload = (who: string, file: Buffer, mode = 'shipped', name = 'shipped.csv') =>
  request(api.app).post('/api/staff/shipment-imports').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens[who] ?? null))
    .field('mode', mode).attach('file', file, name);
const confirm = (who: string, id: string) =>
  request(api.app).post(`/api/staff/shipment-imports/${id}/confirm`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens[who] ?? null));
const auditOf = (action: string) => api.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const statusOf = async (id: number) => (await api.db.selectFrom('plan_order_histories').select(['payment_status', 'ship_number']).where('id', '=', id).executeTakeFirstOrThrow());
const HEADER = SHIPPING_COLUMNS.map((c) => c.label).join(',');
const shippedLine = (id: number, tracking: string, carrier = 'yamato') => `${id},12月号,星乃ミライ,スタンダードプラン,1,${KNOWN_SHIP_TO.name},060-0001,住所,,0312345678,2026/11/22,${carrier},${tracking}`;

beforeAll(async () => {
  api = await startStaffApi();
  round = await seedExportRound(api.db, 'console-rounds', new Date(START.getTime() - 3_600_000));
  ids.waiting = await addBox(api.db, round, 'WAITING');
  ids.second = await addBox(api.db, round, 'WAITING', { name: '推野 次郎' });
  ids.charged = await addBox(api.db, round, 'SUCCESS', { name: '未確定 太郎' });
  ids.delivered = await addBox(api.db, round, 'DELIVERED');
  for (const role of ['fulfilment', 'catalogue', 'support', 'owner'] as const) {
    const email = `${role}@rounds.example`;
    const { secret } = await enrolledStaff(api, email, role);
    tokens[role] = await signedIn(api, email, secret);
  }
}, 60_000);
afterAll(async () => api?.close());

describe('rounds and their boxes', () => {
  it('lists the rounds with their boxes waiting, shipped and delivered, a page at a time', async () => {
    const res = await get('/api/staff/rounds', 'fulfilment');
    expect(res.status).toBe(200);
    const list = res.body as RoundList;
    expect(list).toMatchObject({ page: 1, hasNext: false });
    expect(list.rounds).toEqual([expect.objectContaining({ id: round.roundId, name: '12月号', artistName: '星乃ミライ', waiting: 2, shipped: 0, delivered: 1 })]);
    expect((await get('/api/staff/rounds?page=2', 'fulfilment')).body).toMatchObject({ page: 2, rounds: [] });
    expectApiError(await get('/api/staff/rounds?page=0', 'fulfilment'), 400, 'BAD_REQUEST');
    expectApiError(await get('/api/staff/rounds?page=1&x=1', 'fulfilment'), 400, 'BAD_REQUEST');
  });

  it("shows the names and addresses of the boxes fulfilment ships, not of boxes still the shopper's to change", async () => {
    const res = await get(`/api/staff/rounds/${round.roundId}`, 'fulfilment');
    expect(res.status).toBe(200);
    const detail = res.body as RoundDetail;
    expect(detail.boxes.map((b) => b.id)).toEqual([ids.waiting, ids.second, ids.delivered]);
    expect(JSON.stringify(detail)).not.toContain('未確定 太郎');
    expectApiError(await get('/api/staff/rounds/999999', 'fulfilment'), 404, 'NOT_FOUND');
  });

  it('refuses the other roles, and the refusal is audited', async () => {
    for (const role of ['catalogue', 'support']) expectApiError(await get('/api/staff/rounds', role), 403, 'FORBIDDEN');
    expectApiError(await get('/api/staff/rounds', 'nobody'), 401, 'UNAUTHORIZED');
    const refused = await auditOf('access.refused');
    expect(refused.map((r) => r.target_id)).toEqual(['GET /api/staff/rounds/', 'GET /api/staff/rounds/']);
  });
});

describe("a round's export", () => {
  it('is a Shift_JIS file for fulfilment, and the export is audited with its round, encoding and rows', async () => {
    const res = await get(`/api/staff/rounds/export?round=${round.roundId}&encoding=cp932`, 'fulfilment').buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=Shift_JIS; header=present');
    const text = iconv.decode(res.body as Buffer, 'cp932');
    expect(text.split('\r\n')[0]).toBe(HEADER);
    expect(text).toContain(KNOWN_SHIP_TO.name);
    await expect.poll(async () => (await auditOf('rounds.export')).map((r) => [r.target_id, r.after, r.outcome])).toEqual([
      [String(round.roundId), { layout: 'oshibox', encoding: 'cp932', rows: 2, status: 200 }, 'success'],
    ]);
  });

  it('is refused to a catalogue member (403, audited)', async () => {
    const res = await get(`/api/staff/rounds/export?round=${round.roundId}`, 'catalogue');
    expectApiError(res, 403, 'FORBIDDEN');
    const refused = await auditOf('access.refused');
    expect(refused.at(-1)?.target_id).toBe('GET /api/staff/rounds/export/');
  });
});

describe('a shipped file, staged, previewed and confirmed', () => {
  let staged: StagedImport;

  it('previews which boxes move and which lines are refused, changing nothing', async () => {
    const file = `\ufeff${HEADER}\r\n${shippedLine(ids.waiting, 'YMT-0001-2345')}\r\n${shippedLine(ids.charged, 'YMT-0001-9999', 'fedex')}\r\n${shippedLine(999999, 'YMT-0001-0000')}\r\n`;
    const res = await upload('fulfilment', Buffer.from(file));
    expect(res.status).toBe(201);
    staged = (res.body as { import: StagedImport }).import;
    expect(staged.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(staged.preview).toEqual({
      lines: 3,
      changes: [{ line: 2, orderHistoryId: ids.waiting, from: 'WAITING', to: 'shipped', trackingNumber: 'YMT-0001-2345', carrier: 'yamato', refunded: null }],
      alreadyApplied: 0,
      refused: [
        {
          line: 3, column: '配送業者',
          reason: '3行目「配送業者」列: 配送業者「fedex」が分かりません。ヤマト運輸・佐川急便・日本郵便（yamato, sagawa, japanpost）のいずれかを書いてください。',
          reasonEn: 'line 3, column "配送業者": unknown carrier "fedex": write one of Yamato, Sagawa or Japan Post (yamato, sagawa, japanpost).',
        },
        { line: 4, column: '注文番号', reason: '4行目「注文番号」列: この注文番号の注文はありません（キャンセル済みの可能性があります）。', reasonEn: 'line 4, column "注文番号": no such order (or it was cancelled).' },
      ],
    });
    expect(await statusOf(ids.waiting)).toEqual({ payment_status: 'WAITING', ship_number: '' });
    // Read again, the same preview.
    expect((await get(`/api/staff/shipment-imports/${staged.id}`, 'fulfilment')).body).toMatchObject({ import: { id: staged.id, preview: staged.preview } });
  });

  it('applies on confirm, audits the counts before and after, and a second confirm changes nothing', async () => {
    const res = await confirm('fulfilment', staged.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ alreadyConfirmed: false, import: { appliedAt: api.clock.now.toISOString(), report: { applied: 1 } } });
    expect(await statusOf(ids.waiting)).toMatchObject({ ship_number: 'YMT-0001-2345' });
    const audit = await auditOf('shipments.shipped');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_id: staged.id, outcome: 'success', before: { statuses: { WAITING: 1 } } });
    expect((audit[0]!.after as { statuses: Record<string, number> }).statuses).not.toHaveProperty('WAITING');

    const again = await confirm('fulfilment', staged.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyConfirmed: true });
    expect(await auditOf('shipments.shipped')).toHaveLength(1);
  });

  it('shows the error of a bad line in a Shift_JIS file', async () => {
    const text = `${HEADER}\r\n${shippedLine(ids.second, 'ヤマト運輸')}\r\n`;
    const res = await upload('fulfilment', iconv.encode(text, 'cp932'), 'shipped', '発送.csv');
    expect(res.status).toBe(201);
    const preview = (res.body as { import: StagedImport }).import.preview;
    expect(preview).toMatchObject({ lines: 1, changes: [], refused: [{ line: 2, column: '追跡番号', reason: '2行目「追跡番号」列: 追跡番号は半角の英数字とハイフンで6〜30文字です。' }] });
  });

  // Excel's 「Unicode テキスト」: UTF-16 with a byte-order mark, cells separated by tabs.
  it.each([
    ['utf-16le', (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ['utf-16be', (text: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])],
  ])('reads a %s file Excel saved as Unicode text (tabs between cells)', async (_name, encode) => {
    const tabbed = (line: string) => line.split(',').join('\t');
    const res = await upload('fulfilment', encode(`${tabbed(HEADER)}\r\n${tabbed(shippedLine(ids.second, 'YMT-0002-7777'))}\r\n`), 'shipped', 'Unicode テキスト.txt');
    expect(res.status).toBe(201);
    expect((res.body as { import: StagedImport }).import.preview).toMatchObject({
      lines: 1, refused: [], changes: [{ line: 2, orderHistoryId: ids.second, to: 'shipped', trackingNumber: 'YMT-0002-7777', carrier: 'yamato' }],
    });
  });

  it('refuses a binary file (a NUL byte) with a clear message, and a NUL in the file name is dropped', async () => {
    const zipped = Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'), Buffer.from(HEADER)]);
    const res = await upload('fulfilment', zipped, 'shipped', 'shipped.xlsx');
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(res.body).toMatchObject({ message: expect.stringContaining('CSV'), messageEn: expect.stringContaining('CSV'), fields: { file: expect.anything() } });
    const page = await upload('fulfilment', zipped, 'shipped', 'shipped.xlsx').set('accept', 'text/html');
    expect(page.headers.location).toBe('/rounds?problem=text');
    const named = await upload('fulfilment', Buffer.from(`${HEADER}\r\n${shippedLine(ids.second, 'YMT-0002-8888')}\r\n`), 'shipped', 'ship\u0000ped.csv');
    expect(named.status).toBe(201);
    expect((named.body as { import: StagedImport }).import.filename).toBe('shipped.csv');
  });

  it('stages a file it cannot read, and its preview says why', async () => {
    const res = await upload('fulfilment', Buffer.from('a,b\r\n1,2\r\n'));
    expect(res.status).toBe(201);
    expect((res.body as { import: StagedImport }).import).toMatchObject({ preview: null, fileError: { ja: expect.stringContaining('1行目「a」列: この見出しは分かりません'), en: expect.stringContaining('line 1, column "a"') } });
  });

  it('refuses support and catalogue (403), a missing file and an unknown mode (400), an oversized file (413)', async () => {
    expectApiError(await upload('support', Buffer.from(HEADER)), 403, 'FORBIDDEN');
    expectApiError(await upload('catalogue', Buffer.from(HEADER)), 403, 'FORBIDDEN');
    expectApiError(await upload('fulfilment', Buffer.from(HEADER), 'lost'), 400, 'BAD_REQUEST');
    const none = await request(api.app).post('/api/staff/shipment-imports').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens.fulfilment!)).field('mode', 'shipped');
    expectApiError(none, 400, 'BAD_REQUEST');
    const big = await upload('fulfilment', Buffer.alloc(2_100_000, 0x61));
    expect(big.status).toBe(413);
    expectApiError(await confirm('support', staged.id), 403, 'FORBIDDEN');
    expectApiError(await get('/api/staff/shipment-imports/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'fulfilment'), 404, 'NOT_FOUND');
  });

  it('sends a browser form post (no JavaScript) on to the preview page, or back to the rounds page with the problem', async () => {
    const page = await upload('fulfilment', Buffer.from(`${HEADER}\r\n${shippedLine(ids.second, 'YMT-0002-0001')}\r\n`)).set('accept', 'text/html,*/*');
    expect(page.status).toBe(303);
    expect(page.headers.location).toMatch(/^\/rounds\/imports\/[A-Za-z0-9_-]{32}$/);
    const missing = await request(api.app).post('/api/staff/shipment-imports').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens.fulfilment!))
      .set('accept', 'text/html').field('mode', 'shipped');
    expect(missing.status).toBe(303);
    expect(missing.headers.location).toBe('/rounds?problem=file');
  });

  it('refuses an upload from another origin', async () => {
    const res = await request(api.app).post('/api/staff/shipment-imports').set('origin', 'https://evil.example').set('cookie', withStaff(tokens.fulfilment!))
      .field('mode', 'shipped').attach('file', Buffer.from(HEADER), 'x.csv');
    expectApiError(res, 403, 'FORBIDDEN');
  });
});
