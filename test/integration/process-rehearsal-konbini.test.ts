import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistDetail, CheckoutPayment, Plan } from '../../shared/api/types.ts';
import { href } from '../../shared/routes.ts';
import type { ShopperRoundView } from '../../shared/shopper-round.ts';
import { killAll, startShop, tempDataDir } from './process-fixtures.ts';
import { newFan, RehearsalShop, type Fan } from './rehearsal-fans.ts';
import { readKonbiniRehearsal } from './rehearsal-readme.ts';

/**
 * Issue 34's rehearsal, as the README's "A fan who pays at a konbini" says it on a fresh demo
 * shop: a fan chooses 毎回コンビニで支払う, subscribes (a voucher, paid at the sandbox's store: the
 * subscription starts), and the README's lines, typed, send 2月号's request (paid from my page:
 * the 承諾通知), 3月号's request, and 3月号's lapse: never a charge, one box per paid round.
 */
const rs = new RehearsalShop();
const fan: Fan = newFan('rehearsal-konbini');
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const block = readKonbiniRehearsal(readme);
let plan: Plan;
let deadline = 0;

afterAll(async () => {
  await killAll();
  rs.removeCheckout();
});

beforeAll(async () => {
  const dataDir = tempDataDir();
  rs.started(await startShop('all', { DATA_DIR: dataDir, BILLING_INTERVAL_MS: '3600000', SEED_DEMO_CUSTOMERS: 'false' }), dataDir);
  await rs.signUp(fan);
}, 90_000);

const subjects = () => rs.outbox(fan).map((m) => m.subject);
/** The sandbox's store: the voucher page's 店頭で支払ったことにする button (a plain form post). */
const payAtStore = async (voucherUrl: string) => {
  const paid = await rs.callAs(fan, 'POST', new URL(voucherUrl, rs.shop.webUrl).pathname, '', 'application/x-www-form-urlencoded');
  expect(paid.status).toBe(200);
};
const requests = async () => (await (await rs.callAs(fan, 'GET', '/api/shopperRound')).json()) as ShopperRoundView[];

describe("the README's fan who pays at a konbini", () => {
  it('chooses konbini with no card, and the checkout states the method, its pay-by date and the button', async () => {
    const payment = await rs.pageText(href('profilePayment'), fan);
    expect(payment).toContain(block.choice);
    expect((await rs.callAs(fan, 'PUT', '/api/paymentMethod', { paymentMethod: 'KONBINI' })).status).toBe(200);
    const artist = (await (await rs.callAs(fan, 'GET', '/api/artist/amane_kururi')).json()) as ArtistDetail;
    plan = artist.plans.find((p) => p.name === 'ライトプラン')!;
    const checkout = await rs.pageText(href('checkout', { slug: 'amane_kururi', planId: plan.id }), fan);
    expect(checkout).toContain('コンビニ払い');
    expect(checkout).toContain('お支払い期限');
    expect(checkout).toContain(`${block.button} ¥3,960`);
  });

  it('issues a voucher at checkout; paid at the store, the subscription starts and My plans names the next deadline', async () => {
    const res = await fetch(`${rs.shop.webUrl}/api/userPlan`, {
      method: 'POST', headers: { cookie: fan.cookie, 'content-type': 'application/json', 'idempotency-key': `rehearsal-konbini-${Date.now()}` },
      body: JSON.stringify({ planId: plan.id }),
    });
    expect(res.status).toBe(202);
    const { authenticationUrl } = (await res.json()) as { authenticationUrl: string };
    const userPlanId = /\/mypage\/payment\/checkout\/(\d+)/.exec(authenticationUrl)![1]!;
    const voucher = (await (await rs.callAs(fan, 'GET', `/api/userPlan/${userPlanId}/checkoutPayment`)).json()) as CheckoutPayment;
    expect(voucher).toMatchObject({ state: 'awaiting', method: 'konbini', amount: 3_960 });
    expect(voucher.voucher?.number).toMatch(/^\d{11}$/);
    await expect.poll(subjects).toContainEqual(expect.stringContaining('コンビニでのお支払い番号のお知らせ'));
    await payAtStore(voucher.voucher!.url);
    await expect.poll(async () => ((await (await rs.callAs(fan, 'GET', `/api/userPlan/${userPlanId}/checkoutPayment`)).json()) as CheckoutPayment).state).toBe('paid');
    const myPlans = await rs.pageText(href('plan'), fan);
    const shown = /次回の決済：(\d{1,2}月号) — 申込締切 (\d{4}\/\d{2}\/\d{2} \d{2}:\d{2})/.exec(myPlans)!;
    deadline = Date.parse(`${shown[2]!.replaceAll('/', '-').replace(' ', 'T')}:00+09:00`);
    const paid = await rs.historiesOf(fan);
    expect(paid.map((h) => [h.paymentMethod, h.total])).toEqual([['KONBINI', 3_960]]);
  }, 60_000);

  it("sends the next round's request a week before its deadline; paid from my page, the 承諾通知 follows", { timeout: 120_000 }, async () => {
    const summary = (await rs.typedOps(block.moved(block.lines.request, deadline))).summary;
    expect(summary).toMatchObject({ reserved: 0, charged: 0, shopperRounds: expect.objectContaining({ requested: 1 }) });
    const [request] = await requests();
    expect(request).toMatchObject({ status: 'requested', total: 3_960 });
    await expect.poll(subjects).toContainEqual(expect.stringMatching(/\d{1,2}月号のお支払いのお願い/));
    expect(await rs.pageText(href('profile'), fan)).toContain('お支払いへ進む');
    const { url } = (await (await rs.callAs(fan, 'POST', `/api/shopperRound/${request!.id}/pay`, {})).json()) as { url: string };
    await payAtStore(url);
    await expect.poll(async () => (await requests())[0]?.status).toBe('paid');
    await expect.poll(subjects).toContainEqual(expect.stringContaining('ご注文を承りました（承諾通知）'));
    expect((await rs.historiesOf(fan)).map((h) => h.total)).toEqual([3_960, 3_960]);
  });

  it('lets the round after it lapse unpaid: not sent, nothing charged, and the mail says so', { timeout: 120_000 }, async () => {
    expect((await rs.typedOps(block.moved(block.lines.nextRequest, deadline))).summary).toMatchObject({ shopperRounds: expect.objectContaining({ requested: 1 }) });
    const lapsed = (await rs.typedOps(block.moved(block.lines.lapse, deadline))).summary;
    expect(lapsed).toMatchObject({ charged: 0, shopperRounds: expect.objectContaining({ lapsed: 1, paused: 0 }) });
    await expect.poll(subjects).toContainEqual(expect.stringMatching(/\d{1,2}月号はお届けしません（お支払いなし）/));
    expect((await rs.historiesOf(fan)).map((h) => h.total)).toEqual([3_960, 3_960]);
    expect((await requests()).map((r) => r.status).sort()).toEqual(['lapsed', 'paid']);
  });
});
