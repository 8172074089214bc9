import { choiceNeeds, choosableMethods, DEFERRED_OFF_MESSAGE, deferredPaymentOffered } from '../../shared/deferred-switch.ts';
import { paysEachRound } from '../../shared/shopper-payment.ts';
import type { CreditInfo, CurrentUser, PaymentMethodHistory } from '../../shared/api/types.ts';
import { GUARDIAN_CONSENT_REQUIRED, isMinor } from '../../shared/deferred-payment.ts';
import { parsePaymentMethod, type PaymentMethod } from '../../shared/payment.ts';
import type { ApiContext } from '../context.ts';
import { BadRequestError, DomainError, NotFoundError } from '../http/errors.ts';
import { PAYMENT_MESSAGES as M } from './payment-messages.ts';
import * as repo from './payment.repository.ts';
import { paymentProviderOf } from './provider-of.ts';
import { providerFailure, withProviderDeadline } from './provider-deadline.ts';
import type { RegisteredCard } from './provider.ts';
import { billingOptionsOf } from '../billing/billing-options.ts';
import { retryAfterPaymentChange } from '../billing/run-billing.ts';
import { takeHits, throttleRules, type Subject } from '../throttle/throttle.service.ts';

/** The card token H8 charges, or null when none is registered. */
export async function cardTokenOf(ctx: ApiContext, userId: number): Promise<string | null> {
  return (await repo.findCard(ctx.db, userId, paymentProviderOf(ctx).name))?.token ?? null;
}

/** `userId` in a query must be the session's own: anyone else's is "not found", never shown. */
export function assertOwnUser(user: CurrentUser, userId: number | undefined): void {
  if (userId !== undefined && userId !== user.id) throw new NotFoundError(M.otherUser);
}

/**
 * The hosted card page; the provider comes back to /api/credit-confirm. Registrations are counted
 * per user and per client before the provider is asked (issue 17, card testing), so the limits hold
 * whichever gateway is behind the interface: 429 RATE_LIMITED with the §8 "wait and retry" text.
 */
export async function startCardRegistration(ctx: ApiContext, user: CurrentUser, retUrl: string, client: string): Promise<{ url: string }> {
  const subjects: Subject[] = [{ rule: 'cardUser', value: String(user.id) }, { rule: 'cardClient', value: client }];
  await takeHits(ctx.db, throttleRules(ctx.throttle), subjects, ctx.now());
  const query = new URLSearchParams({ userId: String(user.id), retUrl });
  return answered(ctx, paymentProviderOf(ctx).startCardRegistration({ userId: user.id, returnUrl: `${ctx.publicOrigin}/api/credit-confirm?${query}` }));
}

/**
 * A gateway that fails or does not answer (a network error, Stripe's 5xx, the deadline) is 503
 * PAYMENT_UNAVAILABLE, "try again", never a 500: nothing was saved, and a retry is safe.
 */
async function answered<T>(ctx: ApiContext, work: Promise<T>): Promise<T> {
  const result = await withProviderDeadline(work, (error) => ctx.logger.error({ reason: providerFailure(error) }, 'card registration call failed'));
  if (result === 'timeout') throw new DomainError(503, 'PAYMENT_UNAVAILABLE', M.gatewayUnavailable);
  return result;
}

export type CardOutcome = 'registered' | 'declined' | 'cancelled';

/**
 * Asks the provider what happened to the registration (the query's word is never taken) and
 * keeps token, brand, last 4 and expiry. The provider call runs outside the transaction.
 */
export async function confirmCardRegistration(ctx: ApiContext, user: CurrentUser, registrationId: string): Promise<CardOutcome> {
  const result = await answered(ctx, paymentProviderOf(ctx).confirmCardRegistration({ userId: user.id, registrationId }));
  if (result.status === 'declined') return 'declined';
  if (result.status !== 'registered') return 'cancelled';
  await keepCard(ctx, user.id, result);
  return 'registered';
}

/**
 * Keeps a card the provider confirmed as the shopper's card and method. Idempotent: the same card
 * again (the return and Stripe's checkout.session.completed webhook both arrive) changes nothing.
 */
