import { sql } from 'kysely';
import { MAX_CHARGE_ATTEMPTS, nextAttemptAt } from '../../shared/billing-rules.ts';
import { DEFERRED_LIMIT_DECLINE, exceedsDeferredLimit } from '../../shared/deferred-payment.ts';
import { CARD_REREGISTER_DECLINE, isCardOfGateway } from '../../shared/card-gateway.ts';
import { AUTHENTICATION_REQUIRED } from '../../shared/charge-authentication.ts';
import { DEFERRED_OFF_DECLINE, deferredPaymentOffered } from '../../shared/deferred-switch.ts';
import { paymentStatusesInto } from '../../shared/payment.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { renderAuthenticationMail, renderChargedMail, renderDeferredLimitMail, renderFailedMail, type BillingMailFacts } from '../mail/billing-templates.ts';
import { deferredOwed } from '../payment/payment.repository.ts';
import { providerFailure, withProviderDeadlineOrBusy } from '../payment/provider-deadline.ts';
import type { ChargeRequest, ChargeResult } from '../payment/provider.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { enqueueMails } from './billing-mails.ts';
import { factsForMail, type ChargeScope } from './billing-scope.ts';
import { loadRoundFacts, type RoundFacts } from './round-facts.ts';
import { claimParcelFeeWaiting } from './parcel-fee.ts';

export interface ChargeOptions {
  /** Provider calls at once (issue 9: a bound, e.g. 32). */
  concurrency: number;
  /** How long a worker owns a claimed row; after that another may take it (and looks it up first). */
  leaseMs: number;
  signal?: AbortSignal;
}

export interface ChargeTally {
  charged: number;
  declined: number;
  /** No answer within the deadline, or the provider said pending: settled by a later pass. */
  inDoubt: number;
}

export type Claimed = { id: number; charge_key: string; attempts: number; claims: number };

/**
 * Takes BEFORE billing rows by a lease (in the order of the partial index
 * `plan_order_histories_billing_todo`, so the claim reads the index, not every row still due),
 * `FOR UPDATE SKIP LOCKED` only for the instant of the claim (a claim of one named row waits that
 * instant instead): no database lock is held across a provider call, so any number of API
 * instances and operator runs share the work.
 */
async function claim(db: Db, limit: number, leaseMs: number, scope: ChargeScope): Promise<Claimed[]> {
  const byUser = scope.userId === undefined ? sql`` : sql`and user_id = ${scope.userId}`;
  const byRound = scope.roundId === undefined ? sql`` : sql`and plan_order_id = ${scope.roundId}`;
  const byId = scope.historyId === undefined ? sql`` : sql`and id = ${scope.historyId}`;
  // One named row (the console's retry or reconcile) waits for a statement that holds it for an
  // instant instead of skipping it: a concurrent second submit's failed update locks the row just
  // then, and skipping would leave the requeued row uncharged for the member who asked.
  const skip = scope.historyId === undefined ? sql`skip locked` : sql``;
  const result = await sql<Claimed>`
    update plan_order_histories set claims = claims + 1, claimed_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
    where id in (select id from plan_order_histories where origin = 'billing' and payment_status = 'BEFORE'
      and (claimed_until is null or claimed_until < clock_timestamp()) ${byUser} ${byRound} ${byId}
      order by plan_order_id, id limit ${limit} for update ${skip})
    returning id, charge_key, attempts, claims`.execute(db);
  return result.rows;
}

/**
 * Charges every reserved billing row in scope, `concurrency` provider calls at a time. Lanes pull
 * from a buffer refilled `concurrency` rows at a time, so a claimed row starts within about one
 * provider call of its claim and finishes well inside the lease, even with a slow gateway.
 */
