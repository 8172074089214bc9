import type { Text } from '../../../shared/text.ts';
import type { ApiContext } from '../../context.ts';
import { countHit, throttleRules } from '../../throttle/throttle.service.ts';
import { updateRegistration } from './sandbox.repository.ts';

/**
 * Card testing (issue 17): one registration takes at most `cardTries` card numbers (5), counted
 * in the shared throttle table (every API copy counts together, the id hashed in the key). The
 * post that uses the last try, if it does not register, ends the registration; any later post is
 * refused whatever card it carries. Starting a new registration is limited per user and per client
 * in front of the provider (api/payment/payment.service.ts).
 */
export const TOO_MANY_TRIES_REASON = 'too_many_tries';

export const TOO_MANY_TRIES: Text = {
  ja: 'カード情報の入力が規定の回数を超えたため、この登録手続きは終了しました。ショップに戻って、最初からやり直してください。',
  en: 'This registration has ended: the card details were tried too many times. Please return to the shop and start again.',
};

export const START_AGAIN: Text = { ja: 'ショップに戻ってやり直す', en: 'Return to the shop and start again' };

export interface CardTry {
  /** This post may be checked. */
  allowed: boolean;
  /** This post is the last one allowed: if it fails, the registration ends. */
  last: boolean;
}

export async function takeCardTry(ctx: ApiContext, registrationId: string): Promise<CardTry> {
  const rules = throttleRules(ctx.throttle);
  const tries = await countHit(ctx.db, rules, { rule: 'cardTries', value: registrationId }, ctx.now());
  return { allowed: tries <= rules.cardTries.limit, last: tries >= rules.cardTries.limit };
}

/**
 * A one-time password typed on a registration's 3-D Secure challenge (`otpTries`, 3): a wrong one
 * with tries left is asked again on the same page; the last wrong one declines the card.
 */
export async function takeOtpTry(ctx: ApiContext, registrationId: string): Promise<{ left: number }> {
  const rules = throttleRules(ctx.throttle);
  const tries = await countHit(ctx.db, rules, { rule: 'otpTries', value: registrationId }, ctx.now());
  return { left: Math.max(0, rules.otpTries.limit - tries) };
}

export const OTP_WRONG = (left: number): Text => ({
  ja: `ワンタイムパスワードが正しくありません。もう一度入力してください（あと${left}回）。`,
  en: `The one-time password is not correct. Please type it again (${left} ${left === 1 ? 'try' : 'tries'} left).`,
});

/** Ends an open registration for good; /api/credit-confirm then reads it as declined. */
export async function endRegistration(ctx: ApiContext, registrationId: string): Promise<void> {
  await updateRegistration(ctx.db, registrationId, 'open', { status: 'declined', decline_reason: TOO_MANY_TRIES_REASON });
}
