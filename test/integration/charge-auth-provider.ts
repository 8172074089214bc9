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
      const result = await sandbox.refund(input);
      return provider.refundsPending && result.status === 'refunded' ? { status: 'pending', refundId: 're_pending' } : result;
    },
  };
  return provider;
}
