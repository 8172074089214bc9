import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { ADDRESSEE_MESSAGES } from '../../shared/receipt.ts';
import { href, loginHref } from '../../shared/routes.ts';
import { insertHistory, insertSubscription, seedHistoryShop, type HistoryShop, type HistoryOverrides } from '../support/order-history-rows.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/** The order history and receipt pages as a browser without JavaScript gets them (SSR, plain POSTs). */
let stack: Stack;
let shop: HistoryShop;
let serial = 0;

const fromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  stack = await startStack({ seed: false });
  shop = await seedHistoryShop(stack.database.handle.db, 'history-web');
});
afterAll(async () => stack?.close());

async function shopper() {
  serial += 1;
  const db = stack.database.handle.db;
  const userId = await insertUser(db, { ...KNOWN_USER, email: `history-web-${serial}@example.com` });
  const token = `history-web-session-${serial}-0123456789abcdef`;
  await insertSession(db, { token, userId, expiresAt: fromNow(24 * 60) });
  const userPlanId = await insertSubscription(db, userId, shop, new Date());
  const order = async (overrides: HistoryOverrides = {}, ended = false) => {
    const planId = ended ? await insertSubscription(db, userId, shop, new Date(), 'CANCELLED') : userPlanId;
    return insertHistory(db, { userId, userPlanId: planId, shop }, overrides);
  };
  return { cookie: `${SESSION_COOKIE}=${token}`, order };
}

const get = (path: string, cookie?: string) => (cookie ? request(stack.web).get(path).set('cookie', cookie) : request(stack.web).get(path));
/** The page's HTML without React's text-node separators (`<!-- -->`), as a reader sees the words. */
const textOf = (res: request.Response) => res.text.replaceAll('<!-- -->', '');
const postForm = (path: string, cookie: string, fields: Record<string, string>) =>
  request(stack.web).post(path).type('form').set('sec-fetch-site', 'same-origin').set('cookie', cookie).send(fields);

