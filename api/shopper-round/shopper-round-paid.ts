import { parcelShipFee } from '../../shared/parcel.ts';
import { SHOPPER_METHOD_OF, SHOPPER_ROUND_KEY_PREFIX } from '../../shared/shopper-payment.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { deliverMails } from '../billing/billing-mails.ts';
import { parcelHolder } from '../billing/parcel-fee.ts';
import { renderShopperAcceptedMail, renderShopperLateMail } from '../mail/shopper-round-templates.ts';
import { nextHistoryId, reserveHistory } from '../order-history/order-history.repository.ts';
import type { ShopperPayment } from '../payment/provider.ts';
import { onShopperPayment } from '../payment/shopper-payment-events.ts';
import { returnShopperMoney } from '../payment/shopper-refund.ts';
import { queueRequestMail } from './shopper-round-mails.ts';
import { requestIdOfKey, type RequestRow } from './shopper-round.repository.ts';

/** `returnPending`: the money is owed back but the provider has not refunded it yet (asked again on the next news). */
export type SettleOutcome = 'paid' | 'already' | 'returned' | 'returnPending' | 'ignored';

/** Billing's listener on the payments of later rounds (checkout's own keys are another listener's). */
export function attachShopperRoundListener(ctx: ApiContext): () => void {
  return onShopperPayment(ctx, async (listenerCtx, payment) => {
    if (!payment.orderKey.startsWith(SHOPPER_ROUND_KEY_PREFIX)) return;
    // Thrown, the webhook answers 503 and the provider sends the news again: the refund is asked again under its key.
    if ((await settleShopperRound(listenerCtx, payment)) === 'returnPending') throw new Error('late shopper payment not refunded yet');
  });
}

/**
 * A later round's payment as the provider has it now (the hook, the return page, the lapse sweep).
 * Succeeded for an open request: the request is paid and its order row written SUCCESS like a
 * charged round, in one transaction guarded on the request's status (exactly once), with the
 * 承諾通知 queued beside it. Succeeded for a round that lapsed, was cancelled or already paid by
 * another payment: the money goes back (PayPay refund, or a konbini bank transfer) and the fan is
 * told which. Anything else takes nothing: the fan may pay again under a new attempt.
 */
export async function settleShopperRound(ctx: ApiContext, payment: ShopperPayment): Promise<SettleOutcome> {
  const requestId = requestIdOfKey(payment.orderKey, SHOPPER_ROUND_KEY_PREFIX);
  if (requestId === null || payment.status !== 'succeeded') return 'ignored';
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const request = await trx.selectFrom('shopper_round_requests').selectAll().where('id', '=', requestId).forUpdate().executeTakeFirst();
    if (!request) return 'ignored' as const;
    if (request.status === 'paid') return request.payment_id === payment.paymentId ? 'already' as const : { late: request };
    if (request.status !== 'requested') return { late: request };
    if (!(await stillLive(trx, request))) {
      await trx.updateTable('shopper_round_requests').set({ status: 'canceled', payment_id: payment.paymentId }).where('id', '=', request.id).execute();
      return { late: request };
    }
    await recordPaid(ctx, trx, request, payment);
    return 'paid' as const;
  });
  if (outcome === 'paid') sendSoon(ctx);
  if (typeof outcome === 'string') return outcome;
  const returned = await returnLatePayment(ctx, outcome.late, payment);
  sendSoon(ctx);
  return returned ? 'returned' : 'returnPending';
}

