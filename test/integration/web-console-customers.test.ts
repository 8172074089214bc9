import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import { totpCodeAt } from '../../api/staff/totp.ts';
import type { StaffInvite, StaffRole } from '../../shared/staff-roles.ts';
import { insertChargedCustomer, type ChargedCustomer } from '../support/charged-customer.ts';
import { startConsole, type ConsoleServer } from '../support/console.ts';
import { startStack, testConfig, type Stack } from '../support/stack.ts';
import { TEST_OPS_TOKEN } from './api-fixtures.ts';

/**
 * The customers area's pages without JavaScript (issue 19): the console's server renders the
 * search, a customer's page and each confirm step; forms POST and answer 303 to the page.
 */
const ADMIN_ORIGIN = testConfig().ADMIN_ORIGIN;
const PASSWORD = 'console-pass-1';
let stack: Stack;
let admin: ConsoleServer;
let customer: ChargedCustomer;
const cookies = {} as Record<StaffRole, string>;

async function signIn(email: string, role: StaffRole): Promise<string> {
  const invite = (await request(stack.api).post('/ops/staff').set('authorization', `Bearer ${TEST_OPS_TOKEN}`).send({ email, role })).body as StaffInvite;
  const token = invite.setupUrl.split('/setup/')[1] ?? '';
  const uri = (await request(stack.api).get(`/api/staff/setup/${token}`)).body as { otpauthUri: string };
  const secret = new URL(uri.otpauthUri).searchParams.get('secret') ?? '';
  await request(stack.api).post(`/api/staff/setup/${token}`).set('origin', ADMIN_ORIGIN)
    .send({ password: PASSWORD, passwordConfirm: PASSWORD, otp: totpCodeAt(secret, new Date()) });
  // The setup took this step's code: the app's next one signs in.
  const login = await request(stack.api).post('/api/staff/login').set('origin', ADMIN_ORIGIN)
    .send({ email, password: PASSWORD, otp: totpCodeAt(secret, new Date(Date.now() + 30_000)) });
  const raw = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
  return raw.find((c) => c.startsWith(`${STAFF_COOKIE}=`))?.split(';')[0] ?? '';
}

beforeAll(async () => {
  stack = await startStack({ seed: false, staffApi: { adminOrigin: ADMIN_ORIGIN, opsToken: TEST_OPS_TOKEN } });
  admin = await startConsole(stack);
  customer = await insertChargedCustomer(stack.database.handle.db, 'ssr');
  cookies.support = await signIn('support@oshibox.example', 'support');
  cookies.catalogue = await signIn('catalogue@oshibox.example', 'catalogue');
});
afterAll(async () => {
  await admin?.close();
  await stack?.close();
});

const page = async (path: string, role: StaffRole = 'support') => {
  const res = await request(admin.app).get(path).set('cookie', cookies[role]);
  // React's markers between adjacent text parts are not what a reader sees.
  return { status: res.status, text: res.text.replaceAll('<!-- -->', '') };
};
const ok = async (path: string) => {
  const res = await page(path);
  expect(res.status).toBe(200);
  return res;
};
const submit = (path: string, form: Record<string, string>) =>
  request(admin.app).post(path).set('cookie', cookies.support).set('origin', ADMIN_ORIGIN).type('form').send(new URLSearchParams(form).toString());
const customerPath = () => `/customers/${customer.userId}`;

describe('search', () => {
  it('is a GET form whose results link to the customer, and the navigation links the area', async () => {
    const res = await ok(`/customers?q=${encodeURIComponent('support-ssr')}`);
    expect(res.text).toMatch(/<form[^>]*method="get"[^>]*action="\/customers"|<form[^>]*action="\/customers"[^>]*method="get"/);
    expect(res.text).toContain(`href="${customerPath()}"`);
    expect(res.text).toContain(customer.name);
    expect(res.text).toMatch(/<a[^>]*href="\/customers"[^>]*>会員・定期便<\/a>/);
  });

  it('says what is wrong with an over-long query, and that nobody matches', async () => {
    expect((await ok(`/customers?q=${'a'.repeat(101)}`)).text).toContain('100文字以内');
    expect((await ok('/customers?q=nobody-here')).text).toContain('該当する会員はいません。');
  });

  it('is refused to catalogue', async () => {
    const res = await page('/customers?q=a', 'catalogue');
    expect(res.status).toBe(403);
  });
});

