import * as z from 'zod/mini';
import { BILLING_STATES } from './api/dashboard.ts';

/**
 * The console's Billing area (issue 19; permission `refunds`): its page sizes, the state a list
 * shows, and the one form of a charge (retry a declined one, reconcile one in doubt), shared by
 * the console's pages and the staff API.
 */
export const BILLING_ROUNDS_PAGE_SIZE = 20;
export const BILLING_CHARGES_PAGE_SIZE = 50;

export const BillingChargesQuery = z.strictObject({
  state: z.optional(z.enum(BILLING_STATES)),
  page: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,3}$/))),
});

export const CHARGE_INTENTS = ['retry', 'reconcile'] as const;
export type ChargeIntent = (typeof CHARGE_INTENTS)[number];

/**
 * A charge's form: what to do, which charge, and the attempt the page showed. The attempt makes a
 * double submit (or a second member on the same page) a no-op once the first has acted on it.
 */
export const ChargeActionInput = z.strictObject({
  intent: z.enum(CHARGE_INTENTS),
  charge: z.string().check(z.regex(/^[1-9][0-9]{0,8}$/)),
  attempt: z.string().check(z.regex(/^[1-9][0-9]?$/)),
});

/** What an action did, as the page's status line names it after the redirect (`?done=`). */
export const CHARGE_OUTCOMES = ['charged', 'declined', 'inDoubt', 'unchanged'] as const;
export type ChargeOutcome = (typeof CHARGE_OUTCOMES)[number];
