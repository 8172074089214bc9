import type { Request, Response, Router } from 'express';
import type { ApiErrorBody } from '../../../shared/api/errors.ts';
import type { ApiContext } from '../../context.ts';
import { challengePage, messagePage } from './sandbox-html.ts';
import { SANDBOX_OTP } from './test-cards.ts';

const NOTHING = {
  ja: '認証が必要なお支払いはありません（認証済み、失敗、または取り消されました）。ショップに戻ってご確認ください。',
  en: 'There is no payment waiting for authentication (it was authenticated, failed or cancelled). Please go back to the shop and check.',
};
const CHARGE_ID = /^ch_[A-Za-z0-9_-]{22}$/;

/**
 * The sandbox bank's 3-D Secure page for a charge it held (the card 4000 0000 0000 3063, issue 30):
 * the shopper types the one-time password; 123456 pays the charge, anything else fails it, and the
 * browser goes back to the shop's return URL, which asks the provider (never this page's word).
 * The charge id in the path is the page's capability (random, never logged).
 */
export function chargeAuthenticationPages(ctx: ApiContext, router: Router): void {
  const waiting = async (id: string) => {
    if (!CHARGE_ID.test(id)) return undefined;
    return ctx.db.selectFrom('sandbox_charges as c').leftJoin('sandbox_cards as k', 'k.token', 'c.token')
      .select(['c.order_key', 'c.amount', 'c.return_url', 'k.last4']).where('c.charge_id', '=', id).where('c.status', '=', 'requires_action')
      .executeTakeFirst();
  };

  // A browser gets the bank's page; any other client the API's one error shape (as the card pages do).
  const nothing = (req: Request, res: Response): void => {
    if (req.accepts(['json', 'html']) === 'html') return void res.status(404).type('html').send(messagePage(String(res.locals.nonce), NOTHING));
    const body: ApiErrorBody = { code: 'NOT_FOUND', message: NOTHING.ja, messageEn: NOTHING.en };
    res.status(404).json(body);
  };

  router.get('/charge/:id', async (req, res) => {
    const row = await waiting(String(req.params.id));
    const nonce = String(res.locals.nonce);
    if (!row) return nothing(req, res);
    const amount = `¥${row.amount.toLocaleString('ja-JP')}`;
    res.type('html').send(challengePage(nonce, { action: `${req.baseUrl}/charge/${String(req.params.id)}`, last4: row.last4 ?? '', errors: {}, amount }));
  });

  router.post('/charge/:id', async (req, res) => {
    const id = String(req.params.id);
    const row = await waiting(id);
    if (!row) return nothing(req, res);
    const body: unknown = req.body;
    const otp = typeof body === 'object' && body !== null && 'otp' in body && typeof body.otp === 'string' ? body.otp.trim() : '';
    const passed = otp === SANDBOX_OTP;
    // Moved only from requires_action: a second post, or a cancel in between, changes nothing.
    await ctx.db.updateTable('sandbox_charges')
      .set(passed ? { status: 'succeeded', decline_reason: null } : { status: 'declined', decline_reason: 'three_d_secure_failed' })
      .where('charge_id', '=', id).where('status', '=', 'requires_action').execute();
    if (!row.return_url) return void res.type('html').send(messagePage(String(res.locals.nonce), passed ? DONE : FAILED));
    res.redirect(303, row.return_url);
  });
}

const DONE = { ja: '認証しました。ショップに戻ってください。', en: 'Authenticated. Please go back to the shop.' };
const FAILED = { ja: '認証に失敗しました。ショップに戻ってください。', en: 'Authentication failed. Please go back to the shop.' };
