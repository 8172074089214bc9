import type { EmailPass } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { verifyDummy, verifyPassword } from '../password/password-hash.ts';
import { endSession, startSession } from '../session/session.service.ts';
import { giveBackHits, takeHits, throttleRules, type Subject } from '../throttle/throttle.service.ts';
import { findLiveUserByEmail } from '../user/user.repository.ts';

/**
 * Signs in with e-mail and password. An unknown address and a wrong password get the same
 * answer after the same work (a dummy hash for the unknown address). Every attempt is counted
 * before any hash (refused ones too); a success gives its own hit back, so only failures use up
 * the budget. Success rotates the session: the old token, if any, dies.
 */
export async function emailLogin(ctx: ApiContext, client: string, input: EmailPass, oldToken: string | undefined): Promise<string> {
  const rules = throttleRules(ctx.throttle);
  const subjects: Subject[] = [
    { rule: 'loginClient', value: client },
    { rule: 'loginEmail', value: input.email },
  ];
  await takeHits(ctx.db, rules, subjects, ctx.now());
  const user = await findLiveUserByEmail(ctx.db, input.email);
  const right = user ? await verifyPassword(client, input.password, user.password_hash) : await verifyDummy(client, input.password);
  if (!user || !right) throw new DomainError(401, 'UNAUTHORIZED', MESSAGES.loginFailed);
  await giveBackHits(ctx.db, rules, subjects, ctx.now());
  await endSession(ctx.db, oldToken);
  return startSession(ctx.db, user.id, ctx.now(), true);
}
