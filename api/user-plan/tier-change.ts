import type { CurrentUser, Order, PlanChangePreview, UserPlanChange } from '../../shared/api/types.ts';
import type { PaymentMethod } from '../../shared/payment.ts';
import { roundCharge } from '../../shared/money.ts';
import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import { fromIssueLabel, issueLabel } from '../../shared/subscription-rules.ts';
import type { ApiContext } from '../context.ts';
import { parcelHolder, parcelKeyOf, releaseParcelFee } from '../billing/parcel-fee.ts';
import { parcelFeeDecision, withParcelShipping } from '../../shared/parcel.ts';
import type { Db } from '../db/schema.ts';
import { BadRequestError, DomainError } from '../http/errors.ts';
import {
  claimForReplacement, findLiveHistory, nextHistoryId, reserveHistory, updateHistory, type HistoryRow,
} from '../order-history/order-history.repository.ts';
import { getPlan } from '../plan/plan.service.ts';
import { findPartialRefunds } from '../order-history/order-refunds.repository.ts';
import { fullRefundAmount } from '../../shared/refund-rules.ts';
import type { ChangeInput } from './change.service.ts';
import { requireOwnUserPlan } from './change.service.ts';
import { chargeSourceOf } from './payment-source.ts';
import { chargeReserved, isCheckoutDecline, refundVoided } from './round-charge.ts';
import { CHANGE_AUTHENTICATION_REQUIRED } from '../../shared/charge-authentication.ts';
import { sendChangeMail } from './subscription-mail.ts';
import { findActiveUserPlan, isUniqueViolation, updateUserPlan, type UserPlanRow } from './user-plan.repository.ts';
import { roundOfChange, toUserPlan } from './user-plan.view.ts';

const targetTaken = () => new DomainError(409, 'CONFLICT', M.targetTaken);

/**
 * A tier (another plan of the same artist) or count change. It applies from the round the rule
 * gives; if that round was charged at checkout (before its deadline), the new terms are charged
 * first and the old charge refunded after, so a declined card leaves the plan as it was.
 */
/** What a tier or count change would do, and the facts the change itself acts on (one rule for both). */
interface ChangeQuote {
  row: UserPlanRow;
  count: number;
  next: Awaited<ReturnType<typeof getPlan>>;
  newRound: Order | null;
  charged: HistoryRow | undefined;
  /** The round is paid: what is charged now with the new terms, and what of the old charge is refunded. */
  charge: { total: number; method: PaymentMethod } | null;
  refund: { total: number; method: PaymentMethod } | null;
}

async function quoteChange(ctx: ApiContext, user: CurrentUser, input: ChangeInput): Promise<ChangeQuote> {
  const now = ctx.now();
  const row = await requireOwnUserPlan(ctx.db, user.id, input.currentPlanId);
  const count = input.count ?? row.count;
  if (input.planId === row.plan_id && count === row.count) throw new BadRequestError(M.nothingToChange);
  const [current, next] = await Promise.all([getPlan(ctx.db, row.plan_id, now, 'any'), getPlan(ctx.db, input.planId, now, input.planId === row.plan_id ? 'any' : 'public')]);
  if (next.artistId !== current.artistId) throw new BadRequestError(M.otherArtist, { planId: M.otherArtist });
  if (next.artist.isClose) throw new DomainError(409, 'ARTIST_CLOSED', M.artistClosed);
  if (input.planId !== row.plan_id && (await findActiveUserPlan(ctx.db, user.id, input.planId))) throw targetTaken();
  const [oldRound, newRound] = await Promise.all([roundOfChange(ctx.db, row.plan_id, now), roundOfChange(ctx.db, input.planId, now)]);
  const charged = oldRound ? await findLiveHistory(ctx.db, row.id, oldRound.id) : undefined;
  if (charged?.payment_status === 'BEFORE') throw new DomainError(409, 'IN_PROGRESS', M.paymentInProgress);
  const paid = charged?.payment_status === 'SUCCESS' && newRound ? charged : undefined;
  return {
    row, count, next, newRound, charged: paid,
    // The new terms take the parcel's shipping as the charge they replace had it (shared/parcel.ts).
    charge: paid && newRound ? { total: withParcelShipping(roundCharge(newRound, count, user.paymentMethod === 'GMOAB', now), paid.ship_fee > 0).total, method: user.paymentMethod } : null,
    // What refundVoided returns: the rest after support's partial refunds (shared/refund-rules.ts).
    refund: paid ? { total: fullRefundAmount({ total: paid.total, partials: await findPartialRefunds(ctx.db, [paid.id]) }), method: paid.payment_method as PaymentMethod } : null,
  };
}

