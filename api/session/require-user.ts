import type { Request } from 'express';
import type { CurrentUser } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { sessionToken } from './session-cookie.ts';
import { findSessionUser } from './session.service.ts';

/** The signed-in user, or 401 with §8 "please log in again". */
export async function requireUser(ctx: ApiContext, req: Request): Promise<CurrentUser> {
  const user = await findSessionUser(ctx.db, sessionToken(req), ctx.now());
  if (!user) throw new DomainError(401, 'UNAUTHORIZED', MESSAGES.loginAgain);
  return user;
}

/** A signed-in user whose session proved the password or a mail code recently, or 403 REAUTH_REQUIRED. */
export async function requireSecureUser(ctx: ApiContext, req: Request): Promise<CurrentUser> {
  const user = await requireUser(ctx, req);
  if (!user.securitySafe) throw new DomainError(403, 'REAUTH_REQUIRED', MESSAGES.reauthRequired);
  return user;
}
