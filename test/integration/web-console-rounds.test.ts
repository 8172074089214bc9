import iconv from 'iconv-lite';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { SHIPPING_COLUMNS } from '../../shared/shipping-columns.ts';
import { startConsole, type ConsoleServer, consoleMemberCookie } from '../support/console.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { binaryBody } from '../support/binary-body.ts';
import { addBox, KNOWN_SHIP_TO, seedExportRound, type ExportRound } from './round-export-fixtures.ts';

/**
 * The console's Rounds & shipping pages as a browser without JavaScript gets them (issue 19):
 * drawn on the server, the export a plain download through the console's proxy, the shipped file
 * a multipart form the API stages, then a preview page whose confirm is a plain form post.
 */
let stack: Stack;
let admin: ConsoleServer;
let round: ExportRound;
const cookies: Partial<Record<StaffRole, string>> = {};
const ids = { waiting: 0, charged: 0 };
const HEADER = SHIPPING_COLUMNS.map((c) => c.label).join(',');

const memberCookie = (role: StaffRole) => consoleMemberCookie(stack, role, 'console-rounds.example');

const page = (path: string, role: StaffRole) => request(admin.app).get(path).set('cookie', cookies[role] ?? '');

beforeAll(async () => {
  stack = await startStack({ seed: false });
  admin = await startConsole(stack);
  round = await seedExportRound(stack.database.handle.db, 'console-pages', new Date(Date.now() - 3_600_000));
  ids.waiting = await addBox(stack.database.handle.db, round, 'WAITING');
  ids.charged = await addBox(stack.database.handle.db, round, 'SUCCESS', { name: '未確定 太郎' });
  for (const role of ['fulfilment', 'catalogue', 'owner'] as const) cookies[role] = await memberCookie(role);
}, 60_000);
afterAll(async () => {
  await admin?.close();
  await stack?.close();
});

describe('the rounds pages without JavaScript', () => {
  it('lists the rounds with their counts, links each, and offers the upload as a multipart form to the API', async () => {
    const res = await page('/rounds', 'fulfilment');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>号・出荷</h1>');
    expect(res.text).toContain(`href="/rounds/${round.roundId}"`);
    expect(res.text).toContain('12月号');
    const form = /<form[^>]*action="\/api\/staff\/shipment-imports"[^>]*>/.exec(res.text)?.[0] ?? '';
    expect(form.toLowerCase()).toContain('enctype="multipart/form-data"');
    expect(form).toContain('method="post"');
    expect(res.text).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/rounds"|<a[^>]*href="\/rounds"[^>]*aria-current="page"/);
  });

  it('names an upload problem sent back by the API', async () => {
    const res = await page('/rounds?problem=file', 'fulfilment');
    expect(res.text).toContain('CSVファイルを選んでください。');
    const binary = await page('/rounds?problem=text', 'fulfilment');
    expect(binary.text).toContain('CSVファイルとして読めません');
  });

  it('shows a round: the export form (layout and encoding, a plain GET) and the boxes it ships, not the boxes the shopper may still change', async () => {
    const res = await page(`/rounds/${round.roundId}`, 'fulfilment');
    expect(res.status).toBe(200);
    expect(res.text).toContain('action="/api/staff/rounds/export" method="get"');
    expect(res.text).toContain(`<input type="hidden" name="round" value="${round.roundId}"/>`);
    for (const layout of ['oshibox', 'yamato-b2', 'sagawa-ehiden', 'japanpost-yuprir']) expect(res.text).toContain(`<option value="${layout}"`);
    expect(res.text).toContain('<select id="export-encoding" name="encoding"');
    expect(res.text).toContain('ヤマト運輸 B2クラウド');
    expect(res.text).toContain(KNOWN_SHIP_TO.name);
    expect(res.text).not.toContain('未確定 太郎');
  });

  it('downloads a carrier layout as the form sends it (recommended encoding: Shift_JIS)', async () => {
    const res = await page(`/api/staff/rounds/export?round=${round.roundId}&layout=sagawa-ehiden&encoding=`, 'fulfilment').buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="round-${round.roundId}-sagawa-ehiden-cp932.csv"`);
    expect(iconv.decode(res.body as Buffer, 'cp932').split('\r\n')[0]).toMatch(/^住所録コード,お届け先電話番号,お届け先郵便番号,/);
  });

  it('downloads the Shift_JIS export through the console, the staff cookie passed on', async () => {
    const res = await page(`/api/staff/rounds/export?round=${round.roundId}&encoding=cp932`, 'fulfilment').buffer(true).parse(binaryBody);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="round-${round.roundId}-shipping-cp932.csv"`);
    expect(iconv.decode(res.body as Buffer, 'cp932').split('\r\n')[0]).toBe(HEADER);
  });

  it('refuses a catalogue member the area (403 page) and its export', async () => {
    expect((await page('/rounds', 'catalogue')).status).toBe(403);
    expect((await page(`/api/staff/rounds/export?round=${round.roundId}`, 'catalogue')).status).toBe(403);
  });

  it('uploads a shipped file, previews it, and confirms it with plain form posts', async () => {
    const file = `${HEADER}\r\n${ids.waiting},12月号,,,1,,,,,,,yamato,YMT-5555-0001\r\n${ids.waiting + 1000},12月号,,,1,,,,,,,yamato,YMT-5555-0002\r\n`;
    const upload = await request(admin.app).post('/api/staff/shipment-imports').set('cookie', cookies.fulfilment!).set('accept', 'text/html')
      .field('mode', 'shipped').attach('file', iconv.encode(file, 'cp932'), 'shipped.csv');
    expect(upload.status).toBe(303);
    const previewPath = String(upload.headers.location);
    expect(previewPath).toMatch(/^\/rounds\/imports\/[A-Za-z0-9_-]{32}$/);

    const preview = await page(previewPath, 'fulfilment');
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('変更される箱（1）');
    expect(preview.text).toContain('YMT-5555-0001');
    expect(preview.text).toContain('取り込めない行（1）');
    expect(preview.text).toContain('no such order (or it was cancelled)');

    const confirm = await request(admin.app).post(previewPath).set('cookie', cookies.fulfilment!).type('form').send('intent=confirm');
    expect(confirm.status).toBe(303);
    expect(confirm.headers.location).toBe(previewPath);
    const done = await page(previewPath, 'fulfilment');
    expect(done.text).toContain('<h1>取り込みました</h1>');
    const box = await stack.database.handle.db.selectFrom('plan_order_histories').select(['ship_number']).where('id', '=', ids.waiting).executeTakeFirstOrThrow();
    expect(box.ship_number).toBe('YMT-5555-0001');
  });

  it('bounds the upload on the console hop before anything goes upstream', async () => {
    const res = await request(admin.app).post('/api/staff/shipment-imports').set('cookie', cookies.fulfilment!)
      .set('content-type', 'multipart/form-data; boundary=x').set('content-length', String(3_000_000)).send('');
    expect(res.status).toBe(413);
  });
});

