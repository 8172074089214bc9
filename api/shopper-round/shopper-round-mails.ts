import { isShopperPaymentMethod } from '../../shared/shopper-payment.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { enqueueMails, type BillingMailKind } from '../billing/billing-mails.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { ShopperRoundMailFacts } from '../mail/shopper-round-templates.ts';
import { findRequestFacts } from './shopper-round.repository.ts';

type Render = (facts: ShopperRoundMailFacts, vars: { brand: string; origin: string }) => OutgoingMail;

/**
 * Queues one mail about request `requestId` in the billing outbox, in the caller's transaction;
 * `key` makes it once (a second pass, or a second listener, queues nothing).
 */
export async function queueRequestMail(
  ctx: ApiContext, db: Db, requestId: number, mail: { key: string; kind: BillingMailKind; historyId?: number | null; render: Render },
): Promise<void> {
  const facts = await findRequestFacts(db, requestId);
  if (!facts) return;
  const { request } = facts;
  if (!isShopperPaymentMethod(request.method)) throw new Error(`unknown shopper method ${request.method}`);
  const rendered = mail.render({
    lang: facts.lang === 'en' ? 'en' : 'ja', to: facts.email, artistName: facts.artistName, planName: facts.planName, count: request.count,
    period: facts.period, round: { endDate: facts.endDate.toISOString(), shipDate: facts.shipDate.toISOString() },
    charge: { price: request.price, preTaxPrice: request.pre_tax_price, shipFee: request.ship_fee, fee: 0, total: request.total }, method: request.method,
  }, { brand: ctx.mailer.brand, origin: ctx.publicOrigin });
  await enqueueMails(db, [{ key: mail.key, kind: mail.kind, userId: request.user_id, historyId: mail.historyId ?? null, mail: rendered }], ctx.now());
}
