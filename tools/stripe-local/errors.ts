/** Stripe's error answers (https://docs.stripe.com/api/errors): `{ error: { type, message, code?, param? } }`. */
import type { Json } from './render.ts';

export interface Answer {
  status: number;
  body: Json;
  /** False for answers given before any work (bad parameters): Stripe does not save those for an idempotency key. */
  saved?: boolean;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json & { type: string; message: string },
  ) {
    super(error.message);
  }

  toAnswer(requestId: string): Answer {
    return {
      status: this.status,
      body: { error: { ...this.error, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } },
      saved: this.status !== 400,
    };
  }
}

export function invalidRequest(message: string, param?: string, code = 'parameter_invalid_empty'): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, code, ...(param ? { param } : {}) });
}

export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });
}

export function apiError(message: string): StripeApiError {
  return new StripeApiError(500, { type: 'api_error', message });
}
