import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { DASHBOARD_LIMITS } from '../../shared/api/dashboard.ts';
import type { ApiContext } from '../context.ts';
import { plainInt } from '../http/schemas.ts';
import { parseInput } from '../http/validate.ts';
import { staffDashboard } from './dashboard.service.ts';

const DashboardQuery = z.strictObject({ rounds: plainInt(1, DASHBOARD_LIMITS.rounds.max).optional() });

/**
 * GET /api/staff/dashboard (mount the router there): the console's figures. `guard` is the staff
 * session and `dashboard.read` check of the staff API (issue 19); it runs before anything is read.
 */
export function dashboardRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  router.get('/', guard, async (req, res) => {
    const { rounds } = parseInput(DashboardQuery, req.query, 'query');
    res.set('cache-control', 'private, no-store').json(await staffDashboard(ctx.db, ctx.now(), rounds));
  });
  return router;
}
