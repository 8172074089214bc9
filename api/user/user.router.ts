import { Router, type Request } from 'express';
import { z } from 'zod';
import { EmailChangeInput, PasswordChangeInput, ProfileInput, ReminderInput, SignupInput } from '../../shared/account-rules.ts';
import type { CurrentUser, LoginStatus, MailLang, Ok } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { requireSecureUser, requireUser } from '../session/require-user.ts';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../session/session-cookie.ts';
import { endSession, findSessionUser } from '../session/session.service.ts';
import { clientAddress } from '../throttle/client-address.ts';
import * as users from './user.service.ts';
import { runAfterReply } from '../mail/mail-after-reply.ts';

const NoQuery = z.strictObject({});
/** The language of the fan's mails (issue 31): chosen at sign-up, changed in the profile. */
const MailLangBody = z.strictObject({ lang: z.enum(['ja', 'en']) });
const OK: Ok = { ok: true };

/** A body that names `email` or `code` is the mailed-code form of PUT /api/user and /loginPass. */
function hasCodeFields(body: unknown): boolean {
  return typeof body === 'object' && body !== null && ('email' in body || 'code' in body);
}

export function userRouter(ctx: ApiContext): Router {
  const router = Router();

  /** The user of a token just issued or still valid, for the reply. */
  async function userOf(token: string | undefined): Promise<CurrentUser> {
    const user = await findSessionUser(ctx.db, token, ctx.now());
    if (!user) throw new DomainError(401, 'UNAUTHORIZED', MESSAGES.loginAgain);
    return user;
  }

  const noQuery = (req: Request) => parseInput(NoQuery, req.query, 'query');

  router.get('/', async (req, res) => {
    noQuery(req);
    res.set('cache-control', 'private, no-store').json(await requireUser(ctx, req));
  });

  router.post('/', async (req, res) => {
    noQuery(req);
    const input = parseInput(SignupInput, req.body, 'body');
    const { token, welcome } = await users.signUp(ctx, clientAddress(req), input);
    runAfterReply(ctx, res, 'welcome mail', welcome);
    // Whoever was signed in on this browser before is signed out: one session per cookie.
    await endSession(ctx.db, sessionToken(req));
    setSessionCookie(res, token, ctx.publicOrigin);
    const user = await userOf(token);
    const status: LoginStatus = { userId: user.id, user };
    res.status(201).json(status);
  });

  router.put('/', async (req, res) => {
    noQuery(req);
    if (hasCodeFields(req.body)) {
      const input = parseInput(EmailChangeInput, req.body, 'body');
      const user = await requireSecureUser(ctx, req);
      await users.changeEmail(ctx, clientAddress(req), user, input);
    } else {
      const input = parseInput(ProfileInput, req.body, 'body');
      await users.updateProfile(ctx, await requireUser(ctx, req), input);
    }
    res.json(await userOf(sessionToken(req)));
  });

  router.get('/mailLang', async (req, res) => {
    noQuery(req);
    const user = await requireUser(ctx, req);
    res.set('cache-control', 'private, no-store').json({ lang: await users.mailLangOf(ctx, user.id) } satisfies MailLang);
  });

  router.put('/mailLang', async (req, res) => {
    noQuery(req);
    const { lang } = parseInput(MailLangBody, req.body, 'body');
    const user = await requireUser(ctx, req);
    await users.setMailLang(ctx, user.id, lang);
    res.json({ lang } satisfies MailLang);
  });

  router.put('/loginPass', async (req, res) => {
    noQuery(req);
    let token: string;
    if (hasCodeFields(req.body)) {
      const input = parseInput(ReminderInput, req.body, 'body');
      token = await users.resetPassword(ctx, clientAddress(req), input, sessionToken(req));
    } else {
      const input = parseInput(PasswordChangeInput, req.body, 'body');
      token = await users.changePassword(ctx, clientAddress(req), await requireSecureUser(ctx, req), input);
    }
    setSessionCookie(res, token, ctx.publicOrigin);
    res.json(OK);
  });

  router.delete('/', async (req, res) => {
    noQuery(req);
    await users.deleteAccount(ctx, await requireSecureUser(ctx, req));
    clearSessionCookie(res, ctx.publicOrigin);
    res.json(OK);
  });

  return router;
}
