import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { startConsole, type ConsoleServer, consoleMemberCookie } from '../support/console.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { BILLING_EMAIL, DECLINE_REASON, seedBillingRound, type BillingRound } from './billing-console-fixtures.ts';

/**
 * The console's Billing pages as a browser without JavaScript gets them (issue 19): rounds with
 * their charges counted by state, one state's charges, and the retry and reconcile forms as plain
 * posts that come back (303) to the list with what happened.
 */
let stack: Stack;
let admin: ConsoleServer;
let round: BillingRound;
const cookies: Partial<Record<StaffRole, string>> = {};

const memberCookie = (role: StaffRole) => consoleMemberCookie(stack, role, 'console-billing.example');

const page = (path: string, role: StaffRole) => request(admin.app).get(path).set('cookie', cookies[role] ?? '');
const post = (path: string, role: StaffRole, form: string) => request(admin.app).post(path).set('cookie', cookies[role] ?? '').type('form').send(form);
const statusOf = async (id: number) => (await stack.database.handle.db.selectFrom('plan_order_histories').select('payment_status').where('id', '=', id).executeTakeFirstOrThrow()).payment_status;
const chargesFor = (prefix: string) => stack.database.handle.db.selectFrom('sandbox_charges').select('order_key').where('order_key', 'like', `${prefix}%`).execute();

beforeAll(async () => {
  stack = await startStack({ seed: false });
  admin = await startConsole(stack);
  round = await seedBillingRound(stack.database.handle.db, 'billing-pages', new Date());
  for (const role of ['support', 'fulfilment'] as const) cookies[role] = await memberCookie(role);
}, 60_000);
afterAll(async () => {
  await admin?.close();
  await stack?.close();
});

describe('the billing pages without JavaScript', () => {
  it('lists the rounds with their charges counted by state, each count a link to its charges', async () => {
    const res = await page('/billing', 'support');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>決済</h1>');
    expect(res.text).toContain(`href="/billing/${round.roundId}?state=declined"`);
    expect(res.text).toContain(`href="/billing/${round.roundId}?state=inDoubt"`);
    expect(res.text).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/billing"|<a[^>]*href="\/billing"[^>]*aria-current="page"/);
  });

  it("shows the declined charges with the shopper's e-mail and the reason, and what a retry does before it is pressed", async () => {
    const res = await page(`/billing/${round.roundId}?state=declined`, 'support');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`billing-pages-${BILLING_EMAIL}`);
    expect(res.text).toContain(DECLINE_REASON);
    expect(res.text).toContain('前回の請求では代金は引き落とされていません。');
    expect(res.text).toContain(`action="/billing/${round.roundId}?state=declined"`);
    expect(res.text).toContain(`name="charge" value="${round.ids.declined}"`);
  });

  it('retries a declined charge with a plain form post, and says so on the list it came back to', async () => {
    const path = `/billing/${round.roundId}?state=declined`;
    const form = `intent=retry&charge=${round.ids.declined}&attempt=3`;
    const res = await post(path, 'support', form);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${path}&done=charged`);
    expect((await page(String(res.headers.location), 'support')).text).toContain('決済できました。');
    expect(await statusOf(round.ids.declined)).toBe('SUCCESS');
    // The same form again (a reload, a second click): nothing is charged twice.
    const again = await post(path, 'support', form);
    expect(again.headers.location).toBe(`${path}&done=unchanged`);
    const prefix = (await stack.database.handle.db.selectFrom('plan_order_histories').select('charge_key').where('id', '=', round.ids.declined).executeTakeFirstOrThrow())
      .charge_key.replace(/-[0-9]+$/, '-');
    expect(await chargesFor(prefix)).toEqual([{ order_key: `${prefix}4` }]);
  });

  it('reconciles a charge in doubt from the provider, with no second charge', async () => {
    const path = `/billing/${round.roundId}?state=inDoubt`;
    const list = await page(path, 'support');
    expect(list.text).toContain('二重に請求することはありません。');
    const res = await post(path, 'support', `intent=reconcile&charge=${round.ids.inDoubt}&attempt=1`);
    expect(res.headers.location).toBe(`${path}&done=charged`);
    expect(await statusOf(round.ids.inDoubt)).toBe('SUCCESS');
    expect(await chargesFor(round.inDoubtKey)).toEqual([{ order_key: round.inDoubtKey }]);
  });

  it('answers a form it cannot read with a message, and a refusal of the API with its words', async () => {
    const path = `/billing/${round.roundId}?state=inDoubt`;
    const bad = await post(path, 'support', `intent=refund&charge=${round.ids.busy}&attempt=1`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('送信内容を読み取れませんでした。');
    const busy = await post(path, 'support', `intent=reconcile&charge=${round.ids.busy}&attempt=1`);
    expect(busy.status).toBe(400);
    expect(busy.text).toContain('この請求はいま決済処理中です。');
  });

  it('is refused to fulfilment (403 page), and the navigation does not offer it', async () => {
    expect((await page('/billing', 'fulfilment')).status).toBe(403);
    expect((await page(`/billing/${round.roundId}`, 'fulfilment')).status).toBe(403);
    expect((await post(`/billing/${round.roundId}`, 'fulfilment', `intent=retry&charge=${round.ids.retrying}&attempt=1`)).status).toBe(400);
    expect(await statusOf(round.ids.retrying)).toBe('ERROR');
    expect((await page('/rounds', 'fulfilment')).text).not.toContain('href="/billing"');
  });
});
