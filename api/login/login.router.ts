import { Router } from 'express';
import type { LoginStatus } from '../../shared/api/types.ts';
import type { ApiContext } from '../context.ts';
import { SESSION_COOKIE, findSessionUser } from '../session/session.service.ts';

export function loginRouter(ctx: ApiContext): Router {
  const router = Router();

  // Spec §7: signed in only if `userId` is present. Never cached: it differs per shopper.
  router.get('/loginStatus', async (req, res) => {
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    const user = await findSessionUser(ctx.db, typeof token === 'string' ? token : undefined, ctx.now());
    const status: LoginStatus = { userId: user?.id ?? null, user };
    res.set('cache-control', 'private, no-store').json(status);
  });

  return router;
}
