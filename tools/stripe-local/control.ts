/**
 * Test control — not Stripe's API: disputes, card updates by the network, konbini vouchers paid
 * or expired, faults, the rate limit, event replay,
 * reset and a summary of the state. Also served as JSON under `/_local/` (loopback only).
 */
import express from 'express';
import type { ApiFrame } from './api.ts';
import type { RateLimitSetting } from './rate-limit.ts';
import { findTestCard } from './cards.ts';
import { newId } from './ids.ts';
import { seedSavedCard } from './setup.ts';
import { createState, type DisputeRecord, type EventRecord } from './state.ts';
import type { Local } from './local.ts';
import { renderDispute, renderPaymentMethod } from './render.ts';
import { failShopperIntent, payShopperIntent, VOUCHER_EXPIRED } from './shopper-payments.ts';
import { createWebhookSender } from './webhooks.ts';

export interface StripeLocalControl {
  readonly events: EventRecord[];
  readonly validationErrors: string[];
  createDispute(paymentIntentId: string, reason?: string): DisputeRecord;
  closeDispute(id: string, status: 'won' | 'lost'): DisputeRecord;
  updateCardByNetwork(paymentMethodId: string, update: { last4?: string; expMonth: number; expYear: number }): void;
  /** The fan paid the konbini voucher at a store: `succeeded`, payment_intent.succeeded. */
  payKonbini(paymentIntentId: string): void;
  /** The voucher expired unpaid: `requires_payment_method` (payment_intent_payment_attempt_expired), payment_intent.payment_failed. */
  expireKonbini(paymentIntentId: string): void;
  /** The next `count` requests under `pathPrefix` answer `ms` late: after the work, or before it with `beforeWork` (their idempotency key in use meanwhile). */
  delayNext(pathPrefix: string, ms: number, count?: number, beforeWork?: boolean): void;
  failNext(pathPrefix: string, count?: number): void;
  /** Stripe's rate limiter: over `read` GETs or `write` other requests a second, a 429 without the work; null: off. Kept by `reset`. */
  setRateLimit(setting: RateLimitSetting | null): void;
  /** Benchmarks: `count` customers (at most 10,000) each with this test card saved, no pages or events. */
  seedSavedCards(count: number, number?: string): { customer: string; paymentMethod: string }[];
  resendEvent(id: string): void;
  /** Delivers later events to `url`, signed with `secret` (`whsec_…`): a shop started after this server. */
  setWebhook(url: string, secret: string): void;
  reset(): void;
  summary(): Record<string, unknown>;
}

class ControlError extends Error {}

