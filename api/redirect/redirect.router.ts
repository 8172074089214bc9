import { Router } from 'express';
import { z } from 'zod';
import type { RedirectTarget } from '../../shared/api/types.ts';
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from '../../shared/routes.ts';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';

const NoQuery = z.strictObject({});
const RedirectBody = z.strictObject({ url: z.string().min(1).max(RETURN_PATH_MAX_LENGTH) });

/**
 * POST /api/redirect: where a return destination (a login's `url`) really leads. The answer is
 * the same-site path to go to, by the one rule the server actions use (`safeReturnPath`): a
 * foreign or doubtful destination answers the top page, as the form without JavaScript would.
 */
export function redirectRouter(_ctx: ApiContext): Router {
  const router = Router();
  router.post('/', (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const { url } = parseInput(RedirectBody, req.body, 'body');
    const target: RedirectTarget = { url: safeReturnPath(url) };
    res.json(target);
  });
  return router;
}
