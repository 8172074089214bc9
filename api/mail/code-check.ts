import type { MailType } from '../../shared/api/types.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { giveBackHits, takeHits, throttleRules } from '../throttle/throttle.service.ts';
import { verifyCode, type VerifiedCode } from './mail-code.service.ts';

export interface CodeInput {
  email: string;
  purpose: MailType;
  code: string;
  userId?: number;
}

/**
 * Checks a code without using it up, outside any transaction so a wrong try is counted for good
 * (against the code's 5 tries and the client's wrong-code budget, both taken before comparing;
 * a right code gives them back). Actions then consume it with
 * `consumeCode` inside their own transaction.
 */
export async function checkCode(ctx: ApiContext, client: string, input: CodeInput): Promise<VerifiedCode> {
  const rules = throttleRules(ctx.throttle);
  const subjects = [{ rule: 'codeClient' as const, value: client }];
  await takeHits(ctx.db, rules, subjects, ctx.now());
  const verified = await verifyCode(ctx.db, input, ctx.now(), { consume: false });
  await giveBackHits(ctx.db, rules, subjects, ctx.now());
  return verified;
}

/** Uses the code up inside the caller's transaction (a second use, even concurrent, fails). */
export function consumeCode(trx: Db, input: CodeInput, now: Date): Promise<VerifiedCode> {
  return verifyCode(trx, input, now, { consume: true });
}
