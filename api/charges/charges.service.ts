import type { BillingCharge, BillingChargeList, BillingRound, BillingRoundList, ChargeActionResult } from '../../shared/api/billing.ts';
import type { BillingState } from '../../shared/api/dashboard.ts';
import { MAX_CHARGE_ATTEMPTS } from '../../shared/billing-rules.ts';
import { BILLING_CHARGES_PAGE_SIZE, BILLING_ROUNDS_PAGE_SIZE, type ChargeIntent, type ChargeOutcome } from '../../shared/billing-console-rules.ts';
import { billingStateOf } from '../../shared/dashboard-figures.ts';
import { disputeOf } from '../../shared/dispute.ts';
import type { Text } from '../../shared/text.ts';
import { billingOptionsOf } from '../billing/billing-options.ts';
import { chargeReservedRounds, type ChargeTally } from '../billing/charge-rounds.ts';
import { requeueRetries } from '../billing/retries.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { countOpenDisputes, findBillingRound, findBillingRoundsPage, findCharge, findChargesPage, type BillingRoundRow, type ChargeRow } from './charges.repository.ts';

const ROUND: Text = { ja: 'お届け回', en: 'Round' };
const CHARGE: Text = { ja: '請求', en: 'Charge' };

function roundOf(r: BillingRoundRow): BillingRound {
  return {
    id: r.id, name: r.name, artistName: r.artist_name, planName: r.plan_name, deadline: r.end_date.toISOString(), shipDate: r.ship_date.toISOString(),
    counts: { charged: r.charged, declined: r.declined, retrying: r.retrying, inDoubt: r.in_doubt, queued: r.queued },
    disputesNeedingResponse: r.disputes_open,
  };
}

/** Why a declined charge cannot be tried again now, in the shopper's terms; null when it can (api/billing/retries.ts's rules). */
function retryRefusal(row: ChargeRow, now: Date): Text | null {
  if (row.deleted_at !== null) return { ja: 'このお客さまは退会済みのため、再決済できません。', en: 'This customer has closed the account, so the charge cannot be retried.' };
  if (row.ship_date.getTime() <= now.getTime()) {
    return { ja: 'このお届け回は発送日を過ぎたため、再決済できません。', en: 'This round is past its shipping date, so the charge cannot be retried.' };
  }
  if (row.attempts >= MAX_CHARGE_ATTEMPTS) {
    return { ja: `再決済の上限（${MAX_CHARGE_ATTEMPTS}回）に達しています。`, en: `The charge has been tried the most times allowed (${MAX_CHARGE_ATTEMPTS}).` };
  }
  return null;
}

function stateOf(row: ChargeRow): BillingState | null {
  return billingStateOf({ status: row.payment_status, origin: row.origin, retryScheduled: row.next_attempt_at !== null, claimed: row.claims > 0 });
}

function chargeOf(row: ChargeRow, now: Date): BillingCharge {
  const state = stateOf(row);
  return {
    id: row.id, state, email: row.email, planName: row.plan_name, amount: row.total, status: row.payment_status, paymentMethod: row.payment_method,
    declineReason: row.decline_reason, attempts: row.attempts, nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    paidAt: row.paid_at?.toISOString() ?? null,
    canRetry: (state === 'declined' || state === 'retrying') && retryRefusal(row, now) === null,
    canReconcile: state === 'inDoubt' && row.lease_over,
    dispute: disputeOf(row),
  };
}

export async function listBillingRounds(db: Db, page: number): Promise<BillingRoundList> {
  const [rows, disputes] = await Promise.all([findBillingRoundsPage(db, (page - 1) * BILLING_ROUNDS_PAGE_SIZE, BILLING_ROUNDS_PAGE_SIZE), countOpenDisputes(db)]);
  return { page, hasNext: rows.length > BILLING_ROUNDS_PAGE_SIZE, rounds: rows.slice(0, BILLING_ROUNDS_PAGE_SIZE).map(roundOf), disputesNeedingResponse: disputes };
}

