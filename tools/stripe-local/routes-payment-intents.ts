/** PaymentIntents (https://docs.stripe.com/api/payment_intents): create-and-confirm, confirm, cancel, list, search. */
import type { ApiCall, ApiRoute } from './api.ts';
import type { Answer } from './errors.ts';
import { invalidRequest, noSuch, StripeApiError } from './errors.ts';
import { isPlausibleId, newId } from './ids.ts';
import type { Local } from './local.ts';
import { optionalBoolean, optionalInteger, optionalString, readExpand, readMetadata, requiredString, type Params } from './params.ts';
import { cardErrorBody, confirmIntent } from './payments.ts';
import { renderList, renderPaymentIntent } from './render.ts';
import { findCustomer } from './routes-customers.ts';
import { parseMetadataQuery } from './search-query.ts';
import { confirmShopperIntent, isShopperIntent, readMethodTypes } from './shopper-payments.ts';
import type { PaymentIntentRecord, PaymentMethodRecord } from './state.ts';

export function findIntent(local: Local, id: string, param = 'intent'): PaymentIntentRecord {
  const intent = isPlausibleId(id) ? local.state.paymentIntents.get(id) : undefined;
  if (!intent) throw noSuch('payment_intent', id.slice(0, 255), param);
  return intent;
}

function findMethodFor(local: Local, id: string, customer: string | null): PaymentMethodRecord {
  const method = isPlausibleId(id) ? local.state.paymentMethods.get(id) : undefined;
  if (!method) throw noSuch('PaymentMethod', id.slice(0, 255), 'payment_method');
  if (method.customer && method.customer !== customer) {
    throw invalidRequest('The provided PaymentMethod is attached to another customer.', 'payment_method', 'payment_method_invalid_parameter');
  }
  return method;
}

function createIntent(local: Local, params: Params): PaymentIntentRecord {
  const amount = optionalInteger(params, 'amount');
  if (amount === null) throw invalidRequest('Missing required param: amount.', 'amount', 'parameter_missing');
  if (amount < 50 || amount > 99_999_999) throw invalidRequest('Amount must be between ¥50 and ¥99,999,999', 'amount', 'amount_too_small');
  const currency = requiredString(params, 'currency', 3).toLowerCase();
  if (currency !== 'jpy') throw invalidRequest('stripe-local supports only jpy', 'currency', 'parameter_invalid_empty');
  const customer = optionalString(params, 'customer', 255);
  if (customer) findCustomer(local, customer, 'customer');
  const intent: PaymentIntentRecord = {
    id: newId('pi_'), created: local.nowSeconds(), seq: ++local.state.seq, clientSecret: '', amount, currency, customer,
    paymentMethod: null, status: 'requires_payment_method', metadata: readMetadata(params),
    description: optionalString(params, 'description', 1000), statementDescriptorSuffix: optionalString(params, 'statement_descriptor_suffix', 22),
    latestCharge: null, lastPaymentError: null, nextAction: null, canceledAt: null, cancellationReason: null,
    methodTypes: readMethodTypes(params), voucher: null, billing: null,
  };
  intent.clientSecret = `${intent.id}_secret_${newId('', 25)}`;
  return intent;
}

/** Confirms with the call's parameters; a failed confirmation is Stripe's 402 card_error carrying the PaymentIntent. */
function confirmAnswer(local: Local, intent: PaymentIntentRecord, params: Params, call: ApiCall): Answer {
  if (isShopperIntent(intent)) {
    confirmShopperIntent(local, intent, params, call.request);
    return { status: 200, body: renderPaymentIntent(local.state, intent, readExpand(params)) };
  }
  const methodId = optionalString(params, 'payment_method', 255) ?? intent.paymentMethod;
  if (!methodId) throw invalidRequest('You cannot confirm this PaymentIntent because it\'s missing a payment method.', 'payment_method', 'payment_intent_unexpected_state');
  const method = findMethodFor(local, methodId, intent.customer);
  intent.paymentMethod = method.id;
  const offSession = optionalBoolean(params, 'off_session') ?? false;
  const returnUrl = optionalString(params, 'return_url', 2048);
  confirmIntent(local, intent, method, { offSession, returnUrl }, call.request);
  if (intent.status === 'requires_payment_method') return { status: 402, body: cardErrorBody(local, intent) };
  return { status: 200, body: renderPaymentIntent(local.state, intent, readExpand(params)) };
}

