/**
 * Signs and delivers events as Stripe does (https://docs.stripe.com/webhooks#verify-manually):
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 * Delivery is asynchronous, each attempt has a deadline, failures are retried with a short backoff.
 */
import { createHmac } from 'node:crypto';
import type { EventRecord } from './state.ts';

const ATTEMPT_DEADLINE_MS = 5_000;
const BACKOFF_MS = [200, 1_000, 3_000];

export function signWebhookPayload(secret: string, payload: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookSender {
  deliver(event: EventRecord): void;
  /** Stops retries and aborts attempts under way. */
  close(): void;
}

export function createWebhookSender(url: string, secret: string, nowSeconds: () => number): WebhookSender {
  const running = new Set<AbortController>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function attempt(event: EventRecord, tries: number): Promise<void> {
    if (closed) return;
    const payload = JSON.stringify(event.body);
    const controller = new AbortController();
    running.add(controller);
    const deadline = setTimeout(() => controller.abort(), ATTEMPT_DEADLINE_MS);
    let status: number | 'error' = 'error';
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signWebhookPayload(secret, payload, nowSeconds()), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: controller.signal,
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 'error';
    } finally {
      clearTimeout(deadline);
      running.delete(controller);
    }
    event.deliveries.push({ status, at: Date.now() });
    const ok = typeof status === 'number' && status >= 200 && status < 300;
    const wait = BACKOFF_MS[tries];
    if (ok || closed || wait === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(event, tries + 1);
    }, wait);
    timers.add(timer);
  }

  return {
    deliver: (event) => void attempt(event, 0),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      for (const controller of running) controller.abort();
    },
  };
}
