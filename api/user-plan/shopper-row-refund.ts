import { formatPrice } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { KONBINI_NOT_REFUNDABLE, shopperMethodOf } from '../../shared/shopper-payment.ts';
import { KONBINI_TRANSFER_NOTICE } from '../../shared/shopper-refund-texts.ts';
import { transferReasonOf } from '../../shared/refund-transfer-rules.ts';
import type { ApiContext } from '../context.ts';
import { deliverMails, enqueueMails } from '../billing/billing-mails.ts';
import { layoutMail } from '../mail/mail-layout.ts';
import type { HistoryRow } from '../order-history/order-history.repository.ts';
import { returnShopperMoney, type ShopperReturnOutcome } from '../payment/shopper-refund.ts';

/**
 * A refund of an order row the fan paid herself (payment_method KONBINI / PAYPAY, issue 34,
 * decision 0093): PayPay refunds through the provider under the same refund key a card would
 * use; konbini cannot, so the amount is listed in `shopper_refund_transfers` for support, the row's
 * refund stays 'pending' until support marks the transfer done (api/staff/refund-transfers), and
 * the fan is mailed how the money comes back. Null for any other row: the card path refunds it.
 */
export type ShopperRow = Pick<HistoryRow, 'id' | 'user_id' | 'payment_method' | 'charge_id' | 'charge_key'>;

export async function refundShopperRow(ctx: ApiContext, row: ShopperRow, refundKey: string, amount: number): Promise<ShopperReturnOutcome | null> {
  const method = shopperMethodOf(row.payment_method);
  if (method === null) return null;
  const outcome = await returnShopperMoney(ctx, {
    method, userId: row.user_id, paymentId: row.charge_id ?? '', orderKey: row.charge_key, refundKey, amount,
    reason: transferReasonOf(refundKey), historyId: row.id,
  });
  if (outcome === 'transfer') await mailTransfer(ctx, row, refundKey, amount);
  return outcome;
}

/** The `refund_transfer` mail: once per refund (the outbox key), sent now or by the next pass. */
async function mailTransfer(ctx: ApiContext, row: ShopperRow, refundKey: string, amount: number): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['email', 'lang']).where('id', '=', row.user_id).executeTakeFirst();
  if (!user) return;
  const en = user.lang === 'en';
  const lang = en ? 'en' : 'ja';
  const lines = en
    ? [`We will return ${formatPrice(amount, true)} for order ${row.id}.`, KONBINI_NOT_REFUNDABLE.en, KONBINI_TRANSFER_NOTICE.en]
    : [`ご注文（注文番号 ${row.id}）の代金 ${formatPrice(amount)} をご返金します。`, KONBINI_NOT_REFUNDABLE.ja, KONBINI_TRANSFER_NOTICE.ja];
  const subject = en ? `Refund by bank transfer for order ${row.id}` : `銀行振込でのご返金について（注文番号 ${row.id}）`;
  const link = { text: en ? 'Order history' : '注文履歴', url: new URL(href('orderHistory'), ctx.publicOrigin).toString() };
  const mail = layoutMail(lang, user.email, subject, lines, link, ctx.mailer.brand);
  await enqueueMails(ctx.db, [{ key: `refund_transfer:${row.id}:${refundKey}`, kind: 'refund_transfer', userId: row.user_id, historyId: row.id, mail }], ctx.now());
  try {
    await deliverMails(ctx);
  } catch (error) {
    ctx.logger.error({ mailKind: 'refund_transfer', reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'refund transfer mail left to the next pass');
  }
}
