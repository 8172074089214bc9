import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerSearchPage, RefundAnswer } from '../../shared/api/customers.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { startAccountApi, type AccountApi } from './api-account-fixtures.ts';
import { expectApiError, TEST_OPS_TOKEN } from './api-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { historiesOf, newShopper, providerChargesOf, seedCatalogue, subscribe, userPlansOf, type Catalogue, type Shopper } from './api-user-plan-fixtures.ts';

/**
 * /api/staff/customers (issue 19) over HTTP: support finds a shopper, reads their page, refunds a
 * charged round once whatever the double submits, acts on their subscriptions with the shopper's
 * own rules, and leaves notes; other roles are refused and the refusal is audited.
 */
let api: AccountApi;
let shop: Catalogue;
let charged: Shopper;
const tokens = {} as Record<StaffRole, string>;

const asStaffApi = (a: AccountApi): StaffApi => ({ ...a, databaseUrl: null });

beforeAll(async () => {
  api = await startAccountApi({
    throttle: { mailClient: { limit: 1000, windowMs: 30 * 60_000 } },
    staff: { adminOrigin: ADMIN_ORIGIN, opsToken: TEST_OPS_TOKEN },
  });
  shop = await seedCatalogue(api.db);
  for (const role of ['support', 'catalogue', 'fulfilment'] as const) {
    const email = `${role}@oshibox.example`;
    const { secret } = await enrolledStaff(asStaffApi(api), email, role);
    tokens[role] = await signedIn(asStaffApi(api), email, secret);
  }
  charged = await newShopper(api);
  const res = await subscribe(api, charged, { planId: shop.light, count: 1 });
  expect(res.status, res.text).toBe(201);
  await api.mailbox.waitFor(charged.email, (m) => m.subject.includes('12月号'));
});
afterAll(async () => api?.close());

const get = (path: string, role: StaffRole | null = 'support') =>
  request(api.app).get(`/api/staff/customers${path}`).set('cookie', withStaff(role ? tokens[role] : null));
const post = (path: string, body: object, role: StaffRole = 'support') =>
  request(api.app).post(`/api/staff/customers${path}`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(tokens[role])).send(body);

