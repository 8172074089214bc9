import { Router } from 'express';
import { z } from 'zod';
import { LoginInput } from '../../shared/account-rules.ts';
import type { LoginStatus, Ok } from '../../shared/api/types.ts';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../session/session-cookie.ts';
import { endSession, findSessionUser } from '../session/session.service.ts';
import { clientAddress } from '../throttle/client-address.ts';
import { emailLogin } from './login.service.ts';

const NoQuery = z.strictObject({});

export function loginRouter(ctx: ApiContext): Router {
  const router = Router();

  // docs/spec.md §7: signed in only if `userId` is present. Never cached: it differs per shopper.
  router.get('/loginStatus', async (req, res) => {
    const user = await findSessionUser(ctx.db, sessionToken(req), ctx.now());
    const status: LoginStatus = { userId: user?.id ?? null, user };
    res.set('cache-control', 'private, no-store').json(status);
  });

  router.post('/emailLogin', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const input = parseInput(LoginInput, req.body, 'body');
    const token = await emailLogin(ctx, clientAddress(req), input, sessionToken(req));
    setSessionCookie(res, token, ctx.publicOrigin);
    const user = await findSessionUser(ctx.db, token, ctx.now());
    const status: LoginStatus = { userId: user?.id ?? null, user };
    res.set('cache-control', 'private, no-store').json(status);
  });

  // Idempotent: signing out without a session is fine, and the cookie is cleared either way.
  router.delete('/logout', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    await endSession(ctx.db, sessionToken(req));
    clearSessionCookie(res, ctx.publicOrigin);
    const ok: Ok = { ok: true };
    res.json(ok);
  });

  return router;
}
