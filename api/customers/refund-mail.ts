import { formatPrice } from '../../shared/format.ts';
import type { RefundBox } from '../../shared/refund-rules.ts';
import type { Text } from '../../shared/text.ts';
import { href } from '../../shared/routes.ts';
import { shopperRefundNotice } from '../../shared/shopper-refund-texts.ts';
import type { ApiContext } from '../context.ts';
import { layoutMail } from '../mail/mail-layout.ts';
import { recordMail } from '../mail/mail-log.ts';

/** What the refund mail tells the shopper: the order number, the round, the amount and what happens to the box. */
export interface RefundMailFacts {
  userId: number;
  historyId: number;
  /** 「1月号」 / "Jan 2027 box" (issueLabel). */
  roundLabel: Text;
  total: number;
  /** A full refund before shipment: the box stopped or shipped all the same (issue 30); null otherwise. */
  box?: RefundBox | null;
  /** The order row's method: a PayPay refund goes back to PayPay, not a card company (issue 34). */
  paymentMethod?: string;
}

const BOX_LINES: Record<RefundBox, { ja: string; en: string }> = {
  stop: { ja: 'この回の箱はお届けしません。', en: 'The box of this round will not be delivered.' },
  ship: { ja: 'この回の箱は、お詫びとして予定どおりお届けします。', en: 'The box of this round still comes to you as planned, with our apologies.' },
};

/**
 * Sent after the provider confirmed the refund. A mail server that fails does not undo the refund:
 * the failure is logged and the customer's page still shows the refund.
 */
export async function sendRefundMail(ctx: ApiContext, facts: RefundMailFacts): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['email', 'lang']).where('id', '=', facts.userId).executeTakeFirst();
  if (!user) return;
  const en = user.lang === 'en';
  const amount = formatPrice(facts.total, en);
  const lines = en
    ? [`We have refunded ${amount} for order ${facts.historyId} (${facts.roundLabel.en}).`,
      ...(facts.box ? [BOX_LINES[facts.box].en] : []),
      shopperRefundNotice(facts.paymentMethod ?? '')?.en ?? 'It may take a few days to a billing cycle for your card company to show the refund.']
    : [`ご注文（注文番号 ${facts.historyId}・${facts.roundLabel.ja}）の代金 ${amount} を返金しました。`,
      ...(facts.box ? [BOX_LINES[facts.box].ja] : []),
      shopperRefundNotice(facts.paymentMethod ?? '')?.ja ?? 'カード会社の明細に反映されるまで、数日から1請求期間ほどかかる場合があります。'];
  const subject = en ? `Refund of order ${facts.historyId}` : `返金のお知らせ（注文番号 ${facts.historyId}）`;
  const link = { text: en ? 'Order history' : '注文履歴', url: new URL(href('orderHistory'), ctx.publicOrigin).toString() };
  try {
    const mail = layoutMail(en ? 'en' : 'ja', user.email, subject, lines, link, ctx.mailer.brand);
    await ctx.mailer.send(mail);
    ctx.logger.info({ mailKind: 'refund', transport: ctx.mailer.kind }, 'mail sent');
    await recordMail(ctx, { kind: 'refund', to: mail.to, subject: mail.subject, userId: facts.userId, text: mail.text });
  } catch (error) {
    ctx.logger.error({ mailKind: 'refund', reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'mail not sent');
  }
}