/** GET /api/userPlan/change/preview: the change's round and money before it is made (the confirmation page). */
export async function previewTierOrCount(ctx: ApiContext, user: CurrentUser, input: ChangeInput): Promise<PlanChangePreview> {
  const quote = await quoteChange(ctx, user, input);
  const { newRound, count } = quote;
  // Not paid yet: the billing run charges the new terms at the deadline, at this round's price.
  const atDeadline = !quote.charge && newRound
    ? { total: roundCharge(newRound, count, user.paymentMethod === 'GMOAB', ctx.now()).total, method: user.paymentMethod } : null;
  return {
    planId: input.planId, count, planName: quote.next.name, planNameEn: quote.next.nameEn,
    appliesFrom: { order: newRound, label: fromIssueLabel(newRound) },
    charge: quote.charge, refund: quote.refund, atDeadline,
  };
}

/**
 * A tier (another plan of the same artist) or count change. It applies from the round the rule
 * gives; if that round was charged at checkout (before its deadline), the new terms are charged
 * first and the old charge refunded after, so a declined card leaves the plan as it was.
 */
export async function changeTierOrCount(ctx: ApiContext, user: CurrentUser, input: ChangeInput): Promise<UserPlanChange> {
  const { row, count, next, newRound, charged, charge, refund } = await quoteChange(ctx, user, input);
  let refunded = false;
  if (charged && newRound) {
    refunded = await recharge(ctx, user, row, charged, { planId: input.planId, count, round: newRound, plan: next });
  } else {
    await saveTerms(ctx, row.id, input.planId, count);
  }
  const updated = await requireOwnUserPlan(ctx.db, user.id, input.planId);
  const answer = await changeAnswer(ctx, user.paymentMethod, updated, newRound, { refunded, refund, charge: charged ? charge : null });
  await sendChangeMail(ctx, user, input.planId === row.plan_id ? 'count' : 'tier', answer);
  return answer;
}

/** What a change tells the shopper (its answer and its mail): the plan now, its round and its money. */
export async function changeAnswer(
  ctx: ApiContext,
  method: PaymentMethod,
  updated: UserPlanRow,
  newRound: Order | null,
  money: { refunded: boolean; refund: ChangeQuote['refund']; charge: ChangeQuote['charge'] },
): Promise<UserPlanChange> {
  return {
    userPlan: await toUserPlan(ctx.db, updated, method, ctx.now(), ctx.consolidationWindowDays),
    appliesFrom: { order: newRound, label: fromIssueLabel(newRound) },
    refunded: money.refunded,
    refund: money.refunded ? money.refund : null,
    charge: money.charge,
  };
}

