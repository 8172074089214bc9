import { Router } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { requireUser } from '../session/require-user.ts';
import { listShopperRounds, payOutcomePath, returnFromShopperRound, startShopperRoundPayment } from './shopper-round.service.ts';

const Params = z.strictObject({ requestId: z.coerce.number().int().positive().max(2_147_483_647) });
const NoBody = z.strictObject({});
const NoQuery = z.strictObject({});
/** PayPay adds its own keys to the return URL (Stripe's); allowed, never read: the provider is asked. */
const ReturnQuery = z.strictObject({
  payment_intent: z.string().max(200).optional(),
  payment_intent_client_secret: z.string().max(300).optional(),
  redirect_status: z.string().max(50).optional(),
});

/**
 * A later round a fan pays herself (issue 34): her requests (my page), the payment of one
 * (the voucher or PayPay's page), and the return from PayPay. Her own requests only (404 otherwise).
 */
export function shopperRoundRouter(ctx: ApiContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const user = await requireUser(ctx, req);
    res.set('cache-control', 'private, no-store').json(await listShopperRounds(ctx, user.id));
  });
  router.post('/:requestId/pay', async (req, res) => {
    const { requestId } = parseInput(Params, req.params, 'path');
    parseInput(NoBody, req.body ?? {}, 'body');
    const user = await requireUser(ctx, req);
    res.json(await startShopperRoundPayment(ctx, user.id, requestId));
  });
  router.get('/:requestId/return', async (req, res) => {
    const { requestId } = parseInput(Params, req.params, 'path');
    parseInput(ReturnQuery, req.query, 'query');
    const user = await requireUser(ctx, req);
    res.redirect(303, payOutcomePath(await returnFromShopperRound(ctx, user.id, requestId)));
  });
  return router;
}