describe('/mypage/orderHistroy', () => {
  it('sends a visitor to login and back', async () => {
    const res = await get(href('orderHistory')).expect(302);
    expect(res.headers.location).toBe(loginHref(href('orderHistory')));
  });

  it('an empty history links to the lineup', async () => {
    const { cookie } = await shopper();
    const res = await get(href('orderHistory'), cookie).expect(200);
    expect(res.text).toContain('ご注文はまだありません。');
    expect(res.text).toContain(`href="${href('lineup')}"`);
  });

  it('lists each order as a card: round, artist, tier, total, method, label, tracking link, timeline, receipt link', async () => {
    const { cookie, order } = await shopper();
    const shipped = await order({ payment_status: 'SHIPSTART', ship_number: '123456789012', carrier: 'sagawa', shipped_at: new Date('2026-12-24T00:00:00Z'), created_at: new Date('2026-11-20T00:00:00Z') });
    const failed = await order({ payment_status: 'ERROR', paid_at: null, plan_order_id: shop.januaryRound, next_attempt_at: new Date('2026-12-26T00:00:00Z'), created_at: new Date('2026-12-25T00:00:00Z') }, true);
    const res = await get(href('orderHistory'), cookie).expect(200);
    const html = textOf(res);
    expect(html.indexOf(`order-${failed}`)).toBeLessThan(html.indexOf(`order-${shipped}`));
    for (const text of ['12月号', '1月号', shop.artistName, 'ライトプラン', '¥3,960（税込）', 'クレジットカード', '決済完了・発送済み', '決済失敗', '2026/11/20', '佐川急便 123456789012',
      'お届けまでの流れ', '<details', '2026/12/24', '決済の再試行', '2026/12/26']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=123456789012"');
    expect(html).toContain(`href="${href('receipt', { id: shipped })}"`);
    expect(html).not.toContain(`href="${href('receipt', { id: failed })}"`);
    expect(html).toContain(`href="${href('profilePayment')}"`);
  });

  it('a GMOAB order shows its due date and the late-fee rules, and no receipt link', async () => {
    const { cookie, order } = await shopper();
    const id = await order({ payment_method: 'GMOAB' });
    const html = textOf(await get(href('orderHistory'), cookie).expect(200));
    expect(html).toContain('GMO後払いのお支払い期限');
    expect(html).toContain('2026/12/04');
    expect(html).toContain('297円');
    expect(html).toContain('891円');
    expect(html).not.toContain(`href="${href('receipt', { id })}"`);
  });
});

describe('/mypage/orderHistroy/{id}/receipt', () => {
  it('shows the form with the user\'s name; posting issues it (303) and the page shows the receipt', async () => {
    const { cookie, order } = await shopper();
    const id = await order();
    const page = await get(href('receipt', { id }), cookie).expect(200);
    expect(page.text).toContain('value="推野 花子"');
    expect(page.text).not.toContain('receipt-sheet');
    const posted = await postForm(href('receipt', { id }), cookie, { intent: 'issue', addressee: '株式会社推し活' }).expect(303);
    expect(posted.headers.location).toBe(href('receipt', { id }));
    const html = textOf(await get(href('receipt', { id }), cookie).expect(200));
    for (const text of ['receipt-sheet', '株式会社推し活', '¥3,960-', `OshiBox ${shop.artistName} ライトプラン 12月号 代として`, '税率10%対象 ¥3,960（内消費税 ¥360）',
      '登録番号: T1234567890123', '株式会社オシボックス', 'クレジットカード', '2026/11/20', '宛名を変えて再発行']) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('receipt-reissued');
    await postForm(href('receipt', { id }), cookie, { intent: 'issue', addressee: '推野 花子' }).expect(303);
    const again = textOf(await get(href('receipt', { id }), cookie).expect(200));
    expect(again).toContain('receipt-reissued');
    expect(again).toContain('再発行');
  });

  it('a bad addressee comes back with its message and what was typed', async () => {
    const { cookie, order } = await shopper();
    const id = await order();
    const res = await postForm(href('receipt', { id }), cookie, { intent: 'issue', addressee: 'あ'.repeat(101) }).expect(400);
    expect(textOf(res)).toContain('宛名は100文字以内で入力してください。');
    expect(res.text).toContain(`value="${'あ'.repeat(101)}"`);
  });

  it('an addressee with a right-to-left override (U+202E) comes back with the message naming it (issue 17)', async () => {
    const { cookie, order } = await shopper();
    const id = await order();
    const res = await postForm(href('receipt', { id }), cookie, { intent: 'issue', addressee: '株式会社\u202E社会式株' }).expect(400);
    expect(textOf(res)).toContain(ADDRESSEE_MESSAGES.invalid.ja);
    expect(res.text).toMatch(/aria-invalid="true"[^>]*name="addressee"|name="addressee"[^>]*aria-invalid="true"/);
    expect(textOf(await get(href('receipt', { id }), cookie).expect(200))).not.toContain('receipt-sheet');
  });

  it('explains why there is none for GMOAB and for an unpaid order, with no form', async () => {
    const { cookie, order } = await shopper();
    const deferred = await order({ payment_method: 'GMOAB' });
    const html = textOf(await get(href('receipt', { id: deferred }), cookie).expect(200));
    expect(html).toContain('払込票の受領証が領収書となります');
    expect(html).not.toContain('name="addressee"');
    const failed = await order({ payment_status: 'ERROR', paid_at: null, plan_order_id: shop.januaryRound }, true);
    const failedHtml = textOf(await get(href('receipt', { id: failed }), cookie).expect(200));
    expect(failedHtml).toContain('決済が完了していないため');
    const refused = await postForm(href('receipt', { id: failed }), cookie, { intent: 'issue', addressee: '推野 花子' }).expect(400);
    expect(textOf(refused)).toContain('決済が完了していないため');
  });

  it('another user\'s order is a 404 page', async () => {
    const owner = await shopper();
    const id = await owner.order();
    const stranger = await shopper();
    await get(href('receipt', { id }), stranger.cookie).expect(404);
  });
});
