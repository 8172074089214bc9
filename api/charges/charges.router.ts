import { Router, type RequestHandler } from 'express';
import { MethodNotAllowedError } from '../http/errors.ts';
import { z } from 'zod';
import { BillingChargesQuery, ChargeActionInput } from '../../shared/billing-console-rules.ts';
import { PageQuery, pageOf } from '../../shared/shipment-import-rules.ts';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { actorOf } from '../staff/audit.service.ts';
import { staffOf } from '../staff/require-staff.ts';
import { actOnCharge, listBillingRounds, listCharges } from './charges.service.ts';

const RoundParams = z.strictObject({ id: z.string().regex(/^[1-9][0-9]{0,8}$/, 'a round id') });

/**
 * Billing (issue 19; permission `refunds`): each round's charges counted by state, one state's
 * charges a page at a time, and the one action on a charge (retry a declined one, reconcile one in
 * doubt) by the billing run's own path (charges.service.ts).
 */
export function billingRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  router.get('/', guard, async (req, res) => {
    const page = pageOf(parseInput(PageQuery, req.query, 'query').page);
    res.set('cache-control', 'private, no-store').json(await listBillingRounds(ctx.db, page));
  });

  // Before /:id, which would take "charges" for a round (and answer a GET with the guard's 401).
  router.use('/charges', (req, _res, next) => {
    if (req.method === 'POST') next();
    else next(new MethodNotAllowedError(req.method, ['OPTIONS', 'POST']));
  });
  router.post('/charges', guard, async (req, res) => {
    const input = parseInput(ChargeActionInput, req.body, 'body');
    const action = { intent: input.intent, chargeId: Number(input.charge), attempt: Number(input.attempt) };
    res.set('cache-control', 'private, no-store').json(await actOnCharge(ctx, actorOf(req, staffOf(res)), action));
  });

  router.get('/:id', guard, async (req, res) => {
    const roundId = Number(parseInput(RoundParams, req.params, 'path').id);
    const query = parseInput(BillingChargesQuery, req.query, 'query');
    res.set('cache-control', 'private, no-store').json(await listCharges(ctx, roundId, query.state ?? 'declined', pageOf(query.page)));
  });
  return router;
}
