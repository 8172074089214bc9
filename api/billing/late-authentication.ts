import { sql } from 'kysely';
import { LATE_AUTHENTICATION_REFUND } from '../../shared/charge-authentication.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { renderLateAuthenticationMail } from '../mail/billing-templates.ts';
import { moveHistoryStatus, type HistoryRow } from '../order-history/order-history.repository.ts';
import { refundVoided } from '../user-plan/round-charge.ts';
import { enqueueMails } from './billing-mails.ts';
import { factsForMail, type BillingScope } from './billing-scope.ts';
import { loadRoundFacts, type RoundFacts } from './round-facts.ts';

/** The mail of a late payment's refund: one per round (the outbox's key). */
const lateMailKey = (historyId: number): string => `late:${historyId}`;

/** A late refund under way (claimed, its provider call within its deadline) is not taken again before this. */
const RETRY_AFTER_MS = 2 * 60_000;

/**
 * A held charge paid too late for its round (shared/charge-authentication.ts
 * `isAuthenticationTooLate`; docs/decisions/0064-late-authentication.md): the box left without
 * the fan, so the payment is recorded and refunded in full at once, never kept as a paid box.
 * The round moves ERROR → SUCCESS → CANCEL in one transaction (the moves table's own steps,
 * guarded as `record` guards a waiting round), with the refund owed and the box stopped, as
 * support's full refund before shipment leaves it: the order history shows the charge and its
 * refund. The refund and the fan's mail follow outside the transaction. Whoever moves the row
 * (the ship-date pass, a webhook, the return from the bank's page) does it; the others find
 * nothing to move: 'unchanged'.
 */
export async function refundLateCharge(ctx: ApiContext, row: { id: number; charge_key: string }, fact: RoundFacts, chargeId: string): Promise<'refunded' | 'unchanged'> {
  const now = ctx.now();
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const paid = await trx.updateTable('plan_order_histories')
      .set({ payment_status: 'SUCCESS', charge_id: chargeId, paid_at: now, action_required_at: null, next_attempt_at: null, claimed_until: null, updated_at: now })
      .where('id', '=', row.id).where('charge_key', '=', row.charge_key).where('payment_status', '=', 'ERROR').where('action_required_at', 'is not', null)
      .executeTakeFirst();
    if (paid.numUpdatedRows !== 1n) return null;
    // Refunded in full, shipping included: the parcel's fee, if it held it, goes to the next box charged.
    await moveHistoryStatus(trx, row.id, 'CANCEL', { refund_status: 'pending', refund_box: 'stop', refund_reason: LATE_AUTHENTICATION_REFUND.ja, carries_fee: false }, now);
    return trx.selectFrom('plan_order_histories').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  });
  if (!claimed) return 'unchanged';
  ctx.logger.warn({ orderKey: row.charge_key, historyId: row.id }, 'held charge paid after the ship date; refunded in full');
  await refundAndMail(ctx, claimed, fact);
  return 'refunded';
}

/** The refund (keyed per round: asking again refunds once) and, once the gateway took it, the fan's mail. */
async function refundAndMail(ctx: ApiContext, row: HistoryRow, fact: RoundFacts): Promise<void> {
  // Refunded already (the process stopped before the mail): only the mail is left to do.
  const outcome = row.refund_status === 'refunded' ? 'refunded' : await refundVoided(ctx, row);
  // A failed refund stays 'failed' on the row; the ship-date pass asks again (retryLateRefunds).
  if (outcome === 'failed') return;
  const mail = renderLateAuthenticationMail(factsForMail(fact), { brand: ctx.mailer.brand, origin: ctx.publicOrigin });
  await enqueueMails(ctx.db, [{ key: lateMailKey(row.id), kind: 'failed', userId: fact.user_id, historyId: row.id, mail }], ctx.now());
}

/**
 * Late refunds left unfinished (the gateway failed or timed out, or the process stopped between
 * the claim and the mail): refunded again under the same key, so never twice, and mailed. A
 * round whose mail is queued is done; a refund the gateway keeps pending is settled by its webhook.
 */
export async function retryLateRefunds(ctx: ApiContext, scope: BillingScope = {}): Promise<number> {
  const rows = await unfinishedLateRefunds(ctx.db, new Date(ctx.now().getTime() - RETRY_AFTER_MS), scope);
  const facts = await loadRoundFacts(ctx.db, rows.map((r) => r.id));
  let done = 0;
  for (const row of rows) {
    const fact = facts.get(row.id);
    if (!fact) continue;
    await refundAndMail(ctx, row, fact);
    done += 1;
  }
  return done;
}

async function unfinishedLateRefunds(db: Db, before: Date, scope: BillingScope): Promise<HistoryRow[]> {
  let query = db.selectFrom('plan_order_histories as h').selectAll('h')
    .where('h.origin', '=', 'billing').where('h.payment_status', '=', 'CANCEL').where('h.refund_reason', '=', LATE_AUTHENTICATION_REFUND.ja)
    .where('h.refund_status', 'in', ['pending', 'failed', 'refunded']).where('h.updated_at', '<', before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('billing_mails as m').select('m.key').where('m.key', '=', sql<string>`'late:' || h.id`))));
  if (scope.roundId !== undefined) query = query.where('h.plan_order_id', '=', scope.roundId);
  if (scope.userId !== undefined) query = query.where('h.user_id', '=', scope.userId);
  return query.orderBy('h.id').limit(100).execute();
}