export async function keepCard(ctx: ApiContext, userId: number, card: RegisteredCard): Promise<void> {
  const kept = await ctx.db.transaction().execute(async (trx) => {
    const method = await repo.lockMethod(trx, userId);
    if (method === null) return false;
    const current = await repo.findSavedCard(trx, userId);
    const provider = paymentProviderOf(ctx).name;
    if (current?.token === card.token && current.expiry === card.expiry && current.provider === provider && method === 'CARD') return false;
    await repo.saveCard(trx, userId, card, provider, ctx.now());
    await repo.setMethod(trx, userId, 'CARD');
    await repo.insertHistory(trx, { userId, method: 'CARD', brand: card.brand, last4: card.last4, guardianConsent: false }, ctx.now());
    return true;
  });
  // A declined monthly round is charged again on the new card at once (issue 9).
  if (kept) await retryAfterPaymentChange(ctx, userId, billingOptionsOf(ctx));
}

export async function creditInfo(ctx: ApiContext, userId: number): Promise<CreditInfo> {
  const provider = paymentProviderOf(ctx).name;
  const [card, stale] = await Promise.all([repo.findCard(ctx.db, userId, provider), repo.hasCardOfOtherGateway(ctx.db, userId, provider)]);
  return {
    registered: Boolean(card), cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null, expiry: card?.expiry ?? null, needsReRegistration: stale,
  };
}

export async function methodHistory(ctx: ApiContext, userId: number): Promise<PaymentMethodHistory[]> {
  const rows = await repo.listHistory(ctx.db, userId);
  return rows.map((r) => ({
    paymentMethod: parsePaymentMethod(r.payment_method), cardBrand: r.card_brand, cardLast4: r.card_last4, updatedAt: r.created_at.toISOString(),
  }));
}

/**
 * Switches to CARD (a card must be registered), GMOAB (profile, guardian consent, screening), or
 * KONBINI / PAYPAY (issue 34: the fan pays each round herself; no card, no screening).
 */
export async function chooseMethod(ctx: ApiContext, user: CurrentUser, method: PaymentMethod, guardianConsent: boolean): Promise<PaymentMethod> {
  if (!choosableMethods(true).includes(method)) throw new BadRequestError(M.chooseMethod, { paymentMethod: M.chooseMethod });
  const card = await repo.findCard(ctx.db, user.id, paymentProviderOf(ctx).name);
  const needs = choiceNeeds(method);
  if (needs === 'card' && !card) throw new DomainError(409, 'PAYMENT_METHOD_REQUIRED', M.noCard);
  if (needs === 'deferredChecks' && !deferredPaymentOffered(ctx.deferredPayment)) throw new DomainError(409, 'CONFLICT', DEFERRED_OFF_MESSAGE);
  if (needs === 'deferredChecks') await checkDeferredEligible(ctx, user, guardianConsent);
  if (method === user.paymentMethod) return method;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setMethod(trx, user.id, method);
    await repo.insertHistory(trx, {
      userId: user.id, method, brand: method === 'CARD' ? (card?.brand ?? null) : null,
      last4: method === 'CARD' ? (card?.last4 ?? null) : null, guardianConsent: method === 'GMOAB' && guardianConsent,
    }, ctx.now());
  });
  // Nothing is charged automatically for a fan who pays each round herself: no retry of a declined card round.
  if (!paysEachRound(method)) await retryAfterPaymentChange(ctx, user.id, billingOptionsOf(ctx));
  return method;
}

async function checkDeferredEligible(ctx: ApiContext, user: CurrentUser, guardianConsent: boolean): Promise<void> {
  const missing = (['name', 'tel', 'birthday', 'zip', 'address'] as const).filter((key) => !user[key]);
  if (missing.length > 0) throw new BadRequestError(M.profileIncomplete, Object.fromEntries(missing.map((key) => [key, M.profileIncomplete])));
  if (isMinor(user.birthday, ctx.now()) && !guardianConsent) {
    throw new BadRequestError(GUARDIAN_CONSENT_REQUIRED, { guardianConsent: GUARDIAN_CONSENT_REQUIRED });
  }
  // Screening on first use only: an approval stands; a refusal is asked again (the profile may have changed).
  if ((await repo.findScreening(ctx.db, user.id))?.approved) return;
  const screening = await paymentProviderOf(ctx).screenDeferred({
    userId: user.id, name: user.name, tel: user.tel, birthday: user.birthday, zip: user.zip,
    address: `${user.address} ${user.address2}`.trim(), email: user.email, amount: 0,
  });
  await repo.saveScreening(ctx.db, user.id, screening.approved, screening.approved ? null : (screening.reasonEn ?? 'declined'), ctx.now());
  if (!screening.approved) throw new DomainError(402, 'PAYMENT_DECLINED', M.screeningDeclined);
}
