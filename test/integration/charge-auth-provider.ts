import type { Kysely } from 'kysely';
import type { DB } from '../../api/db/schema.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundResult } from '../../api/payment/provider.ts';
import { createSandboxProvider } from '../../api/payment/sandbox/sandbox-provider.ts';

/** Where the double's "bank page" lives: a loopback URL nobody serves (the tests never follow it). */
export const AUTH_PAGE_ORIGIN = 'http://127.0.0.1:9';

/**
 * The sandbox, but a card whose token is in `needsAuth` comes back `action_required` (as Stripe's
 * off-session charge does when the bank asks for 3-D Secure) until the test "authenticates" it;
 * `startChargeAuthentication` answers a redirect and keeps the return URL it was given.
 */
export interface AuthenticatingProvider extends PaymentProvider {
  needsAuth: Set<string>;
  /** Order keys the provider has no authentication for any more (cancelled at the gateway). */
  unavailable: Set<string>;
  returnUrls: string[];
  /** The charges the bank held, as asked (returnUrl set: on-session). */
  charges: ChargeRequest[];
  /** Order keys whose held charge was cancelled (`cancelCharge`), in order. */
  cancelled: string[];
  /** The shopper passed the bank's page for this order key. */
  authenticate(orderKey: string): void;
  /** A charge the bank held, as if made by an earlier run (tests that insert their rounds). */
  hold(orderKey: string, amount: number): string;
  /** Refunds answer `pending` while true (the gateway settles them later). */
  refundsPending: boolean;
  /** Order keys of held charges, paid, whose refunds fail (the gateway refuses, or times out). */
  refusesRefund: Set<string>;
  /** Refunds of held charges that were paid, one per refund key (asking again with a key refunds once). */
  refunds: { refundKey: string; orderKey: string; amount: number }[];
}

export function createAuthenticatingProvider(deps: { db: Kysely<DB>; now: () => Date }): AuthenticatingProvider {
  const sandbox = createSandboxProvider(deps);
  const held = new Map<string, { chargeId: string; amount: number; authenticated: boolean; cancelled?: boolean }>();
  const answer = (orderKey: string): ChargeResult | null => {
    const h = held.get(orderKey);
    if (!h) return null;
    if (h.cancelled) return { status: 'declined', chargeId: h.chargeId, orderKey, amount: h.amount, declineReason: 'cancelled' };
    return { status: h.authenticated ? 'succeeded' : 'action_required', chargeId: h.chargeId, orderKey, amount: h.amount };
  };
  const provider: AuthenticatingProvider = {
    ...sandbox,
    needsAuth: new Set(),
    unavailable: new Set(),
    returnUrls: [],
    charges: [],
    cancelled: [],
    refundsPending: false,
    refusesRefund: new Set(),
    refunds: [],
    async charge(input) {
      const earlier = answer(input.orderKey);
      if (earlier) return earlier;
      if (input.source.kind !== 'card' || !provider.needsAuth.has(input.source.token)) return sandbox.charge(input);
      held.set(input.orderKey, { chargeId: `pi_${input.orderKey}`, amount: input.amount, authenticated: false });
      provider.charges.push(input);
      // On-session (checkout): the bank's page comes with the answer, as Stripe's requires_action.
      if (!input.returnUrl) return answer(input.orderKey)!;
      provider.returnUrls.push(input.returnUrl);
      return { ...answer(input.orderKey)!, authenticationUrl: `${AUTH_PAGE_ORIGIN}/authenticate/pi_${input.orderKey}` };
    },
    findCharge: async (orderKey) => answer(orderKey) ?? sandbox.findCharge(orderKey),
    async startChargeAuthentication({ chargeId, orderKey, returnUrl }) {
      const h = held.get(orderKey);
      if (!h || h.chargeId !== chargeId || provider.unavailable.has(orderKey)) return { status: 'unavailable' };
      if (h.authenticated) return { status: 'succeeded' };
      provider.returnUrls.push(returnUrl);
      return { status: 'redirect', url: `${AUTH_PAGE_ORIGIN}/authenticate/${chargeId}` };
    },
    async cancelCharge({ chargeId, orderKey }) {
      const h = held.get(orderKey);
      if (!h || h.chargeId !== chargeId) return sandbox.cancelCharge({ chargeId, orderKey });
      if (h.authenticated) return 'succeeded';
      h.cancelled = true;
      provider.cancelled.push(orderKey);
      provider.unavailable.add(orderKey);
      return 'cancelled';
    },
    hold(orderKey, amount) {
      held.set(orderKey, { chargeId: `pi_${orderKey}`, amount, authenticated: false });
      return `pi_${orderKey}`;
    },
    authenticate(orderKey) {
      const h = held.get(orderKey);
      if (h && !h.cancelled) h.authenticated = true;
    },
    async refund(input): Promise<RefundResult> {
      const orderKey = input.orderKey ?? [...held].find(([, h]) => h.chargeId === input.chargeId)?.[0];
      const paid = orderKey === undefined ? undefined : held.get(orderKey);
      if (orderKey !== undefined && paid?.authenticated) return refundHeld(orderKey, paid.amount, input.refundKey, input.amount);
      const result = await sandbox.refund(input);
      return provider.refundsPending && result.status === 'refunded' ? { status: 'pending', refundId: 're_pending' } : result;
    },
  };
  const refundHeld = (orderKey: string, charged: number, refundKey: string, amount: number): RefundResult => {
    if (provider.refusesRefund.has(orderKey)) return { status: 'failed', reason: 'refused' };
    if (!provider.refunds.some((r) => r.refundKey === refundKey)) {
      const refunded = provider.refunds.filter((r) => r.orderKey === orderKey).reduce((sum, r) => sum + r.amount, 0);
      if (refunded + amount > charged) return { status: 'failed', reason: 'more than charged' };
      provider.refunds.push({ refundKey, orderKey, amount });
    }
    return provider.refundsPending ? { status: 'pending', refundId: 're_pending' } : { status: 'refunded', refundId: `re_${refundKey}` };
  };
  return provider;
}