describe("a customer's page", () => {
  it('shows the profile, the card as brand and last four, the charge and its refund links (the box stopped or shipped, or a part)', async () => {
    const res = await ok(customerPath());
    expect(res.text).toContain('Visa •••• 4242');
    // Phone and postal code as people write them; the skip link leads past the navigation.
    expect(res.text).toContain('<dd>03-1234-5678</dd>');
    expect(res.text).toContain('〒150-0002 東京都渋谷区渋谷');
    expect(res.text).toMatch(/<a class="skip-link" href="#console-main">本文へスキップ<\/a>/);
    expect(res.text).toContain('id="console-main"');
    // The charge names its artist beside the plan: a fan of two artists has two ライトプラン.
    expect(res.text).toContain('<td>サポート ssr ライトプラン 受付中の回</td>');
    expect(res.text).not.toContain('tok_support');
    expect(res.text).not.toContain('12/30');
    for (const kind of ['stop', 'ship', 'part']) {
      expect(res.text).toContain(`href="${customerPath()}?confirm=refund-${customer.historyId}&amp;refund=${kind}"`);
    }
  });

  it('opens a sent mail from the list without JavaScript, and closes it with a link', async () => {
    await stack.database.handle.db.insertInto('billing_mails').values({
      key: `charged:${customer.historyId}`, kind: 'charged', user_id: customer.userId, history_id: customer.historyId, recipient: 'fan@example.com',
      subject: '[OshiBox] 1月号のお支払いが完了しました', body_text: '推野 様\n\n1月号のお支払いが完了しました。\nご請求額: ¥3,960', body_html: '<p>…</p>',
      status: 'sent', created_at: new Date(), sent_at: new Date(),
    }).execute();
    const list = await ok(customerPath());
    const open = `${customerPath()}?mail=${encodeURIComponent(`b-charged:${customer.historyId}`)}#customer-mail`;
    expect(list.text).toContain(`href="${open.replaceAll('&', '&amp;')}"`);
    expect(list.text).not.toContain('ご請求額: ¥3,960');
    const opened = await ok(open.split('#')[0]!);
    expect(opened.text).toMatch(/<pre class="console-mail-text">推野 様\n\n1月号のお支払いが完了しました。\nご請求額: ¥3,960<\/pre>/);
    expect(opened.text).toContain('fan@example.com');
    expect(opened.text).toContain(`href="${customerPath()}#customer-mails"`);
    // Another customer's key, or one that is not a ref: the page as it is, without a mail.
    for (const ref of ['b-charged:999999', 'nonsense']) {
      const other = await ok(`${customerPath()}?mail=${encodeURIComponent(ref)}`);
      expect(other.text).not.toContain('console-mail-text');
    }
  });

  it('refunds through the confirm step without JavaScript, once for a resubmitted form', async () => {
    const confirm = await ok(`${customerPath()}?confirm=refund-${customer.historyId}&refund=ship`);
    expect(confirm.text).toContain(`${customer.name} 様のご注文（注文番号 ${customer.historyId}・サポート ssr ライトプラン 受付中の回）の代金 ¥3,960 を全額返金します。箱はお詫びとして予定どおり発送します`);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(confirm.text)?.[1] ?? '';
    expect(key).toMatch(/^rf-[0-9a-f]{32}$/);
    const action = `${customerPath()}?confirm=refund-${customer.historyId}&refund=ship`;
    const form = { intent: 'refund', historyId: String(customer.historyId), idempotencyKey: key, reason: '', box: 'ship' };
    const blank = await submit(action, form);
    expect(blank.status).toBe(400);
    expect(blank.text).toContain('理由を500文字以内で入力してください');
    for (let i = 0; i < 2; i += 1) {
      const done = await submit(action, { ...form, reason: '箱の破損' });
      expect(done.status).toBe(303);
      expect(done.headers.location).toBe(`${customerPath()}?done=refund`);
    }
    const charge = await stack.database.handle.db.selectFrom('sandbox_charges').select('refunded_amount').where('order_key', '=', customer.chargeKey).executeTakeFirstOrThrow();
    expect(charge.refunded_amount).toBe(customer.total);
    const after = await ok(`${customerPath()}?done=refund`);
    expect(after.text).toContain('返金しました。');
    expect(after.text).toContain('返金済み（箱の破損）');
    expect(after.text).toContain('お詫びに発送');
    expect(after.text).not.toContain(`?confirm=refund-${customer.historyId}&amp;`);
  });

  it('refunds part of a charge without JavaScript; more than is left is named at the amount field (issue 30)', async () => {
    const other = await insertChargedCustomer(stack.database.handle.db, 'ssr-part');
    const action = `/customers/${other.userId}?confirm=refund-${other.historyId}&refund=part`;
    const confirm = await ok(action);
    expect(confirm.text).toContain(`代金の一部を返金します（¥3,960まで）。箱は予定どおり発送します。`);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(confirm.text)?.[1] ?? '';
    const form = { intent: 'refund', historyId: String(other.historyId), idempotencyKey: key, reason: 'お詫び', amount: '5000' };
    const over = await submit(action, form);
    expect(over.status).toBe(400);
    expect(over.text).toContain('返金額は、決済額から返金済み・返金中の額を引いた¥3,960（税込）までです。');
    expect(over.text).toMatch(/name="amount"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="amount"/);
    const done = await submit(action, { ...form, amount: '500' });
    expect(done.status).toBe(303);
    const page = await ok(`/customers/${other.userId}?done=refund`);
    expect(page.text).toContain('一部返金 ¥500（お詫び）');
    const charge = await stack.database.handle.db.selectFrom('sandbox_charges').select('refunded_amount').where('order_key', '=', other.chargeKey).executeTakeFirstOrThrow();
    expect(charge.refunded_amount).toBe(500);
  });

  it('adds a note and cancels with a reason through their forms', async () => {
    expect((await submit(customerPath(), { intent: 'note', body: '電話あり' })).headers.location).toBe(`${customerPath()}?done=note`);
    const confirm = await ok(`${customerPath()}?confirm=cancel-${customer.planId}`);
    expect(confirm.text).toContain('を解約します。');
    expect(confirm.text).toContain('<option value="oshi_change">推し変</option>');
    const done = await submit(`${customerPath()}?confirm=cancel-${customer.planId}`, { intent: 'cancel', planId: String(customer.planId), reason: 'price', note: '値上げ' });
    expect(done.status).toBe(303);
    const after = await ok(`${customerPath()}?done=cancel`);
    expect(after.text).toContain('解約しました。');
    expect(after.text).toContain('高い（値上げ）');
    expect(after.text).toContain('電話あり');
    // The round refunded by support is voided by the cancellation, never refunded twice.
    expect(after.text).toContain('返金済み（箱の破損）');
    const charge = await stack.database.handle.db.selectFrom('sandbox_charges').select('refunded_amount').where('order_key', '=', customer.chargeKey).executeTakeFirstOrThrow();
    expect(charge.refunded_amount).toBe(customer.total);
  });

  it('corrects the address of a box being prepared through its form; a wrong postal code is named', async () => {
    const other = await insertChargedCustomer(stack.database.handle.db, 'ssr-waiting');
    await stack.database.handle.db.updateTable('plan_order_histories').set({ payment_status: 'WAITING' }).where('id', '=', other.historyId).execute();
    const path = `/customers/${other.userId}?confirm=address-${other.historyId}`;
    const confirm = await ok(path);
    expect(confirm.text).toContain('の箱を、下のお届け先に送ります。');
    expect(confirm.text).toContain('value="東京都渋谷区渋谷"');
    const form = { intent: 'address', historyId: String(other.historyId), name: '推野 次郎', zip: '15000', address: '東京都渋谷区神南', address2: '1-1-1', tel: '09012345678' };
    const wrong = await submit(path, form);
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('郵便番号');
    expect((await submit(path, { ...form, zip: '150-0041' })).headers.location).toBe(`/customers/${other.userId}?done=address`);
    const row = await stack.database.handle.db.selectFrom('plan_order_histories').select(['ship_zip', 'ship_address']).where('id', '=', other.historyId).executeTakeFirstOrThrow();
    expect(row).toEqual({ ship_zip: '1500041', ship_address: '東京都渋谷区神南' });
  });

  it('resends the payment mail of a charged round through its confirm step', async () => {
    const other = await insertChargedCustomer(stack.database.handle.db, 'ssr-resend');
    const path = `/customers/${other.userId}?confirm=resend-${other.historyId}`;
    expect((await ok(`/customers/${other.userId}`)).text).toContain(`href="${path}"`);
    expect((await ok(path)).text).toContain(`のお支払い完了メールをもう一度送ります。`);
    const done = await submit(path, { intent: 'resend', historyId: String(other.historyId) });
    expect(done.headers.location).toBe(`/customers/${other.userId}?done=resend`);
    const after = await ok(`/customers/${other.userId}?done=resend`);
    expect(after.text).toContain('メールを再送しました。');
    expect(after.text).toContain('charged-resent');
  });

  it('refuses an unknown intent with a message, not a 500', async () => {
    expect((await submit(customerPath(), { intent: 'delete' })).status).toBe(400);
  });
});
