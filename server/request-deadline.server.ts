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
const ARRIVED = Symbol('arrived');
const DEADLINE = Symbol('deadline');

interface Timed {
  [ARRIVED]?: number;
  [DEADLINE]?: AbortSignal;
}

/**
 * Notes each request's arrival; the timer itself starts only for requests that wait on the API.
 * A symbol property on the request, not a WeakMap entry: every request pays for this one, and a
 * WeakMap set (an ephemeron the collector must trace) cost more than the clock reading (issue 35).
 */
export const markArrival: RequestHandler = (req, _res, next) => {
  (req as Timed)[ARRIVED] = performance.now();
  next();
};

/**
 * Aborts at the request's deadline (reason: a TimeoutError) or when the response closes (the
 * shopper left, or the answer is done). The same signal for every caller of one request.
 */
export function deadlineOf(req: IncomingMessage, res: ServerResponse, timeoutMs: number): AbortSignal {
  const timed = req as IncomingMessage & Timed;
  const known = timed[DEADLINE];
  if (known) return known;
  const controller = new AbortController();
  const arrived = timed[ARRIVED] ?? performance.now();
  const remaining = Math.max(0, arrived + timeoutMs - performance.now());
  // The timer holds the controller strongly until it fires or the response closes.
  const timer = setTimeout(() => controller.abort(new DOMException(`deadline of ${timeoutMs} ms passed`, 'TimeoutError')), remaining);
  res.once('close', () => {
    clearTimeout(timer);
    controller.abort();
  });
  timed[DEADLINE] = controller.signal;
  return controller.signal;
}

/**
 * Calls `onDeadline` at the request's deadline unless its response has closed first: the /api
 * proxy's form of `deadlineOf`, for a caller that needs no signal to pass on. One per proxied
 * request, so without an AbortController and its EventTarget listener (issue 35).
 */
export function atDeadline(req: IncomingMessage, res: ServerResponse, timeoutMs: number, onDeadline: () => void): void {
  const arrived = (req as Timed)[ARRIVED] ?? performance.now();
  const timer = setTimeout(onDeadline, Math.max(0, arrived + timeoutMs - performance.now()));
  res.once('close', () => clearTimeout(timer));
}
