import { Router } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { listActiveBanners } from './banner.service.ts';

const NoQuery = z.object({}).strict();

export function bannerRouter(ctx: ApiContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    res.json(await listActiveBanners(ctx.db, ctx.now()));
  });
  return router;
}
