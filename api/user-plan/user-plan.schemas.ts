import { z } from 'zod';
import { COUNT_LIMITS } from '../../shared/subscription-rules.ts';

const PlanId = z.number().int().min(1).max(2_147_483_647);
const Count = z.number().int().min(COUNT_LIMITS.min).max(COUNT_LIMITS.max);

/** Client-made, unguessable per attempt (the checkout page makes one per render): 8–100 of [A-Za-z0-9_-]. */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'letters, digits, - and _, 8 to 100 of them');

export const CreateBody = z.strictObject({
  planId: PlanId,
  count: Count.default(1),
  /** The total the checkout page showed (issue 30); the API refuses another amount. */
  expectedTotal: z.number().int().min(0).max(100_000_000).optional(),
  idempotencyKey: IdempotencyKey.optional(),
});

export const ChangeBody = z.strictObject({
  currentPlanId: PlanId,
  planId: PlanId,
  count: Count.optional(),
  action: z.enum(['change', 'skip', 'pause', 'resume', 'undoSkip', 'undoPause']).default('change'),
});

/** GET /api/userPlan/change/preview?currentPlanId=&planId=&count=: a tier or count change's preview. */
export const ChangePreviewQuery = z.strictObject({
  currentPlanId: z.coerce.number().pipe(PlanId),
  planId: z.coerce.number().pipe(PlanId),
  count: z.coerce.number().pipe(Count).optional(),
});

export const NoQuery = z.strictObject({});

/**
 * The return from the bank's 3-D Secure page. Stripe adds its own keys; they are allowed so the
 * return is not refused, and never read: the gateway is asked instead.
 */
export const AuthenticationReturnQuery = z.strictObject({
  userPlanId: z.coerce.number().int().positive().max(2_147_483_647),
  payment_intent: z.string().max(200).optional(),
  payment_intent_client_secret: z.string().max(300).optional(),
  redirect_status: z.string().max(50).optional(),
});
