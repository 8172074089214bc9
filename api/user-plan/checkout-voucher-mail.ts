import { issueLabel } from '../../shared/subscription-rules.ts';
import type { ApiContext } from '../context.ts';
import { renderCheckoutVoucherMail } from '../mail/checkout-voucher-template.ts';
import type { HistoryRow } from '../order-history/order-history.repository.ts';
import type { ShopperPayment } from '../payment/provider.ts';
import type { UserPlanRow } from './user-plan.repository.ts';

/**
 * The konbini voucher mail of a checkout (issue 34), once per payment: written to the billing
 * outbox under `shopper_voucher:<paymentId>` (a key that exists is never mailed twice), then sent
 * at once; a mail server that fails leaves it for the billing pass's delivery (billing-mails.ts).
 */
export async function sendCheckoutVoucherMail(ctx: ApiContext, userPlan: UserPlanRow, row: HistoryRow, payment: ShopperPayment): Promise<void> {
  if (!payment.voucher) return;
  const who = await ctx.db.selectFrom('users').select(['email', 'lang']).where('id', '=', userPlan.user_id).executeTakeFirstOrThrow();
  const what = await ctx.db.selectFrom('plan_orders as o').innerJoin('plans as p', 'p.id', 'o.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['a.name as artist', 'p.name as plan', 'o.ship_date']).where('o.id', '=', row.plan_order_id).executeTakeFirstOrThrow();
  const lang = who.lang === 'en' ? 'en' : 'ja';
  const mail = renderCheckoutVoucherMail(lang, who.email, {
    userPlanId: userPlan.id, what: `${what.artist}「${what.plan}」 ${issueLabel({ shipDate: new Date(what.ship_date).toISOString() })[lang]}`, amount: payment.amount,
    number: payment.voucher.number ?? null, expiresAt: payment.voucher.expiresAt,
  }, { brand: ctx.mailer.brand, origin: ctx.publicOrigin });
  const key = `shopper_voucher:${payment.paymentId}`;
  const now = ctx.now();
  const queued = await ctx.db.insertInto('billing_mails').values({
    key, kind: 'shopper_voucher', user_id: userPlan.user_id, history_id: row.id, recipient: mail.to,
    subject: mail.subject, body_text: mail.text, body_html: mail.html, created_at: now,
  }).onConflict((oc) => oc.column('key').doNothing()).returning('key').executeTakeFirst();
  if (!queued) return;
  try {
    await ctx.mailer.send(mail);
    await ctx.db.updateTable('billing_mails').set({ status: 'sent', sent_at: now, tries: 1 }).where('key', '=', key).execute();
    ctx.logger.info({ mailKind: 'shopper_voucher', transport: ctx.mailer.kind }, 'mail sent');
  } catch (error) {
    ctx.logger.error({ mailKind: 'shopper_voucher', reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'mail not sent; left in the outbox');
  }
}