export async function chargeReservedRounds(
  ctx: ApiContext,
  options: ChargeOptions,
  scope: ChargeScope = {},
  onProgress?: (tally: ChargeTally) => void,
): Promise<ChargeTally> {
  const tally: ChargeTally = { charged: 0, declined: 0, inDoubt: 0 };
  const buffer: { row: Claimed; fact: RoundFacts | undefined }[] = [];
  let exhausted = false;
  let claiming: Promise<void> | null = null;
  const refill = async (): Promise<void> => {
    const rows = await claim(ctx.db, options.concurrency, options.leaseMs, scope);
    if (rows.length === 0) exhausted = true;
    const facts = await loadRoundFacts(ctx.db, rows.map((r) => r.id));
    buffer.push(...rows.map((row) => ({ row, fact: facts.get(row.id) })));
    onProgress?.(tally);
  };
  const next = async () => {
    while (buffer.length === 0 && !exhausted && !options.signal?.aborted) {
      claiming ??= refill().finally(() => (claiming = null));
      await claiming;
    }
    return buffer.shift();
  };
  const lane = async (): Promise<void> => {
    for (let item = await next(); item; item = await next()) {
      const outcome = item.fact ? await settle(ctx, item.row, item.fact) : null;
      if (outcome) tally[outcome] += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, lane));
  onProgress?.(tally);
  return tally;
}

/** One row: look up first if a worker had it before, else charge; then record the answer (null: another worker did). */
async function settle(ctx: ApiContext, row: Claimed, fact: RoundFacts): Promise<keyof ChargeTally | null> {

  const provider = paymentProviderOf(ctx);
  let result: ChargeResult | null | 'timeout' | 'busy' = null;
  // Taken before and not finished (a process died, a call timed out): the provider may have
  // charged it; ask by the order key before anything else.
  const failed = (error: unknown) => ctx.logger.error({ orderKey: row.charge_key, reason: providerFailure(error) }, 'billing provider call failed');
  if (row.claims > 1) result = await withProviderDeadlineOrBusy(provider.findCharge(row.charge_key), failed);
  if (result === null) {
    // The parcel's fee (shared/parcel.ts): claimed, or not, and written on the row before the call.
    const claim = await claimParcelFeeWaiting(ctx.db, row.id);
    if (!claim) return null;
    if (claim.decision === 'wait') return putBack(ctx, row, 'parcel carrier in flight; box put back for a later lane or pass');
    fact = { ...fact, ship_fee: claim.shipFee, total: claim.total };
    const source = sourceOf(fact);
    const refusal = source?.kind === 'card' && !isCardOfGateway(fact.card_provider ?? '', provider.name) ? CARD_REREGISTER_DECLINE
      : !source ? 'no payment method'
      : !deferredPaymentOffered(ctx.deferredPayment) && source.kind === 'deferred' ? DEFERRED_OFF_DECLINE
      : (await overDeferredLimit(ctx, row, fact)) ? DEFERRED_LIMIT_DECLINE : null;
    result = source && !refusal
      ? await withProviderDeadlineOrBusy(provider.charge({ orderKey: row.charge_key, userId: fact.user_id, amount: fact.total, description: describe(fact), source }), failed)
      : { status: 'declined', chargeId: '', orderKey: row.charge_key, amount: fact.total, declineReason: refusal ?? undefined };
  }
  // The gateway's rate limit refused the call unseen (docs/decisions/0094-stripe-pacing.md):
  // nothing happened there, so the box is neither in doubt nor declined. It goes back as it was
  // before this claim, and a later lane or pass sends the same call with the same key (a charge
  // refused so is charged without a search first; a look-up refused so is looked up again).
  if (result === 'busy') return putBack(ctx, row, 'gateway rate limit; box put back for a later lane or pass');
  if (result === 'timeout' || result.status === 'pending') {
    ctx.logger.warn({ orderKey: row.charge_key }, 'billing charge in doubt; settled by a later pass');
    return 'inDoubt';
  }
  return record(ctx, row, fact, result);
}

/**
 * The parcel's carrier is still being charged (or in doubt), or the gateway refused the call for
 * its rate limit: the row goes back, BEFORE, its lease ending in a few seconds, not counted; a
 * later lane or pass takes it again. The claim is taken back too: the provider did nothing for it.
 */
async function putBack(ctx: ApiContext, row: Claimed, why: string): Promise<null> {
  await sql`update plan_order_histories set claims = greatest(claims - 1, 0), claimed_until = clock_timestamp() + ${PUT_BACK_MS} * interval '1 millisecond'
    where id = ${row.id} and payment_status = 'BEFORE' and charge_key = ${row.charge_key}`.execute(ctx.db);
  ctx.logger.info({ orderKey: row.charge_key }, why);
  return null;
}

/** How long a box put back waits before a lane may take it again. */
const PUT_BACK_MS = 3_000;

