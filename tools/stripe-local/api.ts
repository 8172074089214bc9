/**
 * The frame around every `/v1` route: the rate limit, the API key, test faults, idempotency keys,
 * the OpenAPI check of the answer, and Stripe's `Request-Id` header.
 */
import type { Request, Response, Router } from 'express';
import { validateStripeAnswer } from '../../test/support/stripe-openapi/validate.ts';
import { apiError, StripeApiError, type Answer } from './errors.ts';
import type { Faults } from './faults.ts';
import type { IdempotencyStore } from './idempotency.ts';
import { newId } from './ids.ts';
import type { Local, RequestRef } from './local.ts';
import type { Params } from './params.ts';
import { rateLimited, type RateLimit } from './rate-limit.ts';

export interface ApiCall {
  /** Path parameters by their OpenAPI names (`{intent}` → `intent`). */
  path: Record<string, string>;
  /** The form body for POST, the query for GET. */
  params: Params;
  request: RequestRef;
}

export interface ApiRoute {
  method: 'get' | 'post';
  /** The OpenAPI path template, e.g. `/v1/payment_intents/{intent}`. */
  template: string;
  handle(local: Local, call: ApiCall): Answer | Promise<Answer>;
}

export interface ApiFrame {
  local: Local;
  faults: Faults;
  idempotency: IdempotencyStore;
  rateLimit: RateLimit;
  /** Requests received per operation (`GET /v1/payment_intents/search`), answered or refused. */
  calls: Map<string, number>;
}

const KEY = /^(?:sk|rk)_test_[A-Za-z0-9_]{1,240}$/;

/** The test key from `Bearer <key>` (the libraries) or `Basic base64(<key>:)` (Stripe's curl examples, `-u sk_test_…:`). */
function readApiKey(authorization: string): string | null {
  const [scheme, value = ''] = authorization.split(' ', 2);
  const key = scheme === 'Bearer' ? value : scheme === 'Basic' ? Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '' : '';
  return KEY.test(key) ? key : null;
}

export function mountApiRoute(router: Router, frame: ApiFrame, route: ApiRoute): void {
  const expressPath = route.template.replace(/\{(\w+)\}/g, ':$1');
  router[route.method](expressPath, async (req: Request, res: Response) => {
    const requestId = newId('req_', 14);
    const operation = `${route.method.toUpperCase()} ${route.template}`;
    frame.calls.set(operation, (frame.calls.get(operation) ?? 0) + 1);
    if (!frame.rateLimit.admit(req.method)) {
      const refused = checkAnswer(frame.local, route, { ...rateLimited().toAnswer(requestId), saved: false });
      return void res.status(refused.status).set('Request-Id', requestId).json(refused.body);
    }
    const delay = frame.faults.takeDelay(req.path);
    const answer = await answerCall(frame, route, req, requestId, delay?.beforeWork ? delay.ms : 0);
    const checked = checkAnswer(frame.local, route, answer);
    if (delay && !delay.beforeWork) await sleep(delay.ms);
    if (answer.replayed) res.set('Idempotent-Replayed', 'true');
    res.status(checked.status).set('Request-Id', requestId).json(checked.body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answerCall(frame: ApiFrame, route: ApiRoute, req: Request, requestId: string, holdMs: number): Promise<Answer & { replayed?: boolean }> {
  const apiKey = readApiKey(req.get('authorization') ?? '');
  if (!apiKey) {
    return new StripeApiError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided. Use a test key: Authorization: Bearer sk_test_…' }).toAnswer(requestId);
  }
  if (frame.faults.takeFailure(req.path)) return { ...apiError('An unexpected error occurred (stripe-local failNext).').toAnswer(requestId), saved: false };
  const params = (route.method === 'post' ? req.body : req.query) as Params ?? {};
  const idempotencyKey = route.method === 'post' ? req.get('idempotency-key')?.slice(0, 255) ?? null : null;
  const call: ApiCall = { path: req.params as Record<string, string>, params, request: { id: requestId, idempotencyKey } };
  if (!idempotencyKey) return sleep(holdMs).then(() => run(frame.local, route, call));
  const scoped = `${apiKey}\n${idempotencyKey}`;
  const check = frame.idempotency.begin(scoped, `${req.method} ${req.path} ${JSON.stringify(params)}`, frame.local.nowSeconds());
  if (check.kind === 'replay') return { ...check.answer, replayed: true };
  if (check.kind === 'in_use') {
    return new StripeApiError(409, { type: 'idempotency_error', code: 'idempotency_key_in_use', message: 'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please retry this request at a later time.' }).toAnswer(requestId);
  }
  if (check.kind === 'mismatch') {
    return new StripeApiError(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` }).toAnswer(requestId);
  }
  await sleep(holdMs);
  const answer = await run(frame.local, route, call);
  frame.idempotency.finish(scoped, answer);
  return answer;
}

async function run(local: Local, route: ApiRoute, call: ApiCall): Promise<Answer> {
  try {
    return await route.handle(local, call);
  } catch (error) {
    if (error instanceof StripeApiError) return error.toAnswer(call.request.id);
    local.validationErrors.push(`${route.method.toUpperCase()} ${route.template}: threw ${String(error)}`);
    return apiError('stripe-local failed on this request; see control.validationErrors').toAnswer(call.request.id);
  }
}

/** With `validate`, an answer that does not match Stripe's OpenAPI description becomes a loud 500. */
function checkAnswer(local: Local, route: ApiRoute, answer: Answer): Answer {
  if (!local.validate) return answer;
  const errors = validateStripeAnswer(route.method, route.template, answer.status, answer.body);
  if (errors.length === 0) return answer;
  local.validationErrors.push(...errors);
  return { status: 500, body: { error: { type: 'api_error', message: `stripe-local answer does not match Stripe's OpenAPI description: ${errors.join('; ')}` } } };
}
