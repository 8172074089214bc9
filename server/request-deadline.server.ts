import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * One deadline per incoming request (PROXY_TIMEOUT_MS), counted from its arrival: it covers every
 * wait behind it, the /api proxy's connect and answer or a page's login-status lookup and loaders,
 * whatever the load. Nothing starts its own clock later (after a queue, after a socket was found).
 *
 * A plain timer and AbortController, not `AbortSignal.any([…, AbortSignal.timeout(ms)])`: on Node 20
 * that composite is held only weakly, so under load a garbage collection dropped it and the page's
 * API calls waited until the API came back (issue 17; nodejs/node#55428, nodejs/undici#4068).
 */
const arrivals = new WeakMap<IncomingMessage, number>();
const deadlines = new WeakMap<IncomingMessage, AbortSignal>();

/** Notes each request's arrival; the timer itself starts only for requests that wait on the API. */
export const markArrival: RequestHandler = (req, _res, next) => {
  arrivals.set(req, performance.now());
  next();
};

/**
 * Aborts at the request's deadline (reason: a TimeoutError) or when the response closes (the
 * shopper left, or the answer is done). The same signal for every caller of one request.
 */
export function deadlineOf(req: IncomingMessage, res: ServerResponse, timeoutMs: number): AbortSignal {
  const known = deadlines.get(req);
  if (known) return known;
  const controller = new AbortController();
  const arrived = arrivals.get(req) ?? performance.now();
  const remaining = Math.max(0, arrived + timeoutMs - performance.now());
  // The timer holds the controller strongly until it fires or the response closes.
  const timer = setTimeout(() => controller.abort(new DOMException(`deadline of ${timeoutMs} ms passed`, 'TimeoutError')), remaining);
  res.once('close', () => {
    clearTimeout(timer);
    controller.abort();
  });
  deadlines.set(req, controller.signal);
  return controller.signal;
}