const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
const CANCELLATION_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']);
const CANCELABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'processing']);

function unexpectedState(intent: PaymentIntentRecord, action: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error', code: 'payment_intent_unexpected_state',
    message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
  });
}

function listIntents(local: Local, params: Params) {
  const limit = Math.min(Math.max(optionalInteger(params, 'limit') ?? 10, 1), 100);
  const customer = optionalString(params, 'customer', 255);
  const startingAfter = optionalString(params, 'starting_after', 255);
  let all = [...local.state.paymentIntents.values()].filter((p) => !customer || p.customer === customer).sort((a, b) => b.seq - a.seq);
  if (startingAfter) {
    const cursor = findIntent(local, startingAfter, 'starting_after');
    all = all.filter((p) => p.seq < cursor.seq);
  }
  const page = all.slice(0, limit);
  return renderList('/v1/payment_intents', page.map((p) => renderPaymentIntent(local.state, p, readExpand(params).map((e) => e.replace(/^data\./, '')))), all.length > limit);
}

function searchIntents(local: Local, params: Params) {
  const clauses = parseMetadataQuery(requiredString(params, 'query', 1000));
  const limit = Math.min(Math.max(optionalInteger(params, 'limit') ?? 10, 1), 100);
  const all = [...local.state.paymentIntents.values()]
    .filter((p) => clauses.every(({ key, value }) => p.metadata[key] === value))
    .sort((a, b) => b.seq - a.seq);
  return {
    object: 'search_result', url: '/v1/payment_intents/search', has_more: all.length > limit, next_page: null,
    data: all.slice(0, limit).map((p) => renderPaymentIntent(local.state, p)),
  };
}

export const PAYMENT_INTENT_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    template: '/v1/payment_intents',
    handle(local, call) {
      const intent = createIntent(local, call.params);
      const methodId = isShopperIntent(intent) ? null : optionalString(call.params, 'payment_method', 255);
      if (methodId) intent.paymentMethod = findMethodFor(local, methodId, intent.customer).id;
      local.state.paymentIntents.set(intent.id, intent);
      if (optionalBoolean(call.params, 'confirm') !== true) {
        if (intent.paymentMethod) intent.status = 'requires_confirmation';
        return { status: 200, body: renderPaymentIntent(local.state, intent, readExpand(call.params)) };
      }
      return confirmAnswer(local, intent, call.params, call);
    },
  },
  { method: 'get', template: '/v1/payment_intents', handle: (local, { params }) => ({ status: 200, body: listIntents(local, params) }) },
  { method: 'get', template: '/v1/payment_intents/search', handle: (local, { params }) => ({ status: 200, body: searchIntents(local, params) }) },
  {
    method: 'get',
    template: '/v1/payment_intents/{intent}',
    handle: (local, { path, params }) => ({ status: 200, body: renderPaymentIntent(local.state, findIntent(local, path.intent ?? ''), readExpand(params)) }),
  },
  {
    method: 'post',
    template: '/v1/payment_intents/{intent}/confirm',
    handle(local, call) {
      const intent = findIntent(local, call.path.intent ?? '');
      if (!CONFIRMABLE.has(intent.status)) throw unexpectedState(intent, 'confirm');
      return confirmAnswer(local, intent, call.params, call);
    },
  },
  {
    method: 'post',
    template: '/v1/payment_intents/{intent}/cancel',
    handle(local, { path, params, request }) {
      const intent = findIntent(local, path.intent ?? '');
      if (!CANCELABLE.has(intent.status)) throw unexpectedState(intent, 'cancel');
      const reason = optionalString(params, 'cancellation_reason', 40);
      if (reason && !CANCELLATION_REASONS.has(reason)) throw invalidRequest('Invalid cancellation_reason', 'cancellation_reason', 'parameter_invalid_empty');
      Object.assign(intent, { status: 'canceled', canceledAt: local.nowSeconds(), cancellationReason: reason, nextAction: null });
      local.emit('payment_intent.canceled', renderPaymentIntent(local.state, intent), request);
      return { status: 200, body: renderPaymentIntent(local.state, intent, readExpand(params)) };
    },
  },
];
