import { randomBytes } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { ApiErrorBody } from '../../../shared/api/errors.ts';
import type { ApiContext } from '../../context.ts';
import { DomainError } from '../../http/errors.ts';
import { throttleRules } from '../../throttle/throttle.service.ts';
import { checkCardForm } from './card-form.ts';
import { endRegistration, OTP_WRONG, START_AGAIN, takeCardTry, takeOtpTry, TOO_MANY_TRIES, TOO_MANY_TRIES_REASON } from './card-tries.ts';
import { findRegistration, insertVaultCard, updateRegistration } from './sandbox.repository.ts';
import { cardFormPage, challengePage, messagePage } from './sandbox-html.ts';
import { chargeAuthenticationPages } from './charge-page.ts';
import { shopperPaymentPages } from './shopper-pages.ts';
import { SANDBOX_OTP } from './test-cards.ts';

type Registration = NonNullable<Awaited<ReturnType<typeof findRegistration>>>;

const ENDED = { ja: 'この登録手続きは終了したか、有効期限が切れています。ショップからやり直してください。', en: 'This registration has ended or expired. Please start again from the shop.' };
const DECLINED = { ja: 'このカードはご利用いただけません。別のカードをお試しください。', en: 'This card was declined. Please try another card.' };

/**
 * The sandbox gateway's hosted pages under /api/sandbox. The only API routes that take a form
 * post (the gateway's page is a plain HTML form); mounted before the JSON-only guard, after the
 * cross-site guard, so a post must still come from the shop's own origin.
 */
