import { Router } from 'express';
import { z } from 'zod';
import type { RedirectTarget } from '../../shared/api/types.ts';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { requireUser } from '../session/require-user.ts';
import { authOutcomePath, returnFromAuthentication, startAuthentication } from './charge-authentication.service.ts';

const HistoryId = z.coerce.number().int().positive().max(2_147_483_647);
const StartBody = z.strictObject({ historyId: z.number().int().positive().max(2_147_483_647) });
/**
 * Stripe adds its own keys to the return URL; they are allowed so the return is not refused, and
 * never read: the provider is asked instead (api/payment/provider.ts).
 */
const ReturnQuery = z.strictObject({
  historyId: HistoryId,
  payment_intent: z.string().max(200).optional(),
  payment_intent_client_secret: z.string().max(300).optional(),
  redirect_status: z.string().max(50).optional(),
});

/**
 * The shopper authenticates a billing round's charge the bank held (3-D Secure). requireUser, not
 * requireSecureUser: paying one's own round changes no card or account detail, and the bank
 * authenticates the shopper itself; the row must be the user's own.
 */
export function chargeAuthenticationRouter(ctx: ApiContext): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const { historyId } = parseInput(StartBody, req.body, 'body');
    const user = await requireUser(ctx, req);
    const target: RedirectTarget = await startAuthentication(ctx, user.id, historyId);
    res.json(target);
  });
  router.get('/return', async (req, res) => {
    const { historyId } = parseInput(ReturnQuery, req.query, 'query');
    const user = await requireUser(ctx, req);
    res.redirect(303, authOutcomePath(await returnFromAuthentication(ctx, user.id, historyId)));
  });
  return router;
}
