/** What every handler works with: the state, the clock, and the event emitter. */
import { validateStripeAnswer } from '../../test/support/stripe-openapi/validate.ts';
import { newId } from './ids.ts';
import type { Json } from './render.ts';
import { createState, type EventRecord, type LocalState } from './state.ts';
import type { WebhookSender } from './webhooks.ts';

/** The API version the server speaks: the one `stripe` v23 pins. */
export const API_VERSION = '2026-10-28.endive';

/** The request that caused an event (Stripe's `event.request`); null for the hosted pages and control. */
export interface RequestRef {
  id: string;
  idempotencyKey: string | null;
}

export interface Local {
  state: LocalState;
  validate: boolean;
  validationErrors: string[];
  nowSeconds(): number;
  now(): Date;
  emit(type: string, object: Json, request?: RequestRef | null): EventRecord;
  sender: WebhookSender | null;
}

export function createLocal(options: { origin: string; validate: boolean; now?: () => Date; sender: WebhookSender | null }): Local {
  const now = options.now ?? (() => new Date());
  const local: Local = {
    state: createState(options.origin),
    validate: options.validate,
    validationErrors: [],
    now,
    nowSeconds: () => Math.floor(now().getTime() / 1000),
    sender: options.sender,
    emit(type, object, request = null) {
      const body: Json = {
        id: newId('evt_'), object: 'event', api_version: API_VERSION, created: local.nowSeconds(),
        data: { object }, livemode: false, pending_webhooks: local.sender ? 1 : 0,
        request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null }, type,
      };
      if (local.validate) local.validationErrors.push(...validateStripeAnswer('get', '/v1/events/{id}', 200, body));
      const event: EventRecord = { id: body.id as string, type, body, deliveries: [] };
      local.state.events.set(event.id, event);
      local.sender?.deliver(event);
      return event;
    },
  };
  return local;
}
