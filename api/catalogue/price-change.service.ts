import { sql } from 'kysely';
import type { PriceChanged, PricePreview } from '../../shared/api/catalogue-admin.ts';
import { REMINDER_DAYS_BEFORE } from '../../shared/billing-rules.ts';
import { roundCharge, withTax } from '../../shared/money.ts';
import { enqueueMails, deliverMails, type QueuedMail } from '../billing/billing-mails.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { renderPriceChangeMail } from '../mail/price-templates.ts';
import { lockCatalogue } from '../ops/catalogue-import.repository.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import * as repo from './catalogue.repository.ts';
import { toAdminRound } from './plan-admin.service.ts';

const PLAN = { ja: 'プラン', en: 'Plan' };
const NO_ROUND = {
  ja: '新しい価格を適用できる回（未決済で、締切まで3日より長い回）がありません。先に次の回を作成してください。',
  en: 'No round can take the new price yet (one not charged, with its deadline more than 3 days away): create the next round first.',
};
const ROUND_MOVED = {
  ja: '確認の後で適用される回が変わりました。もう一度確認してください。',
  en: 'The round the price applies from changed since you confirmed: review it again.',
};
const MAIL_PAGE = 500;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The first round a new price may apply to (docs/decisions/0036-price-change-from-a-round.md):
 * nothing charged or reserved for it, and its deadline further away than the reminder's three
 * days, so the subscriber hears of the price before the reminder states the amount and has time
 * to skip, pause or cancel before the charge.
 */
async function firstOpenRound(db: Db, planId: number, now: Date): Promise<repo.RoundRow | undefined> {
  const horizon = new Date(now.getTime() + REMINDER_DAYS_BEFORE * DAY_MS);
  const rows = await db.selectFrom('plan_orders as po').selectAll('po').select(sql<boolean>`false`.as('charged'))
    .where('po.plan_id', '=', planId).where('po.end_date', '>', horizon)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('plan_order_histories as h').select('h.id').whereRef('h.plan_order_id', '=', 'po.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('billing_rounds as b').select('b.plan_order_id').whereRef('b.plan_order_id', '=', 'po.id').where('b.reserved_at', 'is not', null))))
    .orderBy('po.end_date').limit(1).execute();
  return rows[0];
}

async function preview(db: Db, planId: number, preTaxPrice: number, now: Date, lock: boolean): Promise<{ preview: PricePreview; round: repo.RoundRow | undefined; plan: repo.PlanRow }> {
  const plan = await repo.findPlan(db, planId, lock);
  if (!plan) throw new NotFoundError(PLAN);
  const round = await firstOpenRound(db, planId, now);
  return {
    plan,
    round,
    preview: {
      planId,
      before: { price: plan.price, preTaxPrice: plan.pre_tax_price },
      after: { price: withTax(preTaxPrice), preTaxPrice },
      fromRound: round ? toAdminRound(round) : null,
      subscribers: await repo.countSubscribers(db, planId),
    },
  };
}

/** What the console's confirm step shows: from which round, its deadline, how many are mailed. */
export async function previewPriceChange(ctx: ApiContext, planId: number, preTaxPrice: number): Promise<PricePreview> {
  return (await preview(ctx.db, planId, preTaxPrice, ctx.now(), false)).preview;
}

/**
 * The change itself, in one transaction: the plan's list price, the price of its rounds from the
 * confirmed one on (never a round charged or reserved: billing charges the round's own price),
 * the change's row, one outbox mail per live subscription and the audit row. The mails leave
 * after the commit; the outbox key makes each one go once.
 */
export async function changePrice(ctx: ApiContext, actor: AuditActor, planId: number, input: { preTaxPrice: number; fromRoundId: number }): Promise<PriceChanged> {
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await lockCatalogue(trx);
    const { preview: seen, round, plan } = await preview(trx, planId, input.preTaxPrice, now, true);
    if (!round) throw new DomainError(409, 'CONFLICT', NO_ROUND);
    if (round.id !== input.fromRoundId) throw new DomainError(409, 'CONFLICT', ROUND_MOVED, { fromRoundId: ROUND_MOVED });
    const { price, preTaxPrice } = seen.after;
    await trx.updateTable('plans').set({ price, pre_tax_price: preTaxPrice }).where('id', '=', planId).execute();
    await trx.updateTable('plan_orders as po').set({ price, pre_tax_price: preTaxPrice })
      .where('po.plan_id', '=', planId).where('po.end_date', '>=', round.end_date)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('plan_order_histories as h').select('h.id').whereRef('h.plan_order_id', '=', 'po.id'))))
      .execute();
    const row = await trx.insertInto('plan_price_changes').values({
      plan_id: planId, from_round_id: round.id, price, pre_tax_price: preTaxPrice, before_price: plan.price,
      before_pre_tax_price: plan.pre_tax_price, staff_id: actor.staffId, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await queuePriceMails(ctx, trx, {
      changeId: row.id, planId, planName: plan.name, period: plan.period, artistId: plan.artist_id, round,
      before: { price: plan.price, preTaxPrice: plan.pre_tax_price }, after: { price, preTaxPrice },
    });
    const after = { ...seen, changeId: row.id };
    await writeAudit(trx, actor, {
      action: 'catalogue.plan.price', outcome: 'success', targetType: 'plan', targetId: planId,
      before: seen.before, after: { ...seen.after, fromRoundId: round.id, fromRound: round.name, subscribers: seen.subscribers, changeId: row.id },
    }, now);
    return after;
  });
  // After the commit: the scheduler's pass would send them too; this one does not wait for it.
  void deliverMails(ctx).catch((error: unknown) => ctx.logger.error({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'price mails not sent'));
  return changed;
}

interface UnitPrice {
  price: number;
  preTaxPrice: number;
}

interface MailFacts {
  changeId: number;
  planId: number;
  planName: string;
  period: number;
  artistId: number;
  before: UnitPrice;
  after: UnitPrice;
  round: repo.RoundRow;
}

async function queuePriceMails(ctx: ApiContext, trx: Db, f: MailFacts): Promise<void> {
  const artist = await trx.selectFrom('artists').select('name').where('id', '=', f.artistId).executeTakeFirstOrThrow();
  const vars = { brand: ctx.mailer.brand, origin: ctx.publicOrigin };
  const round = { endDate: f.round.end_date.toISOString(), shipDate: f.round.ship_date.toISOString() };
  for (let after = 0; ;) {
    const page = await repo.subscribersPage(trx, f.planId, after, MAIL_PAGE);
    const mails: QueuedMail[] = page.map((s) => {
      // The round as billing will charge it at the deadline: this subscriber's count and method.
      const charge = (unit: UnitPrice) => roundCharge(unit, s.count, s.payment_method === 'GMOAB', f.round.end_date);
      const facts = { artistName: artist.name, planName: f.planName, count: s.count, period: f.period, round };
      return {
        key: `price:${f.changeId}:${s.id}`, kind: 'price', userId: s.user_id, historyId: null,
        mail: renderPriceChangeMail({ ...facts, lang: s.lang === 'en' ? 'en' : 'ja', to: s.email, before: charge(f.before), after: charge(f.after) }, vars),
      };
    });
    await enqueueMails(trx, mails, ctx.now());
    if (page.length < MAIL_PAGE) break;
    after = page[page.length - 1]!.id;
  }
}