async function saveTerms(ctx: ApiContext, id: number, planId: number, count: number): Promise<void> {
  try {
    await updateUserPlan(ctx.db, id, { plan_id: planId, count }, ctx.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw targetTaken();
    throw error;
  }
}

interface NewTerms {
  planId: number;
  count: number;
  round: Order;
  plan: { price: number; preTaxPrice: number; name: string; artist: { name: string } };
}

/** Charge the new terms, then void and refund the old charge; true when the refund went through. */
async function recharge(ctx: ApiContext, user: CurrentUser, row: UserPlanRow, old: HistoryRow, terms: NewTerms): Promise<boolean> {
  const now = ctx.now();
  const priced = roundCharge(terms.round, terms.count, user.paymentMethod === 'GMOAB', now);
  const source = await chargeSourceOf(ctx, user, withParcelShipping(priced, old.ship_fee > 0).total);
  const parcel = parcelKeyOf(ctx, terms.round.shipDate);
  const reserved = await ctx.db.transaction().execute(async (trx) => {
    const id = await nextHistoryId(trx);
    if (!(await claimForReplacement(trx, old.id, id, now))) throw new DomainError(409, 'IN_PROGRESS', M.paymentInProgress);
    // The parcel's fee passes from the charge replaced to the new one in this transaction: the old
    // gives it up, and the new takes it where the old carried it (the same parcel, nobody else
    // carrying). A change to a round of another parcel joins that parcel as a charge would.
    await releaseParcelFee(trx, old.id);
    const holder = await parcelHolder(trx, user.id, parcel);
    if (holder === 'in-flight') throw new DomainError(409, 'IN_PROGRESS', M.paymentInProgress);
    const same = old.parcel_key === parcel;
    const carries = same ? old.carries_fee : parcelFeeDecision(holder) === 'fee';
    const money = withParcelShipping(priced, same ? old.ship_fee > 0 : carries);
    return reserveHistory(trx, id, {
      parcel_key: parcel, carries_fee: carries,
      ...copySnapshot(old), user_plan_id: row.id, plan_order_id: terms.round.id, plan_id: terms.planId,
      payment_method: source.method, count: terms.count, price: money.price, pre_tax_price: money.preTaxPrice,
      ship_fee: money.shipFee, pre_tax_ship_fee: money.preTaxShipFee, fee: money.fee, pre_tax_fee: money.preTaxFee,
      total: money.total, created_at: now, updated_at: now,
    });
  });
  const description = `${terms.plan.artist.name} ${terms.plan.name} ${issueLabel(terms.round).ja}`.slice(0, 100);
  // The gateway's answer lost (a timeout, a crash) leaves both rows as they are: the billing pass
  // settles the change from the gateway's record (stranded-change.ts).
  const result = await chargeReserved(ctx, reserved, source.source, description);
  if (isCheckoutDecline(result)) {
    await ctx.db.transaction().execute((trx) => restoreReplaced(trx, old.id, ctx.now()));
    throw new DomainError(402, 'PAYMENT_DECLINED', result.status === 'action_required' ? CHANGE_AUTHENTICATION_REQUIRED : M.changeDeclined);
  }
  return applyReplacement(ctx, old, reserved);
}

/** The new terms' charge went through: the old charge voided and refunded, the plan on the new terms. True when the refund went through. */
export async function applyReplacement(ctx: ApiContext, old: HistoryRow, replacement: HistoryRow): Promise<boolean> {
  await ctx.db.transaction().execute(async (trx) => {
    await updateHistory(trx, old.id, { payment_status: 'CANCEL', refund_status: 'pending' }, ctx.now());
    await updateUserPlan(trx, replacement.user_plan_id, { plan_id: replacement.plan_id, count: replacement.count }, ctx.now());
  });
  // Taken by the gateway (refunded, or pending until its webhook) counts as refunded for the shopper.
  return (await refundVoided(ctx, old)) !== 'failed';
}

/**
 * The new terms took nothing: the old charge is live again (guarded: only while it is still being
 * replaced), and takes back the parcel's fee the new row took from it. Run inside a transaction.
 */
export async function restoreReplaced(db: Db, oldId: number, now: Date): Promise<void> {
  const old = await db.selectFrom('plan_order_histories').select(['superseded_by', 'ship_fee', 'parcel_key']).where('id', '=', oldId).executeTakeFirst();
  if (old?.superseded_by == null) return;
  const gaveUp = await db.updateTable('plan_order_histories').set({ carries_fee: false }).where('id', '=', old.superseded_by)
    .where('carries_fee', '=', true).where('parcel_key', '=', old.parcel_key ?? '').executeTakeFirst();
  await db.updateTable('plan_order_histories').set({ superseded_by: null, updated_at: now, ...(gaveUp.numUpdatedRows === 1n ? { carries_fee: true } : {}) })
    .where('id', '=', oldId).where('superseded_by', 'is not', null).execute();
}

function copySnapshot(old: HistoryRow) {
  return {
    user_id: old.user_id, ship_src_name: old.ship_src_name, ship_zip: old.ship_zip, ship_address: old.ship_address,
    ship_address2: old.ship_address2, ship_dest_name: old.ship_dest_name, ship_tel: old.ship_tel,
  };
}
