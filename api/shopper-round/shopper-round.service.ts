import type { RedirectTarget } from '../../shared/api/types.ts';
import { href } from '../../shared/routes.ts';
import { canRequestShopperPayment, isShopperPaymentMethod, shopperRoundKeyOf } from '../../shared/shopper-payment.ts';
import { SHOPPER_ROUND_TEXTS, shopperRoundReturnPath, type ShopperPayOutcome, type ShopperRoundView } from '../../shared/shopper-round.ts';
import type { ApiContext } from '../context.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import type { ShopperPayment } from '../payment/provider.ts';
import { providerUnavailable } from '../user-plan/provider-errors.ts';
import { settleShopperRound, stillLive, type SettleOutcome } from './shopper-round-paid.ts';
import type { RequestRow } from './shopper-round.repository.ts';

const REQUEST = { ja: 'お支払いのお願い', en: 'The payment request' };
const OPEN: readonly string[] = ['awaiting_payment', 'processing'];

/** Where my page shows a payment's outcome (`?round=`, shared/shopper-round.ts). */
export type PayOutcome = ShopperPayOutcome;
export const payOutcomePath = (outcome: PayOutcome): string => `${href('profile')}?round=${outcome}`;

/** Paid now or before by this payment: paid; returned (the round had closed): failed. */
const settledOutcome = (outcome: SettleOutcome): PayOutcome => (outcome === 'paid' || outcome === 'already' ? 'paid' : 'failed');

/** A fan's own request, or 404 (another fan's id says nothing more than an unknown one). */
async function findOwnRequest(ctx: ApiContext, userId: number, requestId: number): Promise<RequestRow> {
  const row = await ctx.db.selectFrom('shopper_round_requests').selectAll().where('id', '=', requestId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new NotFoundError(REQUEST);
  return row;
}

function refuseClosed(request: RequestRow, now: Date): void {
  if (request.status === 'paid') throw new DomainError(409, 'CONFLICT', SHOPPER_ROUND_TEXTS.alreadyPaid);
  const method = isShopperPaymentMethod(request.method) ? request.method : 'konbini';
  if (request.status !== 'requested' || !canRequestShopperPayment(method, now, request.pay_by)) throw new DomainError(409, 'CONFLICT', SHOPPER_ROUND_TEXTS.tooLate);
}

const provider = <T>(ctx: ApiContext, work: Promise<T>, orderKey: string) =>
  withProviderDeadline(work, (error) => ctx.logger.error({ orderKey, reason: providerFailure(error) }, 'shopper round payment call failed'));

/**
 * POST /api/shopperRound/:id/pay: the voucher or the PayPay page of this round. The current payment
 * is reused while it waits; after an expired, failed or cancelled one, attempt + 1 makes a new one
 * (one order key, one payment). Lapsed, paid or too late to pay: 409.
 */
export async function startShopperRoundPayment(ctx: ApiContext, userId: number, requestId: number): Promise<RedirectTarget> {
  const request = await findOwnRequest(ctx, userId, requestId);
  refuseClosed(request, ctx.now());
  // Skipped, paused or cancelled since the request went out: nothing to pay for.
  if (!(await stillLive(ctx.db, request))) throw new DomainError(409, 'CONFLICT', SHOPPER_ROUND_TEXTS.tooLate);
  let attempt = request.attempt;
  if (request.order_key) {
    const current = await provider(ctx, paymentProviderOf(ctx).findShopperPayment({ orderKey: request.order_key }), request.order_key);
    if (current === 'timeout') throw providerUnavailable();
    if (current && OPEN.includes(current.status)) return targetOf(current);
    if (current?.status === 'succeeded') return { url: payOutcomePath(settledOutcome(await settleShopperRound(ctx, current))) };
    if (current) attempt += 1;
  }
  const orderKey = shopperRoundKeyOf(request.id, attempt);
  // Guarded on the key seen: of two tabs, one moves the request to the new key; the other makes the same payment.
  await ctx.db.updateTable('shopper_round_requests').set({ order_key: orderKey, attempt }).where('id', '=', request.id).where('status', '=', 'requested')
    .where((eb) => (request.order_key === null ? eb('order_key', 'is', null) : eb('order_key', '=', request.order_key))).execute();
  const fan = await ctx.db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirstOrThrow();
  const payment = await provider(ctx, paymentProviderOf(ctx).createShopperPayment({
    orderKey, userId, amount: request.total, description: 'OshiBox', method: request.method === 'paypay' ? 'paypay' : 'konbini', payBy: request.pay_by,
    returnUrl: new URL(shopperRoundReturnPath(request.id), ctx.publicOrigin).toString(), email: fan.email, name: fan.name,
  }), orderKey);
  if (payment === 'timeout') throw providerUnavailable();
  if (payment.status === 'expired' && !payment.paymentId) throw new DomainError(409, 'CONFLICT', SHOPPER_ROUND_TEXTS.tooLate);
  await ctx.db.updateTable('shopper_round_requests').set({ payment_id: payment.paymentId }).where('id', '=', request.id).where('order_key', '=', orderKey).execute();
  return targetOf(payment);
}

function targetOf(payment: ShopperPayment): RedirectTarget {
  const url = payment.voucher?.url ?? payment.redirectUrl;
  if (!url) throw new DomainError(409, 'CONFLICT', SHOPPER_ROUND_TEXTS.tooLate);
  // As the provider names it: the sandbox's own path, or the provider's page (my page checks it, isProviderRedirect).
  return { url };
}

/** GET /api/shopperRound/:id/return: back from PayPay's page; the provider is asked, never the query. */
export async function returnFromShopperRound(ctx: ApiContext, userId: number, requestId: number): Promise<PayOutcome> {
  const request = await findOwnRequest(ctx, userId, requestId);
  if (request.status === 'paid') return 'paid';
  if (!request.order_key) return 'failed';
  const payment = await provider(ctx, paymentProviderOf(ctx).findShopperPayment({ orderKey: request.order_key }), request.order_key);
  if (payment === 'timeout' || !payment) return 'waiting';
  if (payment.status === 'succeeded') return settledOutcome(await settleShopperRound(ctx, payment));
  return OPEN.includes(payment.status) ? 'waiting' : 'failed';
}

/** My page: the fan's requests still open, and those of the latest rounds (my plans' state). */
export async function listShopperRounds(ctx: ApiContext, userId: number): Promise<ShopperRoundView[]> {
  const rows = await ctx.db.selectFrom('shopper_round_requests as r').innerJoin('plan_orders as o', 'o.id', 'r.plan_order_id')
    .innerJoin('plans as p', 'p.id', 'o.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['r.id', 'r.user_plan_id', 'r.method', 'r.status', 'r.total', 'r.ship_fee', 'r.count', 'r.pay_by', 'o.ship_date', 'o.name as round_name', 'p.name as plan_name', 'a.name as artist_name'])
    .where('r.user_id', '=', userId).orderBy('r.pay_by', 'desc').limit(50).execute();
  return rows.map((r) => ({
    id: r.id, userPlanId: r.user_plan_id, method: r.method, status: r.status, total: r.total, shipFee: r.ship_fee, count: r.count,
    payBy: r.pay_by.toISOString(), shipDate: r.ship_date.toISOString(), roundName: r.round_name, planName: r.plan_name, artistName: r.artist_name,
  }));
}