/**
 * The checkout's rule at the deadline too (shared/deferred-payment.ts): a GMOAB charge that would
 * take the shopper's unpaid deferred total past the limit is not made; the round is declined and
 * the shopper asked to switch to a card before the last chance to pay.
 */
async function overDeferredLimit(ctx: ApiContext, row: Claimed, fact: RoundFacts): Promise<boolean> {
  if (fact.payment_method !== 'GMOAB') return false;
  return exceedsDeferredLimit(await deferredOwed(ctx.db, fact.user_id, row.id), fact.total);
}

function describe(fact: RoundFacts): string {
  return `${fact.artist_name} ${fact.plan_name} ${issueLabel({ shipDate: fact.ship_date.toISOString() }).ja}`.slice(0, 100);
}

/** The method on the row picks the source; the card is the one registered now (a changed card counts). */
function sourceOf(fact: RoundFacts): ChargeRequest['source'] | null {
  if (fact.payment_method === 'GMOAB') {
    return { kind: 'deferred', buyer: {
      userId: fact.user_id, name: fact.name, tel: fact.tel, birthday: fact.birthday, zip: fact.zip,
      address: `${fact.address} ${fact.address2}`.trim(), email: fact.email,
    } };
  }
  return fact.card_token ? { kind: 'card', token: fact.card_token } : null;
}

/**
 * Records the provider's answer and queues its mail in one transaction. A stale worker (its lease
 * ran out and another recorded the row) changes nothing and counts nothing: null. An answer
 * `action_required` is a decline (the failed-charge rules) that also marks the round as waiting
 * for the shopper's authentication of that charge; a waiting round that is then paid moves
 * ERROR → SUCCESS (docs/decisions/0040-charge-authentication.md).
 */
export async function record(ctx: ApiContext, row: Claimed, fact: RoundFacts, result: ChargeResult): Promise<'charged' | 'declined' | null> {
  const now = ctx.now();
  const succeeded = result.status === 'succeeded';
  const waits = result.status === 'action_required';
  const next = succeeded || row.attempts >= MAX_CHARGE_ATTEMPTS ? null : nextAttemptAt(row.attempts, now, fact.ship_date);
  const reason = waits ? AUTHENTICATION_REQUIRED.ja : (result.declineReason ?? 'declined');
  const recorded = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('plan_order_histories')
      .set(succeeded
        ? { payment_status: 'SUCCESS', charge_id: result.chargeId, paid_at: now, action_required_at: null, claimed_until: null, updated_at: now }
        // Declined: the parcel's fee is given up for the next box charged; a charge held for the
        // bank's authentication keeps it (paid once authenticated, shared/parcel.ts).
        : { payment_status: 'ERROR', charge_id: result.chargeId || null, decline_reason: reason.slice(0, 200), ...(waits ? {} : { carries_fee: false }),
          action_required_at: waits ? now : null, next_attempt_at: next, claimed_until: null, updated_at: now })
      .where('id', '=', row.id).where('payment_status', 'in', paymentStatusesInto(succeeded ? 'SUCCESS' : 'ERROR'))
      // Out of ERROR only the round waiting for authentication, paid with the charge it waited for.
      .where((eb) => eb.or([eb('payment_status', '!=', 'ERROR'), eb('action_required_at', 'is not', null)]))
      .where('charge_key', '=', row.charge_key)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) return false;
    const facts = factsForMail(fact, { nextAttemptAt: next });
    const vars = { brand: ctx.mailer.brand, origin: ctx.publicOrigin };
    await enqueueMails(trx, [succeeded
      ? { key: `charged:${row.id}`, kind: 'charged', userId: fact.user_id, historyId: row.id, mail: renderChargedMail(facts, vars) }
      : { key: `${waits ? 'auth' : 'failed'}:${row.id}:${row.attempts}`, kind: 'failed', userId: fact.user_id, historyId: row.id, mail: failedMail(result, facts, vars) }], now);
    return true;
  });
  if (!recorded) return null;
  return succeeded ? 'charged' : 'declined';
}

function failedMail(result: ChargeResult, facts: BillingMailFacts, vars: { brand: string; origin: string }) {
  if (result.status === 'action_required') return renderAuthenticationMail(facts, vars);
  return result.declineReason === DEFERRED_LIMIT_DECLINE ? renderDeferredLimitMail(facts, vars) : renderFailedMail(facts, vars);
}