async function auditRows(action: string) {
  return api.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

describe('search', () => {
  it('finds the shopper by e-mail prefix, name, phone with hyphens and order number', async () => {
    const [history] = await historiesOf(api, charged.userId);
    for (const q of [charged.email.slice(0, 6).toUpperCase(), '推野', '03-1234-5678', `#${history?.id}`]) {
      const res = await get(`?q=${encodeURIComponent(q)}`).expect(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const page = res.body as CustomerSearchPage;
      expect(page.hits.map((h) => h.id), q).toContain(charged.userId);
    }
  });

  it('finds the shopper by any part of the name (with or without its space), the e-mail and the phone', async () => {
    // A middle part of the e-mail: not digits alone, which the search reads as a phone or order number.
    const middle = charged.email.slice('s'.length, charged.email.indexOf('@'));
    for (const q of ['花子', '推野花子', '推野　花子', `${middle}@EXAMPLE`, middle, '5678', '1234-56']) {
      const page = (await get(`?q=${encodeURIComponent(q)}`).expect(200)).body as CustomerSearchPage;
      expect(page.hits.map((h) => h.id), q).toContain(charged.userId);
    }
    // フリガナ, typed in hiragana, half-width or full-width katakana.
    await api.db.updateTable('users').set({ name_kana: 'オシノ　ハナコ' }).where('id', '=', charged.userId).execute();
    for (const q of ['はなこ', 'ｵｼﾉﾊﾅｺ', 'オシノ ハナ']) {
      const page = (await get(`?q=${encodeURIComponent(q)}`).expect(200)).body as CustomerSearchPage;
      expect(page.hits.find((h) => h.id === charged.userId), q).toMatchObject({ nameKana: 'オシノ　ハナコ' });
    }
    for (const q of ['花子推野', '9999-0000', 'nobody-here@']) {
      const page = (await get(`?q=${encodeURIComponent(q)}`).expect(200)).body as CustomerSearchPage;
      expect(page.hits.map((h) => h.id), q).not.toContain(charged.userId);
    }
  });

  it('takes `%` literally and answers nothing for a prefix nobody has', async () => {
    const page = (await get('?q=%25%40').expect(200)).body as CustomerSearchPage;
    expect(page).toEqual({ hits: [], page: 1, more: false });
  });

  it('refuses an empty or over-long query and a page out of range with a 400 naming the field', async () => {
    expectApiError(await get('?q=%20'), 400, 'BAD_REQUEST');
    expect(Object.keys((await get(`?q=${'a'.repeat(101)}`)).body.fields as object)).toEqual(['q']);
    expect(Object.keys((await get('?q=a&page=51')).body.fields as object)).toEqual(['page']);
  });

  it('is 401 without a session and 403 for catalogue, with the refusal audited', async () => {
    expectApiError(await get('?q=a', null), 401, 'UNAUTHORIZED');
    expectApiError(await get('?q=a', 'catalogue'), 403, 'FORBIDDEN');
    const refused = await auditRows('access.refused');
    expect(refused.at(-1)).toMatchObject({ staff_email: 'catalogue@oshibox.example', outcome: 'refused', target_id: 'GET /api/staff/customers/' });
  });
});

describe("a customer's page", () => {
  it('shows the profile, the subscription, the charged round and the card as brand and last four only', async () => {
    const res = await get(`/${charged.userId}`).expect(200);
    const detail = res.body as CustomerDetail;
    expect(detail.profile).toMatchObject({ id: charged.userId, email: charged.email, name: '推野 花子', tel: '0312345678' });
    expect(detail.card).toEqual({ brand: 'Visa', last4: '4242' });
    expect(res.text).not.toContain('12/30');
    expect(detail.subscriptions).toEqual([expect.objectContaining({ planId: shop.light, status: 'ACTIVE', planName: 'ライトプラン' })]);
    expect(detail.charges).toEqual([expect.objectContaining({ paymentStatus: 'SUCCESS', total: 3960, refundStatus: null, refundable: true })]);
  });

  it('is 404 for nobody and 400 for a bad id', async () => {
    expectApiError(await get('/999999'), 404, 'NOT_FOUND');
    expectApiError(await get('/0x1'), 400, 'BAD_REQUEST');
  });

  it('opens a sent mail as the shopper read it; a code mail is listed but its text was never kept', async () => {
    const detail = (await get(`/${charged.userId}`).expect(200)).body as CustomerDetail;
    const subscribed = detail.mails.find((m) => m.subject.includes('12月号'));
    expect(subscribed, JSON.stringify(detail.mails)).toMatchObject({ readable: true });
    const sentToShopper = api.mailbox.mails.find((m) => m.to.includes(charged.email) && m.subject === subscribed!.subject)!;
    const opened = await get(`/${charged.userId}/mails/${encodeURIComponent(subscribed!.ref)}`).expect(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.body).toMatchObject({ to: charged.email, subject: subscribed!.subject });
    expect((opened.body as { text: string }).text.trim()).toBe(sentToShopper.text.trim());

    const codeMail = detail.mails.find((m) => m.kind === 'signupCode');
    expect(codeMail, JSON.stringify(detail.mails)).toMatchObject({ readable: false });
    expectApiError(await get(`/${charged.userId}/mails/${codeMail!.ref}`), 404, 'NOT_FOUND');
    const logged = await api.db.selectFrom('mail_log').select('body_text').where('recipient', '=', charged.email).where('kind', '=', 'signupCode').execute();
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((m) => m.body_text === null)).toBe(true);

    // Another customer's mail is not reached through this one's page; a malformed ref names the field.
    const other = await newShopper(api);
    expectApiError(await get(`/${other.userId}/mails/${encodeURIComponent(subscribed!.ref)}`), 404, 'NOT_FOUND');
    expectApiError(await get(`/${charged.userId}/mails/x-1`), 400, 'BAD_REQUEST');
    expectApiError(await get(`/${charged.userId}/mails/${encodeURIComponent(subscribed!.ref)}`, 'catalogue'), 403, 'FORBIDDEN');
  });
});

describe('refund', () => {
  it('is refused to catalogue and fulfilment (403, audited) and nothing is refunded', async () => {
    const [history] = await historiesOf(api, charged.userId);
    for (const role of ['catalogue', 'fulfilment'] as const) {
      const res = await post(`/${charged.userId}/refund`, { historyId: history?.id, reason: '破損', idempotencyKey: 'refused-key-1' }, role);
      expectApiError(res, 403, 'FORBIDDEN');
      const refused = await auditRows('access.refused');
      expect(refused.at(-1)).toMatchObject({ staff_email: `${role}@oshibox.example`, target_id: `POST /api/staff/customers/${charged.userId}/refund` });
    }
    expect(await providerChargesOf(api, charged.userId)).toEqual([expect.objectContaining({ refunded_amount: 0 })]);
  });

  it('names the missing reason (400)', async () => {
    const [history] = await historiesOf(api, charged.userId);
    const res = await post(`/${charged.userId}/refund`, { historyId: history?.id, reason: ' ', idempotencyKey: 'refund-key-0001' });
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(Object.keys(res.body.fields as object)).toEqual(['reason']);
  });

  it('refunds a double submit once at the provider, stores the reason, audits it and mails the shopper', async () => {
    const [history] = await historiesOf(api, charged.userId);
    // Before shipment a full refund says what happens to the box (issue 30): here it still ships.
    const body = { historyId: history?.id, reason: '箱の破損のため', idempotencyKey: 'refund-key-0002', box: 'ship' };
    const answers = await Promise.all([post(`/${charged.userId}/refund`, body), post(`/${charged.userId}/refund`, body)]);
    for (const res of answers) expect(res.status, res.text).toBe(200);
    const bodies = answers.map((r) => r.body as RefundAnswer);
    expect(bodies.filter((b) => !b.replayed)).toEqual([{ historyId: history?.id, refundStatus: 'refunded', replayed: false }]);
    // A retry after the answer replays it, and the provider still refunded once.
    expect((await post(`/${charged.userId}/refund`, body)).body).toMatchObject({ refundStatus: 'refunded', replayed: true });
    expect(await providerChargesOf(api, charged.userId)).toEqual([expect.objectContaining({ amount: 3960, refunded_amount: 3960 })]);
    const [row] = await historiesOf(api, charged.userId);
    expect(row).toMatchObject({ refund_status: 'refunded', refund_reason: '箱の破損のため', refund_key: 'refund-key-0002' });
    const audited = await auditRows('customer.refund');
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ staff_email: 'support@oshibox.example', target_type: 'order', target_id: String(history?.id), outcome: 'success' });
    expect(audited[0]?.before).toMatchObject({ refundStatus: null });
    expect(audited[0]?.after).toMatchObject({ refundStatus: 'pending', reason: '箱の破損のため' });
    const mail = await api.mailbox.waitFor(charged.email, (m) => m.subject.includes('返金'));
    expect(mail.text).toContain('¥3,960');
    // The page lists the mails sent: the sign-up code's, the subscription's and the refund's, never a body.
    const detail = (await get(`/${charged.userId}`).expect(200)).body as CustomerDetail;
    expect(detail.mails.map((m) => m.kind)).toEqual(expect.arrayContaining(['refund', 'subscribed']));
    expect(detail.mails.map((m) => m.subject)).toContain('[OshiBox] 返金のお知らせ（注文番号 ' + String(history?.id) + '）');
    const logged = await api.db.selectFrom('mail_log').selectAll().where('recipient', '=', charged.email).execute();
    expect(logged.length).toBeGreaterThanOrEqual(3);
    for (const row of logged) expect(row.subject).not.toMatch(/\d{6}/);
  });

  it('refuses a second refund of the same round with another key (409)', async () => {
    const [history] = await historiesOf(api, charged.userId);
    const res = await post(`/${charged.userId}/refund`, { historyId: history?.id, reason: 'もう一度', idempotencyKey: 'refund-key-0003' });
    expectApiError(res, 409, 'CONFLICT');
    expect((await get(`/${charged.userId}`).expect(200)).body.charges[0]).toMatchObject({ refundStatus: 'refunded', refundable: false });
  });

  it("is 404 for another customer's order", async () => {
    const [history] = await historiesOf(api, charged.userId);
    const other = await newShopper(api);
    expectApiError(await post(`/${other.userId}/refund`, { historyId: history?.id, reason: 'x', idempotencyKey: 'refund-key-0004' }), 404, 'NOT_FOUND');
  });
});

