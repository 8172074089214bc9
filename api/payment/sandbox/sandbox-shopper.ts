import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  canRequestShopperPayment, isRefundableByProvider, isShopperPaymentMethod, KONBINI_NOT_REFUNDABLE, konbiniVoucherExpiry,
} from '../../../shared/shopper-payment.ts';
import type { ApiContext } from '../../context.ts';
import type { DB, Db } from '../../db/schema.ts';
import type { ShopperPayment, ShopperPaymentRequest, ShopperPaymentStatus, ShopperRefundResult } from '../provider.ts';
import { publishShopperPayment } from '../shopper-payment-events.ts';
import { newId } from './sandbox.repository.ts';

/** The sandbox's konbini voucher and PayPay pages (shopper-pages.ts), under the shop's /api. */
export const shopperPagePath = (method: 'konbini' | 'paypay', paymentId: string): string => `/api/sandbox/${method}/${paymentId}`;
export const SHOPPER_PAYMENT_ID = /^sp_[A-Za-z0-9_-]{22}$/;

type Row = Awaited<ReturnType<typeof selectRow>>;

const selectRow = (db: Db, where: { orderKey: string } | { paymentId: string }) => {
  const query = db.selectFrom('sandbox_shopper_payments').selectAll();
  return ('orderKey' in where ? query.where('order_key', '=', where.orderKey) : query.where('payment_id', '=', where.paymentId)).executeTakeFirst();
};

const STATUSES: readonly ShopperPaymentStatus[] = ['awaiting_payment', 'succeeded', 'failed', 'expired', 'canceled'];

function toPayment(row: NonNullable<Row>): ShopperPayment {
  if (!isShopperPaymentMethod(row.method)) throw new Error(`sandbox: unknown method in its own table: ${row.method}`);
  const status = STATUSES.find((s) => s === row.status) ?? 'failed';
  const payment: ShopperPayment = {
    paymentId: row.payment_id, orderKey: row.order_key, method: row.method, amount: row.amount, status, refundable: isRefundableByProvider(row.method),
  };
  // Like Stripe's `next_action`: the voucher and the redirect only while the payment waits for the fan.
  if (row.method === 'konbini' && row.expires_at && status === 'awaiting_payment') {
    payment.voucher = { url: shopperPagePath('konbini', row.payment_id), expiresAt: new Date(row.expires_at), ...(row.payment_code ? { number: row.payment_code } : {}) };
  }
  if (row.method === 'paypay' && status === 'awaiting_payment') payment.redirectUrl = shopperPagePath('paypay', row.payment_id);
  return payment;
}

/** A voucher past its expiry is expired when next looked at (as Stripe's would be by then). */
async function lookUp(db: Db, now: Date, where: { orderKey: string } | { paymentId: string }): Promise<NonNullable<Row> | undefined> {
  const row = await selectRow(db, where);
  if (!row || row.status !== 'awaiting_payment' || !row.expires_at || new Date(row.expires_at) > now) return row;
  await moveFromAwaiting(db, row.payment_id, 'expired', now);
  return selectRow(db, where);
}

