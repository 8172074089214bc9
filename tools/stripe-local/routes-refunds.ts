/** Refunds (https://docs.stripe.com/api/refunds) and the objects only looked up: charges, disputes, events. */
import type { ApiRoute } from './api.ts';
import { invalidRequest, noSuch } from './errors.ts';
import { isPlausibleId, newId } from './ids.ts';
import type { Local } from './local.ts';
import { optionalInteger, optionalString, readMetadata, type Params } from './params.ts';
import { renderCharge, renderDispute, renderList, renderRefund } from './render.ts';
import { findIntent } from './routes-payment-intents.ts';
import type { ChargeRecord, RefundRecord } from './state.ts';

const REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);

function chargeToRefund(local: Local, params: Params): ChargeRecord {
  const intentId = optionalString(params, 'payment_intent', 255);
  const chargeId = optionalString(params, 'charge', 255);
  if (!intentId && !chargeId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent', 'parameter_missing');
  const id = chargeId ?? findIntent(local, intentId ?? '', 'payment_intent').latestCharge;
  const charge = id ? local.state.charges.get(id) : undefined;
  if (!charge || charge.status !== 'succeeded') {
    throw invalidRequest(`This PaymentIntent does not have a successful charge to refund.`, chargeId ? 'charge' : 'payment_intent', 'charge_not_refundable');
  }
  return charge;
}

function createRefund(local: Local, params: Params): RefundRecord {
  const charge = chargeToRefund(local, params);
  const left = charge.amount - charge.amountRefunded;
  if (left === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
  const amount = optionalInteger(params, 'amount') ?? left;
  if (amount <= 0) throw invalidRequest('Refund amount must be positive.', 'amount', 'parameter_invalid_integer');
  if (amount > left) throw invalidRequest(`Refund amount (¥${amount}) is greater than unrefunded amount on charge (¥${left})`, 'amount', 'amount_too_large');
  const reason = optionalString(params, 'reason', 40);
  if (reason && !REASONS.has(reason)) throw invalidRequest('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason');
  charge.amountRefunded += amount;
  const refund: RefundRecord = {
    id: newId('re_'), created: local.nowSeconds(), seq: ++local.state.seq, amount, currency: charge.currency, charge: charge.id,
    paymentIntent: charge.paymentIntent, metadata: readMetadata(params), reason, status: 'succeeded',
  };
  local.state.refunds.set(refund.id, refund);
  return refund;
}

function listRefunds(local: Local, params: Params) {
  const limit = Math.min(Math.max(optionalInteger(params, 'limit') ?? 10, 1), 100);
  const intent = optionalString(params, 'payment_intent', 255);
  const charge = optionalString(params, 'charge', 255);
  const all = [...local.state.refunds.values()]
    .filter((r) => (!intent || r.paymentIntent === intent) && (!charge || r.charge === charge))
    .sort((a, b) => b.seq - a.seq);
  return renderList('/v1/refunds', all.slice(0, limit).map(renderRefund), all.length > limit);
}

function lookup<T>(map: Map<string, T>, id: string, kind: string, param: string): T {
  const found = isPlausibleId(id) ? map.get(id) : undefined;
  if (!found) throw noSuch(kind, id.slice(0, 255), param);
  return found;
}

export const REFUND_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    template: '/v1/refunds',
    handle(local, { params, request }) {
      const refund = createRefund(local, params);
      const charge = local.state.charges.get(refund.charge);
      local.emit('refund.created', renderRefund(refund), request);
      if (charge) local.emit('charge.refunded', renderCharge(local.state, charge), request);
      return { status: 200, body: renderRefund(refund) };
    },
  },
  { method: 'get', template: '/v1/refunds', handle: (local, { params }) => ({ status: 200, body: listRefunds(local, params) }) },
  {
    method: 'get',
    template: '/v1/refunds/{refund}',
    handle: (local, { path }) => ({ status: 200, body: renderRefund(lookup(local.state.refunds, path.refund ?? '', 'refund', 'refund')) }),
  },
  {
    method: 'get',
    template: '/v1/charges/{charge}',
    handle: (local, { path }) => ({ status: 200, body: renderCharge(local.state, lookup(local.state.charges, path.charge ?? '', 'charge', 'charge')) }),
  },
  {
    method: 'get',
    template: '/v1/disputes/{dispute}',
    handle: (local, { path }) => ({ status: 200, body: renderDispute(lookup(local.state.disputes, path.dispute ?? '', 'dispute', 'dispute')) }),
  },
  {
    method: 'get',
    template: '/v1/events/{id}',
    handle: (local, { path }) => ({ status: 200, body: lookup(local.state.events, path.id ?? '', 'event', 'id').body }),
  },
];
