import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createStripePacer, stripeRatesFor, type StripePacer } from '../../api/payment/stripe/stripe-pacer.ts';
import { backoffMs, MAY_HAVE_RUN_HEADER, NOT_SENT_MESSAGE, pacedHttpClient } from '../../api/payment/stripe/stripe-pacing.ts';
import { withStripeDeadline } from '../../api/payment/stripe/stripe-deadline.ts';

/** A pacer on a clock the test moves; `wait` answers the wait it would do instead of sleeping. */
function pacerAt(rates: { read: number; write: number }) {
  const clock = { now: 0 };
  const cuts: number[] = [];
  const pacer = createStripePacer(rates, (_kind, perSecond) => cuts.push(perSecond), () => clock.now);
  return { clock, cuts, pacer };
}

/** The slots of `count` requests asked for at once (ms from now), or null for one refused. */
async function slots(pacer: StripePacer, count: number, withinMs = 60_000): Promise<(number | null)[]> {
  const out: (number | null)[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    out.push((await pacer.wait('write', withinMs)) ? Math.round(performance.now() - started) : null);
  }
  return out;
}

describe("the shop's pace for Stripe", () => {
  it("takes Stripe's documented limits by the key's mode, or the configured rates", () => {
    expect(stripeRatesFor('sk_live_abcdefgh')).toEqual({ read: 100, write: 100 });
    expect(stripeRatesFor('rk_test_abcdefgh')).toEqual({ read: 25, write: 25 });
    expect(stripeRatesFor('sk_test_abcdefgh', { read: 0, write: 5 })).toEqual({ read: 25, write: 5 });
  });

  it('lets half a second of requests go at once, then one an interval; a slot past the deadline is refused unreserved', async () => {
    const { pacer } = pacerAt({ read: 1000, write: 10 });
    // 10 a second: 5 at once, then every 100 ms (the clock stands still, so each waits in turn).
    expect((await slots(pacer, 5)).every((ms) => ms !== null && ms < 20)).toBe(true);
    expect(await pacer.wait('write', 50)).toBe(false);
    const next = await slots(pacer, 1);
    expect(next[0]).toBeGreaterThanOrEqual(90);
    // Reads have their own schedule.
    expect(await pacer.wait('read', 0)).toBe(true);
  });

  it('halves the pace on a 429 at most once a second, down to a sixteenth, and doubles back every 5 s without one', () => {
    const { clock, cuts, pacer } = pacerAt({ read: 100, write: 100 });
    pacer.slowDown('write');
    pacer.slowDown('write');
    expect(cuts).toEqual([50]);
    for (let s = 1; s <= 6; s += 1) {
      clock.now = s * 1000;
      pacer.slowDown('write');
    }
    expect(pacer.pace('write')).toBe(100 / 16);
    expect(pacer.pace('read')).toBe(100);
    clock.now = 6000 + 5000;
    void pacer.wait('write', 0);
    expect(pacer.pace('write')).toBe(100 / 8);
    clock.now = 6000 + 25_000;
    void pacer.wait('write', 0);
    expect(pacer.pace('write')).toBe(100);
  });

  it('backs off exponentially with jitter, bounded', () => {
    expect(backoffMs(0, () => 0)).toBe(125);
    expect(backoffMs(0, () => 1)).toBe(250);
    expect(backoffMs(3, () => 1)).toBe(2000);
    expect(backoffMs(20, () => 1)).toBe(4000);
  });
});

/** A stand-in for stripe-node's HTTP client: answers the statuses given, in turn (0: the connection is lost), and keeps what it was sent. */
function fakeHttp(statuses: number[]) {
  const sent: { method: string; headers: unknown }[] = [];
  const client: Stripe.HttpClient = {
    getClientName: () => 'fake',
    makeRequest: async (_host, _port, _path, method, headers) => {
      sent.push({ method, headers });
      const status = statuses.shift() ?? 200;
      if (status === 0) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      const body = status === 429 ? { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'limited' } } : { id: 'pi_1' };
      return { getStatusCode: () => status, getHeaders: () => ({}), getRawResponse: () => ({}), toStream: () => null, toJSON: () => Promise.resolve(body) };
    },
  };
  return { sent, client };
}

const send = (client: Stripe.HttpClient, timeout = 5_000) =>
  client.makeRequest('api.stripe.com', '443', '/v1/payment_intents', 'POST', { 'Idempotency-Key': 'bill-1-2-1' }, 'amount=3960', 'https', timeout);

describe('the paced HTTP client', () => {
  it('sends a 429 again, the same request with the same key, and slows the pace down', async () => {
    const pacer = createStripePacer({ read: 100, write: 100 });
    const { sent, client } = fakeHttp([429, 429, 200]);
    const response = await send(pacedHttpClient(client, pacer));
    expect(response.getStatusCode()).toBe(200);
    expect(sent).toEqual(Array(3).fill({ method: 'POST', headers: { 'Idempotency-Key': 'bill-1-2-1' } }));
    expect(pacer.pace('write')).toBe(50);
  });

  it("gives the 429 up when the call's deadline leaves no room for another pause", async () => {
    const { sent, client } = fakeHttp([429, 429, 429, 429, 429, 429, 429, 429]);
    const response = await withStripeDeadline(1_000, () => send(pacedHttpClient(client, createStripePacer({ read: 100, write: 100 }))));
    expect(response.getStatusCode()).toBe(429);
    expect(response.getHeaders()[MAY_HAVE_RUN_HEADER]).toBeUndefined();
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThan(5);
  });

  it("sends nothing when no slot comes before the call's deadline, and answers a 429 the library will not retry", async () => {
    const pacer = createStripePacer({ read: 100, write: 1 });
    const { sent, client } = fakeHttp([]);
    const paced = pacedHttpClient(client, pacer);
    expect((await withStripeDeadline(1_000, () => send(paced))).getStatusCode()).toBe(200);
    const refused = await withStripeDeadline(1_000, () => send(paced));
    expect(sent).toHaveLength(1);
    expect(refused.getStatusCode()).toBe(429);
    expect(refused.getHeaders()).toEqual({ 'stripe-should-retry': 'false' });
    expect(await refused.toJSON()).toMatchObject({ error: { code: 'rate_limit', message: NOT_SENT_MESSAGE } });
  });

  it('flags a 429 given up on when an earlier send of the same key got no answer: that send may have run', async () => {
    const { client } = fakeHttp([0, ...Array(8).fill(429)]);
    const paced = pacedHttpClient(client, createStripePacer({ read: 100, write: 100 }));
    await expect(send(paced)).rejects.toThrow('socket hang up');
    const response = await withStripeDeadline(1_000, () => send(paced));
    expect(response.getStatusCode()).toBe(429);
    expect(response.getHeaders()[MAY_HAVE_RUN_HEADER]).toBe('true');
  });
});