/** Moves a payment on from `awaiting_payment` only: a second post, a late expiry or cancel changes nothing. */
export async function moveFromAwaiting(db: Db, paymentId: string, status: ShopperPaymentStatus, now: Date): Promise<boolean> {
  const result = await db.updateTable('sandbox_shopper_payments').set({ status, updated_at: now })
    .where('payment_id', '=', paymentId).where('status', '=', 'awaiting_payment').executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function createSandboxShopperPayment(db: Kysely<DB>, now: Date, input: ShopperPaymentRequest): Promise<ShopperPayment> {
  const earlier = await lookUp(db, now, { orderKey: input.orderKey });
  if (earlier) return toPayment(earlier);
  if (!canRequestShopperPayment(input.method, now, input.payBy)) {
    return { paymentId: '', orderKey: input.orderKey, method: input.method, amount: input.amount, status: 'expired', refundable: false };
  }
  const konbini = input.method === 'konbini';
  await db.insertInto('sandbox_shopper_payments').values({
    payment_id: newId('sp'), order_key: input.orderKey, user_id: input.userId, method: input.method, amount: input.amount,
    status: 'awaiting_payment', payment_code: konbini ? String(randomInt(10_000_000_000, 100_000_000_000)) : null,
    expires_at: konbini ? konbiniVoucherExpiry(now, input.payBy) : null, return_url: input.returnUrl, created_at: now, updated_at: now,
  }).onConflict((oc) => oc.column('order_key').doNothing()).execute();
  // Two calls with one key at once: whichever row landed first is the answer to both.
  const row = await selectRow(db, { orderKey: input.orderKey });
  if (!row) throw new Error('sandbox: a payment just written is gone');
  return toPayment(row);
}

export async function findSandboxShopperPayment(db: Db, now: Date, ref: { orderKey: string; paymentId?: string }): Promise<ShopperPayment | null> {
  const row = await lookUp(db, now, { orderKey: ref.orderKey });
  return row && (!ref.paymentId || row.payment_id === ref.paymentId) ? toPayment(row) : null;
}

export async function cancelSandboxShopperPayment(db: Db, now: Date, ref: { orderKey: string; paymentId: string }): Promise<ShopperPayment | null> {
  const row = await lookUp(db, now, { paymentId: ref.paymentId });
  if (!row || row.order_key !== ref.orderKey) return null;
  await moveFromAwaiting(db, row.payment_id, 'canceled', now);
  return findSandboxShopperPayment(db, now, ref);
}

/** PayPay refunds once per key up to what was paid; konbini is not refundable through the gateway. */
export async function refundSandboxShopperPayment(db: Kysely<DB>, now: Date, input: { refundKey: string; orderKey: string; paymentId: string; amount: number }): Promise<ShopperRefundResult> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) return { status: 'failed', reason: 'amount must be a positive integer' };
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('sandbox_shopper_payments').select(['method', 'status']).where('payment_id', '=', input.paymentId)
      .where('order_key', '=', input.orderKey).forUpdate().executeTakeFirst();
    if (!row || row.status !== 'succeeded') return { status: 'failed', reason: 'no paid shopper payment for that key' };
    if (row.method !== 'paypay') return { status: 'not_refundable', reason: KONBINI_NOT_REFUNDABLE.ja, reasonEn: KONBINI_NOT_REFUNDABLE.en };
    if (await trx.selectFrom('sandbox_refunds').select('refund_key').where('refund_key', '=', input.refundKey).executeTakeFirst()) return { status: 'refunded' };
    const result = await trx.updateTable('sandbox_shopper_payments').set((eb) => ({ refunded_amount: eb('refunded_amount', '+', input.amount), updated_at: now }))
      .where('payment_id', '=', input.paymentId).where((eb) => eb(eb('refunded_amount', '+', input.amount), '<=', eb.ref('amount'))).executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return { status: 'failed', reason: 'more than is left to refund' };
    await trx.insertInto('sandbox_refunds').values({ refund_key: input.refundKey, order_key: input.orderKey, amount: input.amount, created_at: now }).execute();
    return { status: 'refunded' };
  });
}

/**
 * The sandbox's own news, as Stripe's webhook would bring it (shopper-payment-events.ts): the fan
 * paid or declined on the sandbox's page, or a voucher expired. Tests call these directly; `npm
 * start` reaches them through the pages.
 */
export async function settleSandboxShopperPayment(ctx: ApiContext, paymentId: string, outcome: 'succeeded' | 'failed'): Promise<ShopperPayment | null> {
  const now = ctx.now();
  const row = await lookUp(ctx.db, now, { paymentId });
  if (!row) return null;
  const moved = await moveFromAwaiting(ctx.db, paymentId, outcome, now);
  const payment = await findSandboxShopperPayment(ctx.db, now, { orderKey: row.order_key });
  if (moved && payment) await publishShopperPayment(ctx, payment);
  return payment;
}

/** Expires every voucher past its expiry at the context's clock (the test clock), publishing each. */
export async function expireSandboxShopperPayments(ctx: ApiContext): Promise<ShopperPayment[]> {
  const now = ctx.now();
  const due = await ctx.db.selectFrom('sandbox_shopper_payments').select(['payment_id', 'order_key'])
    .where('status', '=', 'awaiting_payment').where('expires_at', '<=', now).execute();
  const expired: ShopperPayment[] = [];
  for (const row of due) {
    if (!(await moveFromAwaiting(ctx.db, row.payment_id, 'expired', now))) continue;
    const payment = await findSandboxShopperPayment(ctx.db, now, { orderKey: row.order_key });
    if (payment) {
      expired.push(payment);
      await publishShopperPayment(ctx, payment);
    }
  }
  return expired;
}
