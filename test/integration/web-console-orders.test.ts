import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { startConsole, type ConsoleServer, consoleMemberCookie } from '../support/console.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { addOrder, seedOrderRound } from './order-list-fixtures.ts';
import { binaryBody } from '../support/binary-body.ts';
import { addBox, type ExportRound } from './round-export-fixtures.ts';

/**
 * The order list and the rounds list as a browser without JavaScript gets them (issue 32): drawn
 * on the server, filtered by plain GET forms, the order list's selection a form whose CSV button
 * downloads through the console's proxy and whose resend button posts to the page.
 */
const DAY = 86_400_000;
let stack: Stack;
let admin: ConsoleServer;
let late: ExportRound;
let open: ExportRound;
const o = { charged: 0, failed: 0 };
const cookies: Partial<Record<StaffRole, string>> = {};

const memberCookie = (role: StaffRole) => consoleMemberCookie(stack, role, 'console-orders.example');

const page = (path: string, role: StaffRole) => request(admin.app).get(path).set('cookie', cookies[role] ?? '');
const formOf = (html: string, action: string) => new RegExp(`<form[^>]*action="${action.replaceAll('/', '\\/')}"[^>]*>[\\s\\S]*?</form>`).exec(html)?.[0] ?? '';

beforeAll(async () => {
  stack = await startStack({ seed: false });
  admin = await startConsole(stack);
  const db = stack.database.handle.db;
  late = await seedOrderRound(db, 'orders-page-late', '星乃ミライ', new Date(Date.now() - 5 * DAY));
  open = await seedOrderRound(db, 'orders-page-open', '天音くるり', new Date(Date.now() + 30 * DAY));
  await addBox(db, late, 'WAITING');
  o.charged = await addOrder(db, open, { at: new Date(Date.now() - 60_000) });
  o.failed = await addOrder(db, open, { at: new Date(Date.now() - 30_000), status: 'ERROR' });
  for (const role of ['support', 'fulfilment'] as const) cookies[role] = await memberCookie(role);
}, 60_000);
afterAll(async () => {
  await admin?.close();
  await stack?.close();
});

describe('the order list without JavaScript', () => {
  it('draws the orders with a GET filter form and a bulk form of checkboxes', async () => {
    const res = await page('/orders', 'support');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>注文一覧</h1>');
    const filters = formOf(res.text, '/orders');
    expect(filters).toContain('method="get"');
    expect(filters).toMatch(/<button type="submit"[^>]*>検索<\/button>/);
    expect(res.text).toContain(`href="/customers/${open.userId}#charge-${o.charged}"`);
    expect(res.text).toContain('天音くるり スタンダードプラン 12月号');
    expect(res.text).toContain(`name="ids" value="${o.charged}"`);
    const csvButton = /<button[^>]*>CSVで出力<\/button>/.exec(res.text)?.[0] ?? '';
    expect(csvButton).toContain('formAction="/api/staff/orders/export.csv"');
    expect(csvButton).toContain('formMethod="get"');
    const resend = /<button[^>]*>お支払い完了メールを再送<\/button>/.exec(res.text)?.[0] ?? '';
    expect(resend).toContain('name="intent"');
    expect(resend).toContain('value="resend"');
  });

  it('filters by the URL the GET form makes', async () => {
    const res = await page('/orders?status=ERROR&artist=&method=', 'support');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`name="ids" value="${o.failed}"`);
    expect(res.text).not.toContain(`name="ids" value="${o.charged}"`);
  });

  it('downloads the selection as CSV through the proxy, and resends the payment mail by a form post', async () => {
    const csv = await page(`/api/staff/orders/export.csv?ids=${o.charged}&ids=${o.failed}&encoding=utf8`, 'support').buffer(true).parse(binaryBody);
    expect(csv.status).toBe(200);
    expect((csv.body as Buffer).subarray(3).toString('utf8')).toContain(`${o.failed},`);
    const post = await request(admin.app).post('/orders').set('cookie', cookies.support ?? '').type('form')
      .send(`ids=${o.charged}&ids=${o.failed}&encoding=utf8&intent=resend`);
    expect(post.status).toBe(303);
    expect(post.headers.location).toBe('/orders?sent=1&skipped=1');
    expect((await page(post.headers.location as string, 'support')).text).toContain('1件のメールを再送しました。1件は決済済みでないため送りませんでした。');
  });

  it('is refused to fulfilment (403 page)', async () => {
    expect((await page('/orders', 'fulfilment')).status).toBe(403);
  });
});

describe('the rounds list without JavaScript', () => {
  it('opens on the round to ship, with a GET filter form by status, artist and month', async () => {
    const res = await page('/rounds', 'fulfilment');
    expect(res.status).toBe(200);
    const filters = formOf(res.text, '/rounds');
    expect(filters).toContain('method="get"');
    expect(filters).toContain('name="state"');
    expect(filters).toContain('name="month"');
    expect(filters).toMatch(/>検索<\/button>/);
    expect(res.text.indexOf(`href="/rounds/${late.roundId}"`)).toBeLessThan(res.text.indexOf(`href="/rounds/${open.roundId}"`));
    const shipping = await page('/rounds?state=ship', 'fulfilment');
    expect(shipping.text).toContain(`href="/rounds/${late.roundId}"`);
    expect(shipping.text).not.toContain(`href="/rounds/${open.roundId}"`);
    expect(shipping.text).toContain('要出荷');
  });
});
