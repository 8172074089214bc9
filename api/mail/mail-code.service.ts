import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { MailType } from '../../shared/api/types.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { Lang } from '../../shared/text.ts';
import type { Db } from '../db/schema.ts';
import { BadRequestError } from '../http/errors.ts';
import { deleteStaleThrottle } from '../throttle/throttle.service.ts';
import { deleteStaleCodes, replaceCode, settleRightCode, takeCodeTry } from './mail-code.repository.ts';
import { CODE_MINUTES } from './mail-templates.ts';

/**
 * Mailed codes: 6 random digits, 30 minutes, single use, bound to one address and one purpose
 * (and, for an e-mail change, to the user who asked), voided after 5 wrong tries. Only a hash is
 * stored: 10^6 codes are no secret against someone holding the table, but the hash keeps live
 * codes out of backups and query logs; what protects a code is the expiry and the 5 tries.
 */
export const MAX_WRONG_TRIES = 5;
const CODE_MS = CODE_MINUTES * 60_000;

function hashCode(email: string, purpose: MailType, code: string): Buffer {
  return createHash('sha256').update(`${purpose}\n${email.toLowerCase()}\n${code}`).digest();
}

export interface CodeRequest {
  email: string;
  purpose: MailType;
  lang: Lang;
  userId?: number | null;
}

/** Issues a new code (voiding earlier ones for the same address and purpose) and returns it. */
export async function issueCode(db: Db, request: CodeRequest, now: Date): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await replaceCode(db, {
    email: request.email,
    purpose: request.purpose,
    codeHash: hashCode(request.email, request.purpose, code).toString('base64url'),
    userId: request.userId ?? null,
    lang: request.lang,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_MS),
  });
  // Housekeeping rides on code requests: a day after expiry nothing refers to a row any more.
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await deleteStaleCodes(db, dayAgo);
  await deleteStaleThrottle(db, dayAgo);
  return code;
}

export interface VerifiedCode {
  userId: number | null;
  lang: Lang;
}

export function codeIncorrect(): BadRequestError {
  return new BadRequestError(MESSAGES.codeIncorrect, { code: MESSAGES.codeIncorrect });
}

/**
 * Checks a code: each check takes one of the code's 5 tries before comparing (atomically, so a
 * parallel burst compares at most 5), and a right code gives it back. `consume` uses it up (run
 * it in the transaction of the action the code allows). `userId` binds e-mail-change codes to
 * their user.
 */
export async function verifyCode(
  db: Db,
  input: { email: string; purpose: MailType; code: string; userId?: number },
  now: Date,
  options: { consume: boolean },
): Promise<VerifiedCode> {
  const row = await takeCodeTry(db, input.email, input.purpose, now, MAX_WRONG_TRIES);
  if (!row) throw codeIncorrect();
  const expected = Buffer.from(row.code_hash, 'base64url');
  const right = timingSafeEqual(hashCode(input.email, input.purpose, input.code), expected);
  if (!right || (input.userId !== undefined && row.user_id !== input.userId)) throw codeIncorrect();
  await settleRightCode(db, row.id, options.consume ? now : null);
  return { userId: row.user_id, lang: row.lang === 'en' ? 'en' : 'ja' };
}