export async function listCharges(ctx: ApiContext, roundId: number, state: BillingState, page: number): Promise<BillingChargeList> {
  const round = await findBillingRound(ctx.db, roundId);
  if (!round) throw new NotFoundError(ROUND);
  const rows = await findChargesPage(ctx.db, roundId, state, (page - 1) * BILLING_CHARGES_PAGE_SIZE, BILLING_CHARGES_PAGE_SIZE);
  const now = ctx.now();
  return { page, hasNext: rows.length > BILLING_CHARGES_PAGE_SIZE, round: roundOf(round), state, charges: rows.slice(0, BILLING_CHARGES_PAGE_SIZE).map((r) => chargeOf(r, now)) };
}

export interface ChargeAction {
  intent: ChargeIntent;
  chargeId: number;
  /** The attempt the staff member's page showed. */
  attempt: number;
}

const BUSY: Text = {
  ja: 'この請求はいま決済処理中です。1〜2分後にページを再読み込みしてください。',
  en: 'This charge is being processed right now. Reload the page in a minute or two.',
};

/**
 * Retry a declined charge or reconcile one in doubt, by the billing run's own path: a retry is
 * `requeueRetries` (a new attempt, so a new order key) then `chargeReservedRounds` on that one row;
 * a reconcile is `chargeReservedRounds` on it, which asks the provider by the order key before
 * anything else (its row was claimed before), so a charge the provider took is recorded, not
 * made again. A page that is out of date (the attempt moved on, or the row left the state) does
 * nothing: that is how a double submit ends. Audited with before and after, whatever happened.
 */
export async function actOnCharge(ctx: ApiContext, actor: AuditActor, action: ChargeAction): Promise<ChargeActionResult> {
  const before = await findCharge(ctx.db, action.chargeId);
  if (!before) throw new NotFoundError(CHARGE);
  const refusal = refusalOf(before, action, ctx.now());
  let outcome: ChargeOutcome = 'unchanged';
  let after: ChargeRow | undefined;
  try {
    if (!refusal && before.attempts === action.attempt && isActionable(before, action.intent)) outcome = await act(ctx, action);
  } finally {
    after = await findCharge(ctx.db, action.chargeId);
    await writeAudit(ctx.db, actor, {
      action: `billing.${action.intent}`, outcome: refusal ? 'refused' : outcome === 'unchanged' ? 'failure' : 'success',
      targetType: 'charge', targetId: action.chargeId, before: auditView(before), after: { ...(after ? auditView(after) : {}), outcome },
    }, ctx.now());
  }
  if (refusal) throw new DomainError(409, 'CONFLICT', refusal);
  return { outcome, charge: chargeOf(after ?? before, ctx.now()) };
}

function isActionable(row: ChargeRow, intent: ChargeIntent): boolean {
  const state = stateOf(row);
  return intent === 'retry' ? state === 'declined' || state === 'retrying' : state === 'inDoubt';
}

/** A refusal the member must read (409); a page merely out of date is no refusal, it is `unchanged`. */
function refusalOf(row: ChargeRow, action: ChargeAction, now: Date): Text | null {
  if (row.attempts !== action.attempt || !isActionable(row, action.intent)) return null;
  if (action.intent === 'retry') return retryRefusal(row, now);
  return row.lease_over ? null : BUSY;
}

async function act(ctx: ApiContext, action: ChargeAction): Promise<ChargeOutcome> {
  const scope = { historyId: action.chargeId };
  if (action.intent === 'retry' && (await requeueRetries(ctx, { ...scope, attempts: action.attempt }, true)) === 0) return 'unchanged';
  return outcomeOf(await chargeReservedRounds(ctx, billingOptionsOf(ctx), scope));
}

function outcomeOf(tally: ChargeTally): ChargeOutcome {
  if (tally.charged > 0) return 'charged';
  if (tally.declined > 0) return 'declined';
  // No answer from the provider (or it said pending): the row stays in doubt for the next pass.
  if (tally.inDoubt > 0) return 'inDoubt';
  return 'unchanged';
}

function auditView(row: ChargeRow) {
  return {
    state: stateOf(row), status: row.payment_status, attempts: row.attempts, amount: row.total, method: row.payment_method,
    declineReason: row.decline_reason, nextAttemptAt: row.next_attempt_at?.toISOString() ?? null, paidAt: row.paid_at?.toISOString() ?? null,
  };
}
