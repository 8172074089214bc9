/** Checkout Sessions in `setup` mode (https://docs.stripe.com/payments/save-and-reuse?platform=checkout), their SetupIntents and PaymentMethods. */
import type { ApiRoute } from './api.ts';
import { invalidRequest, noSuch } from './errors.ts';
import { isPlausibleId, newId } from './ids.ts';
import type { Local } from './local.ts';
import { optionalString, readExpand, readMetadata, readStringList, requiredString } from './params.ts';
import { renderPaymentMethod, renderSession, renderSetupIntent } from './render.ts';
import type { SessionRecord, SetupIntentRecord } from './state.ts';
import { findCustomer } from './routes-customers.ts';

const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

export function findSession(local: Local, id: string): SessionRecord {
  const session = isPlausibleId(id) ? local.state.sessions.get(id) : undefined;
  if (!session) throw noSuch('checkout.session', id.slice(0, 255), 'session');
  return session;
}

/** Sessions expire 24 hours after creation, as Checkout's do by default. */
export function refreshSession(local: Local, session: SessionRecord): SessionRecord {
  if (session.status === 'open' && session.expiresAt <= local.nowSeconds()) session.status = 'expired';
  return session;
}

function checkUrl(value: string, param: string): string {
  if (!/^https?:\/\/[^\s]+$/.test(value)) throw invalidRequest(`Not a valid URL`, param, 'url_invalid');
  return value;
}

function createSession(local: Local, params: Record<string, unknown>): SessionRecord {
  const mode = requiredString(params, 'mode', 20);
  if (mode !== 'setup') throw invalidRequest('stripe-local supports only mode=setup', 'mode');
  const customer = optionalString(params, 'customer', 255);
  if (customer) findCustomer(local, customer, 'customer');
  // API 2026-10-28 (stripe v23) names it `allowed_payment_method_types`; older versions `payment_method_types`.
  for (const name of ['payment_method_types', 'allowed_payment_method_types']) {
    if (readStringList(params, name).some((t) => t !== 'card')) throw invalidRequest('stripe-local supports only card', name);
  }
  const created = local.nowSeconds();
  const setupIntent: SetupIntentRecord = {
    id: newId('seti_'), created, clientSecret: '', customer, status: 'requires_payment_method', paymentMethod: null,
    lastSetupError: null, metadata: {},
  };
  setupIntent.clientSecret = `${setupIntent.id}_secret_${newId('', 24)}`;
  local.state.setupIntents.set(setupIntent.id, setupIntent);
  const session: SessionRecord = {
    id: newId('cs_test_', 58), created, expiresAt: created + SESSION_LIFETIME_SECONDS, customer,
    successUrl: checkUrl(requiredString(params, 'success_url', 5000), 'success_url'),
    cancelUrl: params.cancel_url === undefined ? null : checkUrl(requiredString(params, 'cancel_url', 5000), 'cancel_url'),
    currency: optionalString(params, 'currency', 3), locale: optionalString(params, 'locale', 10), metadata: readMetadata(params),
    status: 'open', setupIntent: setupIntent.id, declinedTries: 0, pendingPaymentMethod: null,
    allowedPaymentMethodTypes: params.allowed_payment_method_types === undefined ? null : ['card'],
  };
  local.state.sessions.set(session.id, session);
  return session;
}

export const CHECKOUT_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    template: '/v1/checkout/sessions',
    handle: (local, { params }) => ({ status: 200, body: renderSession(local.state, createSession(local, params), readExpand(params)) }),
  },
  {
    method: 'get',
    template: '/v1/checkout/sessions/{session}',
    handle(local, { path, params }) {
      const session = refreshSession(local, findSession(local, path.session ?? ''));
      return { status: 200, body: renderSession(local.state, session, readExpand(params)) };
    },
  },
  {
    method: 'post',
    template: '/v1/checkout/sessions/{session}/expire',
    handle(local, { path, params }) {
      const session = refreshSession(local, findSession(local, path.session ?? ''));
      if (session.status !== 'open') throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, undefined, 'checkout_session_not_open');
      session.status = 'expired';
      const setupIntent = local.state.setupIntents.get(session.setupIntent);
      if (setupIntent && setupIntent.status !== 'succeeded') setupIntent.status = 'canceled';
      return { status: 200, body: renderSession(local.state, session, readExpand(params)) };
    },
  },
  {
    method: 'get',
    template: '/v1/setup_intents/{intent}',
    handle(local, { path, params }) {
      const id = path.intent ?? '';
      const setupIntent = isPlausibleId(id) ? local.state.setupIntents.get(id) : undefined;
      if (!setupIntent) throw noSuch('setupintent', id.slice(0, 255), 'intent');
      return { status: 200, body: renderSetupIntent(local.state, setupIntent, readExpand(params)) };
    },
  },
  {
    method: 'get',
    template: '/v1/payment_methods/{payment_method}',
    handle(local, { path }) {
      const id = path.payment_method ?? '';
      const method = isPlausibleId(id) ? local.state.paymentMethods.get(id) : undefined;
      if (!method) throw noSuch('PaymentMethod', id.slice(0, 255), 'payment_method');
      return { status: 200, body: renderPaymentMethod(method) };
    },
  },
];
