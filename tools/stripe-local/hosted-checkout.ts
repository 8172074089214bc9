/**
 * The stand-in for Checkout's hosted page in setup mode, `/c/pay/:sessionId`: a card form, a 3-D
 * Secure challenge for the cards that need one, then 303 to the success URL.
 */
import express, { type Request, type Response } from 'express';
import { findTestCard, isExpired, needsAuthenticationOnSetup, parseExpiry, passesLuhn } from './cards.ts';
import { challengeForm, errorBlock, escapeHtml, renderPage } from './html.ts';
import { isPlausibleId } from './ids.ts';
import type { Local } from './local.ts';
import { refreshSession } from './routes-checkout.ts';
import { completeSetup, createPaymentMethod, declineSetup, type CardEntry } from './setup.ts';
import type { SessionRecord } from './state.ts';

const MESSAGES = {
  number: 'カード番号が正しくありません / Your card number is invalid.',
  expiry: '有効期限が正しくありません（MM / YY）/ Your card\'s expiration date is invalid (MM / YY).',
  expired: '有効期限が過ぎています / Your card\'s expiration date is in the past.',
  cvc: 'セキュリティコードが正しくありません / Your card\'s security code is invalid.',
  name: 'カード名義を入力してください / Enter the name on the card.',
  declined: 'カードが拒否されました。別のカードをお試しください / Your card was declined. Try another card.',
  notTestCard: 'カードが拒否されました。テストモードではテスト用カード番号のみ使えます / Your card was declined: in test mode only Stripe\'s test card numbers work.',
  authFailed: '3Dセキュア認証に失敗しました。もう一度お試しください / 3-D Secure authentication failed. Please try again.',
  ended: 'このページは終了しました / This checkout page is no longer available.',
} as const;

type FormError = keyof typeof MESSAGES;

function cardForm(session: SessionRecord, error: FormError | null, name: string): string {
  const action = `/c/pay/${session.id}`;
  const back = session.cancelUrl ? `<p><a href="${escapeHtml(session.cancelUrl)}">戻る / Back</a></p>` : '';
  return renderPage('カードの登録 / Save your card', `${errorBlock(error ? MESSAGES[error] : null)}
<form method="post" action="${action}" novalidate>
<label for="number">カード番号 / Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">有効期限 (MM / YY) / Expiry (MM / YY)</label>
<input id="expiry" name="expiry" placeholder="MM / YY" autocomplete="cc-exp" required>
<label for="cvc">セキュリティコード / CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<label for="name">カード名義 / Name on card</label>
<input id="name" name="name" autocomplete="cc-name" value="${escapeHtml(name)}" required>
<button type="submit">カードを保存 / Save card</button>
</form>
${back}`);
}

/** Reads and checks the card fields; the number and CVC are never echoed back or kept. */
function readCard(body: Record<string, unknown>, now: Date): { entry: CardEntry | null; error: FormError | null } {
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).slice(0, 100) : '');
  const number = text('number').replace(/[\s-]/g, '');
  if (!passesLuhn(number)) return { entry: null, error: 'number' };
  const expiry = parseExpiry(text('expiry'));
  if (!expiry) return { entry: null, error: 'expiry' };
  if (isExpired(expiry, now)) return { entry: null, error: 'expired' };
  const card = findTestCard(number);
  const cvcLength = card?.brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(text('cvc').trim())) return { entry: null, error: 'cvc' };
  const name = text('name').trim();
  if (!name) return { entry: null, error: 'name' };
  if (!card) return { entry: null, error: 'notTestCard' };
  return { entry: { number, card, expMonth: expiry.month, expYear: expiry.year, name }, error: null };
}

function successUrl(session: SessionRecord): string {
  return session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

export function createCheckoutPages(local: Local): express.Router {
  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 }));

  function openSession(req: Request, res: Response): SessionRecord | null {
    const id = String(req.params.sessionId ?? '');
    const session = isPlausibleId(id) ? local.state.sessions.get(id) : undefined;
    if (session && refreshSession(local, session).status === 'open') return session;
    res.status(session ? 410 : 404).type('html').send(renderPage('stripe-local', errorBlock(MESSAGES.ended)));
    return null;
  }

  router.get('/c/pay/:sessionId', (req, res) => {
    const session = openSession(req, res);
    if (!session) return;
    res.type('html').send(cardForm(session, req.query.error === 'auth' ? 'authFailed' : null, ''));
  });

  router.post('/c/pay/:sessionId', (req, res) => {
    const session = openSession(req, res);
    if (!session) return;
    const { entry, error } = readCard(req.body ?? {}, local.now());
    const name = typeof req.body?.name === 'string' ? req.body.name.slice(0, 100) : '';
    if (!entry) {
      if (error === 'notTestCard' && declineSetup(local, session, 'card_declined')) return void openSession(req, res);
      return void res.status(400).type('html').send(cardForm(session, error, name));
    }
    if (entry.card.behaviour === 'declined_on_setup') {
      if (declineSetup(local, session, 'card_declined')) return void openSession(req, res);
      return void res.status(400).type('html').send(cardForm(session, 'declined', name));
    }
    const method = createPaymentMethod(local, entry);
    if (needsAuthenticationOnSetup(entry.card)) {
      session.pendingPaymentMethod = method.id;
      const setupIntent = local.state.setupIntents.get(session.setupIntent);
      if (setupIntent) setupIntent.status = 'requires_action';
      return void res.redirect(303, `/c/pay/${session.id}/3ds`);
    }
    completeSetup(local, session, method);
    res.redirect(303, successUrl(session));
  });

  router.get('/c/pay/:sessionId/3ds', (req, res) => {
    const session = openSession(req, res);
    if (!session) return;
    if (!session.pendingPaymentMethod) return void res.redirect(303, `/c/pay/${session.id}`);
    res.type('html').send(challengeForm(`/c/pay/${session.id}/3ds`, 'カードの登録を認証します / Authenticate saving this card.'));
  });

  router.post('/c/pay/:sessionId/3ds', (req, res) => {
    const session = openSession(req, res);
    if (!session) return;
    const method = session.pendingPaymentMethod ? local.state.paymentMethods.get(session.pendingPaymentMethod) : undefined;
    if (!method) return void res.redirect(303, `/c/pay/${session.id}`);
    if (req.body?.result === 'complete') {
      completeSetup(local, session, method);
      return void res.redirect(303, successUrl(session));
    }
    if (declineSetup(local, session, 'setup_intent_authentication_failure')) return void openSession(req, res);
    res.redirect(303, `/c/pay/${session.id}?error=auth`);
  });

  return router;
}
