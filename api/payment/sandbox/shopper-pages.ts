import type { Request, Response, Router } from 'express';
import type { ApiErrorBody } from '../../../shared/api/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { ApiContext } from '../../context.ts';
import { alertBox, escape, page } from './sandbox-html.ts';
import { findSandboxShopperPayment, settleSandboxShopperPayment, SHOPPER_PAYMENT_ID } from './sandbox-shopper.ts';

const NOTHING = { ja: 'このお支払いは見つかりません。ショップに戻ってご確認ください。', en: 'This payment was not found. Please go back to the shop and check.' };
const PAID = { ja: 'お支払いを受け付けました。', en: 'The payment was received.' };
const CLOSED = { ja: 'このお支払いは受け付けを終了しました（支払い済み、期限切れ、または取り消し）。', en: 'This payment is closed (paid, expired or cancelled).' };
const BACK = { ja: 'ショップに戻る', en: 'Back to the shop' };

const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}`;

/**
 * The sandbox gateway's pages for a round the shopper pays herself (issue 34), as the 3-D Secure
 * page is for a held charge: the konbini voucher (with a test button that pays it "at the store")
 * and PayPay's approve page (Approve / Decline, then back to the shop's return URL, which asks
 * the provider). Plain forms; the payment id in the path is the capability (random, never logged).
 */
export function shopperPaymentPages(ctx: ApiContext, router: Router): void {
  const load = async (req: Request, method: 'konbini' | 'paypay') => {
    const id = String(req.params.id);
    if (!SHOPPER_PAYMENT_ID.test(id)) return undefined;
    const row = await ctx.db.selectFrom('sandbox_shopper_payments').select(['order_key', 'method', 'return_url']).where('payment_id', '=', id).executeTakeFirst();
    if (row?.method !== method) return undefined;
    const payment = await findSandboxShopperPayment(ctx.db, ctx.now(), { orderKey: row.order_key, paymentId: id });
    return payment ? { payment, returnUrl: row.return_url } : undefined;
  };
  const nothing = (req: Request, res: Response): void => {
    if (req.accepts(['json', 'html']) === 'html') return void res.status(404).type('html').send(message(res, NOTHING));
    const body: ApiErrorBody = { code: 'NOT_FOUND', message: NOTHING.ja, messageEn: NOTHING.en };
    res.status(404).json(body);
  };

  router.get('/konbini/:id', async (req, res) => {
    const found = await load(req, 'konbini');
    if (!found) return nothing(req, res);
    const { payment, returnUrl } = found;
    if (!payment.voucher) return void res.status(payment.status === 'succeeded' ? 200 : 409).type('html').send(message(res, payment.status === 'succeeded' ? PAID : CLOSED, returnUrl));
    res.type('html').send(voucherPage(String(res.locals.nonce), { amount: payment.amount, ...payment.voucher }, `${req.baseUrl}/konbini/${payment.paymentId}`, returnUrl));
  });
  router.post('/konbini/:id', async (req, res) => {
    const found = await load(req, 'konbini');
    if (!found) return nothing(req, res);
    const after = await settleSandboxShopperPayment(ctx, found.payment.paymentId, 'succeeded');
    res.status(after?.status === 'succeeded' ? 200 : 409).type('html').send(message(res, after?.status === 'succeeded' ? PAID : CLOSED, found.returnUrl));
  });

  router.get('/paypay/:id', async (req, res) => {
    const found = await load(req, 'paypay');
    if (!found) return nothing(req, res);
    if (found.payment.status !== 'awaiting_payment') return void res.status(409).type('html').send(message(res, CLOSED, found.returnUrl));
    res.type('html').send(approvePage(String(res.locals.nonce), found.payment.amount, `${req.baseUrl}/paypay/${found.payment.paymentId}`));
  });
  router.post('/paypay/:id', async (req, res) => {
    const found = await load(req, 'paypay');
    if (!found) return nothing(req, res);
    const body: unknown = req.body;
    const approved = typeof body === 'object' && body !== null && 'result' in body && body.result === 'approve';
    await settleSandboxShopperPayment(ctx, found.payment.paymentId, approved ? 'succeeded' : 'failed');
    res.redirect(303, found.returnUrl);
  });
}

function message(res: Response, text: { ja: string; en: string }, back?: string): string {
  const link = back ? `<a class="cancel" href="${escape(back)}">${BACK.ja} / ${BACK.en}</a>` : '';
  return page(String(res.locals.nonce), 'Sandbox', `<h1>お支払い<span class="en">Payment</span></h1>${alertBox(text)}${link}`);
}

function voucherPage(nonce: string, voucher: { amount: number; number?: string; expiresAt: Date }, action: string, back: string): string {
  const body = `<h1>コンビニ払い<span class="en">Pay at a convenience store</span></h1>
<p>お支払い金額 <strong>${yen(voucher.amount)}</strong><span class="en">Amount ${yen(voucher.amount)}</span></p>
<p>お支払い番号 <strong data-testid="payment-code">${escape(voucher.number ?? '')}</strong><span class="en">Payment code</span></p>
<p>お支払い期限 ${escape(formatDateTime(voucher.expiresAt))}<span class="en">Pay by (JST)</span></p>
<p>ローソン・ファミリーマート・ミニストップ・セイコーマートの店頭でお支払いください。<span class="en">Pay at a Lawson, FamilyMart, Ministop or Seicomart.</span></p>
<form method="post" action="${escape(action)}"><button type="submit">店頭で支払ったことにする（テスト）/ Mark as paid at the store (test)</button></form>
<a class="cancel" href="${escape(back)}">${BACK.ja} / ${BACK.en}</a>`;
  return page(nonce, 'コンビニ払い / Konbini — Sandbox', body);
}

function approvePage(nonce: string, amount: number, action: string): string {
  const body = `<h1>PayPayでお支払い<span class="en">Pay with PayPay</span></h1>
<p>${yen(amount)} をお支払いします。<span class="en">Paying ${yen(amount)}.</span></p>
<form method="post" action="${escape(action)}">
<button type="submit" name="result" value="approve">承認する / Approve</button>
<button type="submit" name="result" value="decline">拒否する / Decline</button>
</form>
<p>テストモード: 承認で支払い完了、拒否で失敗します。<span class="en">Test mode: Approve pays, Decline fails.</span></p>`;
  return page(nonce, 'PayPay — Sandbox', body);
}
