import type { ApiContext } from '../context.ts';
import type { PaymentProvider } from '../payment/provider.ts';
import { providerUnavailable } from './provider-errors.ts';

/**
 * The payment provider of this API. Until the sandbox default (H7's `paymentProviderOf`) is wired,
 * an API built without one answers 503 PAYMENT_UNAVAILABLE at checkout, never a 500.
 */
export function providerOf(ctx: ApiContext): PaymentProvider {
  if (!ctx.paymentProvider) throw providerUnavailable();
  return ctx.paymentProvider;
}
