import { DEFAULT_BILLING_CONCURRENCY } from '../../shared/billing-rules.ts';
import type { ApiContext } from '../context.ts';

/** The bounds of a billing pass: provider calls at once, and how long a claimed row is owned. */
export interface BillingOptions {
  concurrency: number;
  leaseMs: number;
}

export const DEFAULT_BILLING_OPTIONS: BillingOptions = { concurrency: DEFAULT_BILLING_CONCURRENCY, leaseMs: 120_000 };

export function billingOptionsOf(ctx: ApiContext): BillingOptions {
  return { ...DEFAULT_BILLING_OPTIONS, ...ctx.billing };
}
