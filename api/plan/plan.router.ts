import { Router } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { IdParam } from '../http/schemas.ts';
import { parseInput } from '../http/validate.ts';
import * as plans from './plan.service.ts';

const PlanParams = z.object({ planId: IdParam });
const OrderParams = z.object({ planOrderId: IdParam });
const NoQuery = z.object({}).strict();

export function planRouter(ctx: ApiContext): Router {
  const router = Router();

  router.get('/order/:planOrderId', async (req, res) => {
    const { planOrderId } = parseInput(OrderParams, req.params, 'path');
    parseInput(NoQuery, req.query, 'query');
    res.json(await plans.getOrder(ctx.db, planOrderId, ctx.now()));
  });

  router.get('/:planId', async (req, res) => {
    const { planId } = parseInput(PlanParams, req.params, 'path');
    parseInput(NoQuery, req.query, 'query');
    res.json(await plans.getPlan(ctx.db, planId, ctx.now(), 'public'));
  });

  return router;
}
