/**
 * Stand-ins for the pages a shopper sees for konbini and PayPay (issue 34): the hosted voucher
 * (`konbini_display_details.hosted_voucher_url`) and PayPay's approve page
 * (`redirect_to_url.url`), whose Approve / Decline are plain form posts that pay or decline the
 * PaymentIntent and go back to `return_url` with Stripe's query parameters.
 */
import express from 'express';
import { errorBlock, escapeHtml, renderPage } from './html.ts';
import { isPlausibleId } from './ids.ts';
import type { Local } from './local.ts';
import { failShopperIntent, PAYPAY_DECLINED, payShopperIntent } from './shopper-payments.ts';
import type { PaymentIntentRecord } from './state.ts';

const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}`;
const jst = (seconds: number) => new Date(seconds * 1000).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' });

export function returnWith(returnUrl: string, intent: PaymentIntentRecord, status: 'succeeded' | 'failed'): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', intent.clientSecret);
  url.searchParams.set('redirect_status', status);
  return url.toString();
}

function voucherPage(intent: PaymentIntentRecord): string {
  const v = intent.voucher;
  if (!v) return '';
  return renderPage('コンビニ払い / Konbini payment', `<p>お支払い金額 / Amount: <strong>${yen(intent.amount)}</strong></p>
<dl>
<dt>お支払い番号 / Payment code</dt><dd data-testid="payment-code">${escapeHtml(v.paymentCode)}</dd>
<dt>確認番号 / Confirmation number</dt><dd>${escapeHtml(v.confirmationNumber)}</dd>
<dt>お支払い期限 / Pay by</dt><dd>${escapeHtml(jst(v.expiresAt))} (JST)</dd>
</dl>
<p>${intent.status === 'requires_action' ? 'お支払いをお待ちしています / Waiting for payment.' : `状態 / Status: ${escapeHtml(intent.status)}`}</p>`);
}

function approvePage(intent: PaymentIntentRecord): string {
  return renderPage('PayPay', `<p>${yen(intent.amount)} をPayPayで支払います / Pay ${yen(intent.amount)} with PayPay.</p>
<p>テスト用のページです。結果を選んでください / A test page: choose the outcome.</p>
<form method="post" action="/paypay/${intent.id}">
<button type="submit" name="result" value="approve">承認する / Approve</button>
<button type="submit" name="result" value="decline">拒否する / Decline</button>
</form>`);
}

export function createShopperPages(local: Local): express.Router {
  const router = express.Router();
  router.use('/paypay', express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 3 }));
  const find = (id: string, method: 'konbini' | 'paypay') => {
    const intent = isPlausibleId(id) ? local.state.paymentIntents.get(id) : undefined;
    return intent?.methodTypes[0] === method ? intent : undefined;
  };
  const nothing = renderPage('stripe-local', errorBlock('このお支払いはありません / There is no such payment.'));
  const waiting = renderPage('stripe-local', errorBlock('お支払いを待っていません / This payment is not waiting for approval.'));

  router.get('/konbini/:id', (req, res) => {
    const intent = find(String(req.params.id), 'konbini');
    if (!intent?.voucher) return void res.status(404).type('html').send(nothing);
    res.type('html').send(voucherPage(intent));
  });

  router.get('/paypay/:id', (req, res) => {
    const intent = find(String(req.params.id), 'paypay');
    if (!intent) return void res.status(404).type('html').send(nothing);
    if (intent.status !== 'requires_action') return void res.status(409).type('html').send(waiting);
    res.type('html').send(approvePage(intent));
  });

  router.post('/paypay/:id', (req, res) => {
    const intent = find(String(req.params.id), 'paypay');
    if (!intent) return void res.status(404).type('html').send(nothing);
    const returnUrl = intent.nextAction?.returnUrl;
    if (intent.status !== 'requires_action' || !returnUrl) return void res.status(409).type('html').send(waiting);
    const approved = (req.body as { result?: unknown } | undefined)?.result === 'approve';
    if (approved) payShopperIntent(local, intent);
    else failShopperIntent(local, intent, PAYPAY_DECLINED);
    res.redirect(303, returnWith(returnUrl, intent, approved ? 'succeeded' : 'failed'));
  });
  return router;
}