describe('acting on a subscription', () => {
  let shopper: Shopper;

  beforeAll(async () => {
    shopper = await newShopper(api);
    expect((await subscribe(api, shopper, { planId: shop.premium })).status).toBe(201);
  });

  it('skips the round as the shopper would (the charge is voided and refunded), audited with before and after', async () => {
    const res = await post(`/${shopper.userId}/plan`, { planId: shop.premium, action: 'skip' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ refunded: true });
    const [history] = await historiesOf(api, shopper.userId);
    expect(history).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded' });
    const [audit] = await auditRows('customer.plan.skip');
    expect(audit).toMatchObject({ target_type: 'user_plan', outcome: 'success' });
    expect(audit?.after).toMatchObject({ status: 'ACTIVE', skippedRounds: [shop.openRound.premium] });
  });

  it('pauses and resumes; a resume of a running plan is 409', async () => {
    expect((await post(`/${shopper.userId}/plan`, { planId: shop.premium, action: 'pause' })).status).toBe(200);
    expect((await userPlansOf(api, shopper.userId))[0]?.paused_from).not.toBeNull();
    expect((await post(`/${shopper.userId}/plan`, { planId: shop.premium, action: 'resume' })).status).toBe(200);
    expectApiError(await post(`/${shopper.userId}/plan`, { planId: shop.premium, action: 'resume' }), 409, 'CONFLICT');
    expect(await auditRows('customer.plan.pause')).toHaveLength(1);
    expect(await auditRows('customer.plan.resume')).toHaveLength(1);
  });

  it('refuses an unknown action or reason with a 400 naming the field, and fulfilment with 403', async () => {
    expect(Object.keys((await post(`/${shopper.userId}/plan`, { planId: shop.premium, action: 'delete' })).body.fields as object)).toEqual(['action']);
    expect(Object.keys((await post(`/${shopper.userId}/cancel`, { planId: shop.premium, reason: 'bored' })).body.fields as object)).toEqual(['reason']);
    expectApiError(await post(`/${shopper.userId}/cancel`, { planId: shop.premium, reason: 'price' }, 'fulfilment'), 403, 'FORBIDDEN');
  });

  it('cancels with a reason and a note, stored on the subscription and in the audit row', async () => {
    const res = await post(`/${shopper.userId}/cancel`, { planId: shop.premium, reason: 'oshi_change', note: '別のアーティストへ' });
    expect(res.status, res.text).toBe(200);
    expect((await userPlansOf(api, shopper.userId))[0]).toMatchObject({ status: 'CANCELLED', cancel_reason: 'oshi_change', cancel_note: '別のアーティストへ' });
    const [audit] = await auditRows('customer.plan.cancel');
    expect(audit?.before).toMatchObject({ status: 'ACTIVE', cancelReason: null });
    expect(audit?.after).toMatchObject({ status: 'CANCELLED', cancelReason: 'oshi_change', cancelNote: '別のアーティストへ' });
    const detail = (await get(`/${shopper.userId}`).expect(200)).body as CustomerDetail;
    expect(detail.subscriptions[0]).toMatchObject({ status: 'CANCELLED', cancelReason: { ja: '推し変', en: 'Changed favourite' } });
    await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('解約'));
  });
});

