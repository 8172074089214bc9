import { Router } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { requireUser } from '../session/require-user.ts';
import { userOverview } from './overview.service.ts';

const NoQuery = z.strictObject({});

/** GET /api/user/overview: my page's summary of the next box, the next charge and what needs action. */
export function overviewRouter(ctx: ApiContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const user = await requireUser(ctx, req);
    res.set('cache-control', 'private, no-store').json(await userOverview(ctx.db, user, ctx.now(), paymentProviderOf(ctx).name, ctx.consolidationWindowDays));
  });
  return router;
}