describe('the accounting report without JavaScript', () => {
  it('is a table of the last 24 months for the owner, with its CSV a plain download through the console', async () => {
    const res = await page('/reports', 'owner');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>会計レポート</h1>');
    expect(res.text).toContain('消費税（10%）');
    expect(res.text.match(/<tr>/g)?.length).toBe(25);
    expect(res.text).toContain('href="/api/staff/reports/sales.csv"');
    expect(res.text).toContain('href="/api/staff/reports/sales.csv?encoding=cp932"');
    const csv = await page('/api/staff/reports/sales.csv', 'owner').buffer(true).parse(binaryBody);
    expect(csv.status).toBe(200);
    expect([...(csv.body as Buffer).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('is refused to fulfilment (403 page), and the navigation does not offer it', async () => {
    expect((await page('/reports', 'fulfilment')).status).toBe(403);
    const rounds = await page('/rounds', 'fulfilment');
    expect(rounds.text).not.toContain('href="/reports"');
  });
});

describe('refunded boxes (issue 30)', () => {
  it('flags on the round page a box refunded and still shipping, in full or in part', async () => {
    const db = stack.database.handle.db;
    const goodwill = await addBox(db, round, 'WAITING', { name: '返金 発送' });
    await db.updateTable('plan_order_histories').set({ refund_status: 'refunded', refund_box: 'ship', refunded_at: new Date() }).where('id', '=', goodwill).execute();
    const part = await addBox(db, round, 'WAITING', { name: '一部 返金' });
    await db.insertInto('order_refunds').values({ history_id: part, amount: 500, reason: 'お詫び', refund_key: `part-${part}-key`, status: 'refunded', created_at: new Date(), refunded_at: new Date() }).execute();
    const res = await page(`/rounds/${round.roundId}`, 'fulfilment');
    const rowOf = (id: number) => {
      const start = res.text.indexOf(`<th scope="row">${id}</th>`);
      return start < 0 ? '' : res.text.slice(start, res.text.indexOf('</tr>', start));
    };
    expect(rowOf(goodwill)).toContain('返金済み（お詫びに発送）');
    expect(rowOf(part)).toContain('一部返金済み');
    expect(rowOf(ids.waiting)).not.toContain('返金');
  });
});