export function sandboxRouter(ctx: ApiContext): Router {
  const router = Router();
  router.use((req, res, next) => {
    res.locals.nonce = randomBytes(16).toString('base64');
    res.set('content-security-policy',
      `default-src 'none'; style-src 'nonce-${String(res.locals.nonce)}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`);
    res.set('referrer-policy', 'no-referrer');
    if (req.method === 'POST' && req.is('application/x-www-form-urlencoded') !== 'application/x-www-form-urlencoded') {
      return next(new DomainError(415, 'UNSUPPORTED_MEDIA_TYPE', { ja: 'フォーム形式で送信してください。', en: 'Send the form as application/x-www-form-urlencoded.' }));
    }
    next();
  });
  router.use(express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }));

  const load = async (req: Request, res: Response): Promise<Registration | undefined> => {
    const row = await findRegistration(ctx.db, String(req.params.id), ctx.now());
    if (!row) sendEnded(req, res, 404);
    return row;
  };

  router.get('/card/:id', async (req, res) => {
    const row = await load(req, res);
    if (!row) return;
    if (row.status === 'challenge') return res.redirect(303, `${req.baseUrl}/card/${row.id}/3ds`);
    if (row.status !== 'open') return sendEnded(req, res, 410, row);
    res.type('html').send(cardFormPage(String(res.locals.nonce), { action: `${req.baseUrl}/card/${row.id}`, cancelUrl: returnTo(row), errors: {} }));
  });

  router.post('/card/:id', async (req, res) => {
    const row = await load(req, res);
    if (!row) return;
    if (row.status !== 'open') return sendEnded(req, res, 410, row);
    const attempt = await takeCardTry(ctx, row.id);
    if (!attempt.allowed) {
      await endRegistration(ctx, row.id);
      return sendEnded(req, res, 429, row, true);
    }
    const nonce = String(res.locals.nonce);
    const view = { action: `${req.baseUrl}/card/${row.id}`, cancelUrl: returnTo(row) };
    const checked = checkCardForm(req.body, ctx.now());
    const refused = !checked.ok || checked.card.behaviour === 'decline_registration';
    if (refused && attempt.last) {
      await endRegistration(ctx, row.id);
      return sendEnded(req, res, 429, row, true);
    }
    if (!checked.ok) return res.status(400).type('html').send(cardFormPage(nonce, { ...view, ...checked }));
    const { card } = checked;
    if (card.behaviour === 'decline_registration') {
      return res.status(402).type('html').send(cardFormPage(nonce, { ...view, errors: {}, message: DECLINED, holder: checked.holder }));
    }
    const details = { brand: card.brand, last4: card.last4, expiry: card.expiry };
    if (card.behaviour === 'three_d_secure' || card.behaviour === 'three_d_secure_always') {
      const always = card.behaviour === 'three_d_secure_always';
      await updateRegistration(ctx.db, row.id, 'open', { status: 'challenge', ...details, authenticates_charges: always });
      return res.redirect(303, `${req.baseUrl}/card/${row.id}/3ds`);
    }
    const token = await insertVaultCard(ctx.db, { ...details, declinesCharges: card.behaviour === 'decline_charges' }, ctx.now());
    await updateRegistration(ctx.db, row.id, 'open', { status: 'registered', token, ...details });
    res.redirect(303, returnTo(row));
  });

  router.get('/card/:id/3ds', async (req, res) => {
    const row = await load(req, res);
    if (!row) return;
    if (row.status !== 'challenge') return sendEnded(req, res, 410, row);
    const tries = throttleRules(ctx.throttle).otpTries.limit;
    res.type('html').send(challengePage(String(res.locals.nonce), { action: `${req.baseUrl}/card/${row.id}/3ds`, last4: row.last4 ?? '', errors: {}, tries }));
  });

  router.post('/card/:id/3ds', async (req, res) => {
    const row = await load(req, res);
    if (!row) return;
    if (row.status !== 'challenge' || !row.brand || !row.last4 || !row.expiry) {
      return sendEnded(req, res, 410, row);
    }
    const body: unknown = req.body;
    const otp = typeof body === 'object' && body !== null && 'otp' in body && typeof body.otp === 'string' ? body.otp.trim() : '';
    // Every post counts, the right one too: the bound is on what can be typed at one challenge.
    const { left } = await takeOtpTry(ctx, row.id);
    if (otp === SANDBOX_OTP) {
      const token = await insertVaultCard(ctx.db, {
        brand: row.brand, last4: row.last4, expiry: row.expiry, declinesCharges: false, authenticatesCharges: row.authenticates_charges,
      }, ctx.now());
      await updateRegistration(ctx.db, row.id, 'challenge', { status: 'registered', token });
    } else if (left > 0) {
      // A mistyped password says so here, on the issuer's page, and may be typed again (issue 31).
      const view = { action: `${req.baseUrl}/card/${row.id}/3ds`, last4: row.last4, errors: { otp: OTP_WRONG(left) }, tries: throttleRules(ctx.throttle).otpTries.limit };
      return res.status(400).type('html').send(challengePage(String(res.locals.nonce), view));
    } else {
      await updateRegistration(ctx.db, row.id, 'challenge', { status: 'declined', decline_reason: 'three_d_secure_failed' });
    }
    res.redirect(303, returnTo(row));
  });

  chargeAuthenticationPages(ctx, router);
  shopperPaymentPages(ctx, router);
  return router;
}

/**
 * A browser gets the gateway's page; any other client the API's one error shape. A registration
 * ended by too many tries says so, and links back to the shop to start a new one.
 */
function sendEnded(req: Request, res: Response, status: 404 | 410 | 429, row?: Registration, tooManyTries = false): void {
  const dead = tooManyTries || row?.decline_reason === TOO_MANY_TRIES_REASON;
  const message = dead ? TOO_MANY_TRIES : ENDED;
  if (req.accepts(['json', 'html']) === 'html') {
    const link = dead && row ? { href: returnTo(row), text: START_AGAIN } : undefined;
    res.status(status).type('html').send(messagePage(String(res.locals.nonce), message, link));
    return;
  }
  const body: ApiErrorBody = { code: dead ? 'RATE_LIMITED' : 'NOT_FOUND', message: message.ja, messageEn: message.en };
  res.status(status).json(body);
}

/** Back to the shop's return URL (a path of the same origin) with the registration id. */
function returnTo(row: Registration): string {
  const url = new URL(row.return_url, 'http://return.invalid');
  url.searchParams.set('registrationId', row.id);
  return `${url.pathname}${url.search}`;
}

