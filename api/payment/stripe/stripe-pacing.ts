/**
 * stripe-node's HTTP client with the shop's pace in front (stripe-pacer.ts), so every request of
 * the library — charges, look-ups, refunds, the webhook's look-ups, the library's own retries —
 * waits for its slot. A 429 is sent again, the very same request (its Idempotency-Key included;
 * Stripe did no work for a 429, https://docs.stripe.com/rate-limits), after an exponential pause
 * with jitter, while the call's deadline (stripe-deadline.ts) leaves room; then the 429 goes up
 * as Stripe's StripeRateLimitError. A slot that would come too late is not waited for: the
 * answer is a 429 of our own, marked `Stripe-Should-Retry: false`, and nothing is sent.
 * A 429 given up on for an Idempotency-Key whose earlier send got no answer at all (the library
 * retries a lost connection) carries MAY_HAVE_RUN_HEADER: that earlier send may have done the work.
 */
import type Stripe from 'stripe';
import { currentStripeDeadline } from './stripe-deadline.ts';
import { kindOfMethod, type StripePacer } from './stripe-pacer.ts';

type MakeRequest = Stripe.HttpClient['makeRequest'];

const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 4_000;
/** The part of a call's time kept for the answer itself: no slot or pause may eat into it. */
const ANSWER_SHARE = 0.2;
const ANSWER_MAX_MS = 1_000;

/** The pause before sending again after the `attempt`-th 429: exponential, half of it random. */
export const backoffMs = (attempt: number, random = Math.random): number =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt) * (0.5 + random() / 2);

/** The message of the 429 the shop answers itself when no slot comes in time (nothing was sent). */
export const NOT_SENT_MESSAGE = 'Not sent: the shop\'s pace for Stripe has no slot before this call\'s deadline.';

function notSent(): Stripe.HttpClientResponse {
  const body = { error: { type: 'invalid_request_error', code: 'rate_limit', message: NOT_SENT_MESSAGE } };
  return {
    getStatusCode: () => 429,
    getHeaders: () => ({ 'stripe-should-retry': 'false' }),
    getRawResponse: () => ({}),
    toStream: () => null,
    toJSON: () => Promise.resolve(body),
  };
}

/** On a 429 given up on, when an earlier send of the same Idempotency-Key got no answer: that send may have run. */
export const MAY_HAVE_RUN_HEADER = 'oshibox-may-have-run';
/** Keys remembered as sent without an answer; the oldest are forgotten first. */
const UNANSWERED_KEPT = 10_000;

function flagged(response: Stripe.HttpClientResponse): Stripe.HttpClientResponse {
  return {
    getStatusCode: () => response.getStatusCode(),
    getHeaders: () => ({ ...response.getHeaders(), [MAY_HAVE_RUN_HEADER]: 'true' }),
    getRawResponse: () => response.getRawResponse(),
    toStream: (done) => response.toStream(done),
    toJSON: () => response.toJSON(),
  };
}

/** The body of a 429 about to be sent again is read and dropped, so its connection is reused. */
async function drop(response: Stripe.HttpClientResponse): Promise<void> {
  await Promise.resolve(response.toJSON()).catch(() => undefined);
}

export function pacedHttpClient(inner: Stripe.HttpClient, pacer: StripePacer): Stripe.HttpClient {
  const unanswered = new Set<string>();
  const makeRequest: MakeRequest = async (host, port, path, method, headers, requestData, protocol, timeout) => {
    const kind = kindOfMethod(method);
    const deadline = currentStripeDeadline() ?? { endsAt: Date.now() + timeout, ms: timeout };
    const lastStart = () => deadline.endsAt - Math.min(ANSWER_MAX_MS, deadline.ms * ANSWER_SHARE) - Date.now();
    const key = typeof headers['Idempotency-Key'] === 'string' ? headers['Idempotency-Key'] : null;
    const givenUp = (response: Stripe.HttpClientResponse) => (key !== null && unanswered.has(key) ? flagged(response) : response);
    for (let attempt = 0; ; attempt += 1) {
      if (!(await pacer.wait(kind, lastStart()))) return givenUp(notSent());
      let response: Stripe.HttpClientResponse;
      try {
        response = await inner.makeRequest(host, port, path, method, headers, requestData, protocol, timeout);
      } catch (error) {
        if (key !== null) {
          unanswered.delete(key);
          unanswered.add(key);
          if (unanswered.size > UNANSWERED_KEPT) unanswered.delete(unanswered.values().next().value ?? key);
        }
        throw error;
      }
      if (response.getStatusCode() !== 429) {
        if (key !== null) unanswered.delete(key);
        return response;
      }
      pacer.slowDown(kind);
      const pause = backoffMs(attempt);
      if (pause > lastStart()) return givenUp(response);
      await drop(response);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };
  return { getClientName: () => inner.getClientName(), makeRequest };
}