/** The 承諾通知 or the return notice goes out now, not at the next billing pass (which sends it otherwise). */
function sendSoon(ctx: ApiContext): void {
  void deliverMails(ctx).catch((error: unknown) => ctx.logger.error({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'shopper round mails left to the billing pass'));
}

/** The subscription still takes this round: active, not paused from it, not skipped. */
export async function stillLive(db: Db, request: RequestRow): Promise<boolean> {
  const row = await db.selectFrom('user_plans').select(['status', 'paused_from']).where('id', '=', request.user_plan_id).forUpdate().executeTakeFirst();
  const round = await db.selectFrom('plan_orders').select('end_date').where('id', '=', request.plan_order_id).executeTakeFirstOrThrow();
  if (!row || row.status !== 'ACTIVE' || (row.paused_from !== null && row.paused_from <= round.end_date)) return false;
  const skipped = await db.selectFrom('user_plan_skips').select('user_plan_id').where('user_plan_id', '=', request.user_plan_id)
    .where('plan_order_id', '=', request.plan_order_id).executeTakeFirst();
  return !skipped;
}

async function recordPaid(ctx: ApiContext, trx: Db, request: RequestRow, payment: ShopperPayment): Promise<void> {
  const now = ctx.now();
  const user = await trx.selectFrom('users').select(['name', 'zip', 'address', 'address2', 'tel']).where('id', '=', request.user_id).forShare().executeTakeFirstOrThrow();
  const round = await trx.selectFrom('plan_orders').select(['plan_id']).where('id', '=', request.plan_order_id).executeTakeFirstOrThrow();
  // The request's shipping carries the parcel's fee unless a paid box of the parcel already does.
  const carries = request.ship_fee > 0 && request.parcel_key !== null && (await parcelHolder(trx, request.user_id, request.parcel_key)) === 'none';
  const history = await reserveHistory(trx, await nextHistoryId(trx), {
    user_id: request.user_id, user_plan_id: request.user_plan_id, plan_order_id: request.plan_order_id, plan_id: round.plan_id,
    payment_method: SHOPPER_METHOD_OF[request.method === 'paypay' ? 'paypay' : 'konbini'], payment_status: 'SUCCESS', count: request.count,
    origin: 'billing', attempts: request.attempt, charge_id: payment.paymentId, paid_at: now,
    price: request.price, pre_tax_price: request.pre_tax_price, ship_fee: request.ship_fee,
    pre_tax_ship_fee: request.ship_fee > 0 ? request.pre_tax_ship_fee : parcelShipFee(false).preTaxShipFee, fee: 0, pre_tax_fee: 0, total: request.total,
    ship_src_name: ctx.mailer.brand, ship_zip: user.zip, ship_address: user.address, ship_address2: user.address2, ship_dest_name: user.name, ship_tel: user.tel,
    created_at: now, updated_at: now, parcel_key: request.parcel_key, carries_fee: carries,
  });
  await trx.updateTable('shopper_round_requests').set({ status: 'paid', paid_at: now, payment_id: payment.paymentId, history_id: history.id })
    .where('id', '=', request.id).where('status', '=', 'requested').execute();
  await queueRequestMail(ctx, trx, request.id, { key: `shopper_accepted:${history.id}`, kind: 'shopper_accepted', historyId: history.id, render: renderShopperAcceptedMail });
  ctx.logger.info({ requestId: request.id, historyId: history.id, method: request.method }, 'shopper round paid');
}

/** A payment no open round takes: returned, never kept, and the fan told which way. */
async function returnLatePayment(ctx: ApiContext, request: RequestRow, payment: ShopperPayment): Promise<boolean> {
  const way = await returnShopperMoney(ctx, {
    method: payment.method, userId: request.user_id, paymentId: payment.paymentId, orderKey: payment.orderKey,
    refundKey: `shopper-round-late-${payment.paymentId}`, amount: payment.amount, reason: 'payment after the round lapsed', requestId: request.id,
  });
  if (way === 'refunded' || way === 'transfer') {
    await queueRequestMail(ctx, ctx.db, request.id, {
      key: `shopper_late:${payment.paymentId}`, kind: way === 'transfer' ? 'refund_transfer' : 'shopper_lapsed',
      render: (facts, vars) => renderShopperLateMail(facts, vars, way === 'refunded' ? 'refund' : 'transfer'),
    });
    return true;
  }
  ctx.logger.error({ requestId: request.id, outcome: way }, 'late shopper payment not returned yet');
  return false;
}
