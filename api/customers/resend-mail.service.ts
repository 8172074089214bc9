import { parsePaymentMethod } from '../../shared/payment.ts';
import type { ApiContext } from '../context.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { renderChargedMail } from '../mail/billing-templates.ts';
import { recordMail } from '../mail/mail-log.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { CHARGED } from './customer-detail.ts';

const NO_ORDER = { ja: 'この注文はこのお客様のものではありません。', en: 'This order is not this customer\'s.' };
const NOT_CHARGED = { ja: '決済済みの回だけ、お支払い完了のメールを送り直せます。', en: 'Only a charged round\'s payment mail can be sent again.' };
const NOT_SENT = { ja: 'メールを送信できませんでした。しばらくしてから再度お試しください。', en: 'The mail could not be sent. Please retry shortly.' };

/**
 * Sends a charged round's "payment confirmed" mail again (issue 19), to the address the account
 * has now, from the round's own rows (api/mail/billing-templates.ts). Recorded and audited.
 */
export async function resendChargedMail(ctx: ApiContext, actor: AuditActor, userId: number, historyId: number): Promise<void> {
  const f = await ctx.db.selectFrom('plan_order_histories as h').innerJoin('plan_orders as o', 'o.id', 'h.plan_order_id')
    .innerJoin('plans as p', 'p.id', 'h.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id').innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.payment_status', 'h.count', 'h.price', 'h.pre_tax_price', 'h.ship_fee', 'h.fee', 'h.total', 'h.payment_method',
      'o.end_date', 'o.ship_date', 'p.name as plan_name', 'p.period', 'a.name as artist_name', 'u.email', 'u.lang'])
    .where('h.id', '=', historyId).where('h.user_id', '=', userId).executeTakeFirst();
  if (!f) throw new NotFoundError(NO_ORDER);
  if (!CHARGED.includes(f.payment_status)) throw new DomainError(409, 'CONFLICT', NOT_CHARGED);
  const mail = renderChargedMail({
    lang: f.lang === 'en' ? 'en' : 'ja', to: f.email, artistName: f.artist_name, planName: f.plan_name, count: f.count,
    round: { endDate: f.end_date.toISOString(), shipDate: f.ship_date.toISOString() },
    charge: { price: f.price, preTaxPrice: f.pre_tax_price, shipFee: f.ship_fee, fee: f.fee, total: f.total },
    period: f.period, method: parsePaymentMethod(f.payment_method),
  }, { brand: ctx.mailer.brand, origin: ctx.publicOrigin });
  try {
    await ctx.mailer.send(mail);
  } catch {
    await writeAudit(ctx.db, actor, { action: 'customer.mail.resend', outcome: 'failure', targetType: 'order', targetId: f.id }, ctx.now());
    throw new DomainError(503, 'MAIL_UNAVAILABLE', NOT_SENT);
  }
  await recordMail(ctx, { kind: 'charged-resent', to: mail.to, subject: mail.subject, userId, text: mail.text });
  await writeAudit(ctx.db, actor, { action: 'customer.mail.resend', outcome: 'success', targetType: 'order', targetId: f.id, after: { kind: 'charged', subject: mail.subject } }, ctx.now());
}
