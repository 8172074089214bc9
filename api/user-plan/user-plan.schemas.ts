import { z } from 'zod';
import { CANCEL_NOTE_MAX, CANCEL_REASONS } from '../../shared/cancel-reasons.ts';
import { isCleanText } from '../../shared/free-text.ts';
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

/** The cancel page's optional question (issue 32): a code of shared/cancel-reasons.ts and a bounded note. */
const Survey = {
  reason: z.enum(CANCEL_REASONS).optional(),
  // Shown to support as typed: no invisible or direction-changing characters (shared/free-text.ts).
  note: z.string().max(CANCEL_NOTE_MAX).refine((v) => isCleanText(v, { multiline: true }), 'no invisible or direction-changing characters').optional(),
};

/** DELETE /api/userPlan/{planId}: the body is optional; a cancellation without an answer is as valid. */
export const CancelBody = z.strictObject(Survey);

export const ChangeBody = z.strictObject({
  currentPlanId: PlanId,
  planId: PlanId,
  count: Count.optional(),
  action: z.enum(['change', 'skip', 'pause', 'resume', 'undoSkip', 'undoPause']).default('change'),
  /** Sent when the change is an offer the cancel page made: recorded with the fan's answer. */
  cancelOffer: z.strictObject({ offer: z.enum(['skip', 'pause', 'cheaper']), ...Survey }).optional(),
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
