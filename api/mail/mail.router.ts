import { Router } from 'express';
import { z } from 'zod';
import { CheckCodeInput, SendMailInput } from '../../shared/account-rules.ts';
import type { Ok } from '../../shared/api/types.ts';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { sessionToken } from '../session/session-cookie.ts';
import { findSessionUser } from '../session/session.service.ts';
import { requireUser } from '../session/require-user.ts';
import { clientAddress } from '../throttle/client-address.ts';
import { checkCode } from './code-check.ts';
import { runAfterReply } from './mail-after-reply.ts';
import { acceptCodeRequest, mailCodeRequest } from './mail.service.ts';
import { mailLangOf } from '../user/user.service.ts';

const SendMailQuery = z.strictObject({ langType: z.enum(['ja', 'en']).default('ja') });
const NoQuery = z.strictObject({});
const OK: Ok = { ok: true };

export function mailRouter(ctx: ApiContext): Router {
  const router = Router();

  router.post('/sendMail', async (req, res) => {
    const { langType } = parseInput(SendMailQuery, req.query, 'query');
    const input = parseInput(SendMailInput, req.body, 'body');
    const user = await findSessionUser(ctx.db, sessionToken(req), ctx.now());
    await acceptCodeRequest(ctx, clientAddress(req), input, user);
    res.json(OK);
    // Only now is the address looked up and mailed: the reply never waits on it (decision 0004).
    // A signed-in fan's mails are in the language chosen in the profile (issue 31); a visitor's
    // (sign-up, reminder) in the language of the page that asked.
    runAfterReply(ctx, res, 'code request', async () => mailCodeRequest(ctx, input, user ? await mailLangOf(ctx, user.id) : langType, user));
  });

  // Says whether the code is right, without using it up (the action that follows does).
  router.post('/checkCode', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const input = parseInput(CheckCodeInput, req.body, 'body');
    const userId = input.type === 'email' ? (await requireUser(ctx, req)).id : undefined;
    await checkCode(ctx, clientAddress(req), { email: input.email, purpose: input.type, code: input.code, userId });
    res.json(OK);
  });

  return router;
}
