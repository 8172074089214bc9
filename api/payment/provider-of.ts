import type { ApiContext } from '../context.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox/sandbox-provider.ts';

const sandboxes = new WeakMap<ApiContext, PaymentProvider>();

/**
 * The running payment provider: the one configured on the context, else the sandbox on the
 * context's own database (PAYMENT_PROVIDER=sandbox, the only implementation today).
 */
export function paymentProviderOf(ctx: ApiContext): PaymentProvider {
  if (ctx.paymentProvider) return ctx.paymentProvider;
  let sandbox = sandboxes.get(ctx);
  if (!sandbox) {
    sandbox = createSandboxProvider({ db: ctx.db, now: ctx.now, latencyMs: ctx.sandboxLatencyMs ?? 0 });
    sandboxes.set(ctx, sandbox);
  }
  return sandbox;
}