export function createControl(local: Local, frame: ApiFrame): StripeLocalControl {
  const { faults, idempotency, rateLimit } = frame;
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new ControlError(`unknown ${what}`);
    return value;
  };
  const waitingVoucher = (id: string) => {
    const intent = need(local.state.paymentIntents.get(id), 'payment intent');
    if (intent.methodTypes[0] !== 'konbini' || intent.status !== 'requires_action') throw new ControlError('the payment intent has no konbini voucher waiting for payment');
    return intent;
  };
  return {
    get events() {
      return [...local.state.events.values()];
    },
    get validationErrors() {
      return local.validationErrors;
    },
    createDispute(paymentIntentId, reason = 'fraudulent') {
      const intent = need(local.state.paymentIntents.get(paymentIntentId), 'payment intent');
      const charge = need(intent.latestCharge ? local.state.charges.get(intent.latestCharge) : undefined, 'charge');
      if (charge.status !== 'succeeded') throw new ControlError('the payment intent has no successful charge');
      const dispute: DisputeRecord = {
        id: newId('dp_'), created: local.nowSeconds(), amount: charge.amount - charge.amountRefunded, currency: charge.currency,
        charge: charge.id, paymentIntent: intent.id, reason, status: 'needs_response',
      };
      charge.disputed = true;
      local.state.disputes.set(dispute.id, dispute);
      local.emit('charge.dispute.created', renderDispute(dispute));
      return dispute;
    },
    closeDispute(id, status) {
      const dispute = need(local.state.disputes.get(id), 'dispute');
      dispute.status = status;
      local.emit('charge.dispute.closed', renderDispute(dispute));
      return dispute;
    },
    updateCardByNetwork(paymentMethodId, update) {
      const method = need(local.state.paymentMethods.get(paymentMethodId), 'payment method');
      if (update.last4 !== undefined && !/^\d{4}$/.test(update.last4)) throw new ControlError('last4 must be four digits');
      if (!Number.isInteger(update.expMonth) || update.expMonth < 1 || update.expMonth > 12 || !Number.isInteger(update.expYear)) throw new ControlError('bad expiry');
      Object.assign(method, { expMonth: update.expMonth, expYear: update.expYear, last4: update.last4 ?? method.last4 });
      local.emit('payment_method.automatically_updated', renderPaymentMethod(method));
    },
    payKonbini(paymentIntentId) {
      payShopperIntent(local, waitingVoucher(paymentIntentId));
    },
    expireKonbini(paymentIntentId) {
      failShopperIntent(local, waitingVoucher(paymentIntentId), VOUCHER_EXPIRED);
    },
    delayNext: (pathPrefix, ms, count = 1, beforeWork = false) => faults.delayNext(pathPrefix, ms, count, beforeWork),
    failNext: (pathPrefix, count = 1) => faults.failNext(pathPrefix, count),
    setRateLimit(setting) {
      if (setting && ![setting.read, setting.write].every((n) => Number.isFinite(n) && n >= 1)) throw new ControlError('a rate limit is at least 1 request a second per kind');
      rateLimit.set(setting);
    },
    seedSavedCards(count, number = '4242424242424242') {
      const card = findTestCard(number);
      if (!card || !Number.isInteger(count) || count < 1 || count > 10_000) throw new ControlError('a test card number and a count from 1 to 10,000');
      return Array.from({ length: count }, () => seedSavedCard(local, card, number));
    },
    resendEvent(id) {
      const event = need(local.state.events.get(id), 'event');
      local.sender?.deliver(event);
    },
    setWebhook(url, secret) {
      if (!secret.startsWith('whsec_')) throw new ControlError('the webhook secret must start with whsec_');
      local.sender?.close();
      local.sender = createWebhookSender(url, secret, () => local.nowSeconds());
    },
    reset() {
      local.state = createState(local.state.origin);
      local.validationErrors.length = 0;
      faults.clear();
      idempotency.clear();
      rateLimit.clearCounts();
      frame.calls.clear();
    },
    summary() {
      const intents: Record<string, number> = {};
      for (const p of local.state.paymentIntents.values()) intents[p.status] = (intents[p.status] ?? 0) + 1;
      return {
        customers: local.state.customers.size, paymentIntents: intents, refunds: local.state.refunds.size,
        charges: local.state.charges.size, disputes: local.state.disputes.size, events: local.state.events.size,
        validationErrors: local.validationErrors.length, inFlight: idempotency.running,
        rateLimit: rateLimit.setting, rateLimited: { ...rateLimit.limited }, calls: Object.fromEntries(frame.calls),
      };
    },
  };
}

/** `POST /_local/<name>` with a JSON body calls the control function of that name. */
export function createControlRouter(control: StripeLocalControl, local: Local): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: '8kb' }));
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const num = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);
  const actions: Record<string, (b: Record<string, unknown>) => unknown> = {
    createDispute: (b) => control.createDispute(str(b.paymentIntentId), typeof b.reason === 'string' ? b.reason : undefined),
    closeDispute: (b) => control.closeDispute(str(b.id), b.status === 'lost' ? 'lost' : 'won'),
    updateCardByNetwork: (b) => control.updateCardByNetwork(str(b.paymentMethodId), { last4: typeof b.last4 === 'string' ? b.last4 : undefined, expMonth: num(b.expMonth), expYear: num(b.expYear) }),
    delayNext: (b) => control.delayNext(str(b.pathPrefix), num(b.ms), typeof b.count === 'number' ? b.count : 1, b.beforeWork === true),
    failNext: (b) => control.failNext(str(b.pathPrefix), typeof b.count === 'number' ? b.count : 1),
    setRateLimit: (b) => control.setRateLimit(b.read === undefined && b.write === undefined ? null : { read: num(b.read ?? b.write), write: num(b.write ?? b.read) }),
    resendEvent: (b) => control.resendEvent(str(b.id)),
    payKonbini: (b) => control.payKonbini(str(b.paymentIntentId)),
    expireKonbini: (b) => control.expireKonbini(str(b.paymentIntentId)),
    reset: () => control.reset(),
  };
  router.get('/_local/state', (_req, res) => void res.json(control.summary()));
  router.get('/_local/events', (_req, res) => void res.json(control.events.slice(-100).map((e) => e.body)));
  router.get('/_local/validation-errors', (_req, res) => void res.json(local.validationErrors.slice(-100)));
  router.post('/_local/:action', (req, res) => {
    const action = actions[String(req.params.action)];
    if (!action) return void res.status(404).json({ error: 'unknown control action' });
    try {
      res.json({ ok: true, result: action((req.body ?? {}) as Record<string, unknown>) ?? null });
    } catch (error) {
      if (!(error instanceof ControlError)) throw error;
      res.status(400).json({ error: error.message });
    }
  });
  return router;
}