describe('notes', () => {
  it('adds notes listed newest first with their author; a blank or over-long note is 400', async () => {
    expect((await post(`/${charged.userId}/notes`, { body: '電話で問い合わせあり' })).status).toBe(201);
    api.clock.advance(60_000);
    expect((await post(`/${charged.userId}/notes`, { body: '返金済みと伝えた' })).status).toBe(201);
    const detail = (await get(`/${charged.userId}`).expect(200)).body as CustomerDetail;
    expect(detail.notes.map((n) => n.body)).toEqual(['返金済みと伝えた', '電話で問い合わせあり']);
    expect(detail.notes[0]?.staffEmail).toBe('support@oshibox.example');
    expect(Object.keys((await post(`/${charged.userId}/notes`, { body: '' })).body.fields as object)).toEqual(['body']);
    expect(Object.keys((await post(`/${charged.userId}/notes`, { body: 'x'.repeat(1001) })).body.fields as object)).toEqual(['body']);
    expectApiError(await post(`/${charged.userId}/notes`, { body: 'x' }, 'catalogue'), 403, 'FORBIDDEN');
    expect(await auditRows('customer.note')).toHaveLength(2);
  });
});

describe("correcting a box's address before it leaves", () => {
  const shipTo = { name: '推野 次郎', zip: '150-0041', address: '東京都渋谷区神南', address2: '1-1-1', tel: '090-1234-5678' };
  let shopper: Shopper;
  let historyId: number;

  beforeAll(async () => {
    shopper = await newShopper(api);
    expect((await subscribe(api, shopper, { planId: shop.light })).status).toBe(201);
    historyId = (await historiesOf(api, shopper.userId))[0]!.id;
  });

  it('refuses a box that is not being prepared with a clear 400 naming the order', async () => {
    const res = await post(`/${shopper.userId}/ship-to`, { historyId, ...shipTo });
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(res.body.message).toContain('発送準備中の箱だけ');
    expect(Object.keys(res.body.fields as object)).toEqual(['historyId']);
  });

  it('refuses a shipped box the same way, and an address outside the shop\'s rules names the field', async () => {
    await api.db.updateTable('plan_order_histories').set({ payment_status: 'SHIPSTART' }).where('id', '=', historyId).execute();
    expect((await post(`/${shopper.userId}/ship-to`, { historyId, ...shipTo })).body.message).toContain('発送準備中の箱だけ');
    expect(Object.keys((await post(`/${shopper.userId}/ship-to`, { historyId, ...shipTo, address: '渋谷' })).body.fields as object)).toEqual(['address']);
  });

  it('corrects a WAITING box, normalised as the shop stores it, audited with before and after', async () => {
    await api.db.updateTable('plan_order_histories').set({ payment_status: 'WAITING' }).where('id', '=', historyId).execute();
    expectApiError(await post(`/${shopper.userId}/ship-to`, { historyId, ...shipTo }, 'fulfilment'), 403, 'FORBIDDEN');
    expect((await post(`/${shopper.userId}/ship-to`, { historyId, ...shipTo })).status).toBe(204);
    const [row] = await historiesOf(api, shopper.userId);
    expect(row).toMatchObject({ ship_dest_name: '推野 次郎', ship_zip: '1500041', ship_address: '東京都渋谷区神南', ship_address2: '1-1-1', ship_tel: '09012345678' });
    const [audit] = await auditRows('customer.ship-to');
    expect(audit?.before).toMatchObject({ ship_zip: '1500002', ship_address: '東京都渋谷区渋谷' });
    expect(audit?.after).toMatchObject({ ship_zip: '1500041', ship_address: '東京都渋谷区神南' });
  });
});

describe('resending a mail', () => {
  it("sends a charged round's payment mail again, recorded and audited; a voided round's is 409, catalogue 403", async () => {
    const shopper = await newShopper(api);
    expect((await subscribe(api, shopper, { planId: shop.light })).status).toBe(201);
    const [history] = await historiesOf(api, shopper.userId);
    expect((await post(`/${shopper.userId}/resend`, { historyId: history?.id })).status).toBe(204);
    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('お支払い完了のお知らせ'));
    expect(mail.text).toContain('¥3,960');
    expect(await auditRows('customer.mail.resend')).toEqual([expect.objectContaining({ outcome: 'success', target_id: String(history?.id) })]);
    const detail = (await get(`/${shopper.userId}`).expect(200)).body as CustomerDetail;
    expect(detail.mails.map((m) => m.kind)).toContain('charged-resent');
    expectApiError(await post(`/${shopper.userId}/resend`, { historyId: history?.id }, 'catalogue'), 403, 'FORBIDDEN');
    expect((await post(`/${shopper.userId}/plan`, { planId: shop.light, action: 'skip' })).status).toBe(200);
    expectApiError(await post(`/${shopper.userId}/resend`, { historyId: history?.id }), 409, 'CONFLICT');
  });
});
