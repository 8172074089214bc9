import { REMINDER_DAYS_BEFORE } from '../../shared/billing-rules.ts';
import { roundCharge } from '../../shared/money.ts';
import type { ApiContext } from '../context.ts';
import { withParcelShipping } from '../../shared/parcel.ts';
import { parsePaymentMethod } from '../../shared/payment.ts';
import { findLiveUserPlans } from '../user-plan/user-plan.repository.ts';
import { toUserPlans } from '../user-plan/user-plan.view.ts';
import { renderReminderMail } from '../mail/billing-templates.ts';
import { enqueueMails, type QueuedMail } from './billing-mails.ts';
import type { BillingScope } from './billing-scope.ts';
import { findEligible, findReminderRounds, markRound, type BillingRound } from './eligibility.ts';

const PAGE = 500;

/**
 * Three days before a deadline, every subscription that would be charged at it (the same rule as
 * the run) gets a reminder: the amount, the round, and how to skip or cancel before the deadline.
 * One per (subscription, round) by the outbox key.
 */
export async function queueReminders(ctx: ApiContext, scope: BillingScope = {}): Promise<number> {
  const now = ctx.now();
  const horizon = new Date(now.getTime() + REMINDER_DAYS_BEFORE * 24 * 60 * 60 * 1000);
  let queued = 0;
  for (const round of await findReminderRounds(ctx.db, now, horizon)) {
    if (scope.roundId !== undefined && round.id !== scope.roundId) continue;
    queued += await queueRound(ctx, round);
    await markRound(ctx.db, round.id, { reminded_at: now });
  }
  return queued;
}

async function queueRound(ctx: ApiContext, round: BillingRound): Promise<number> {
  const plan = await ctx.db.selectFrom('plans').innerJoin('artists', 'artists.id', 'plans.artist_id')
    .select(['plans.name', 'plans.period', 'artists.name as artist_name'])
    .where('plans.id', '=', round.plan_id).executeTakeFirstOrThrow();
  const vars = { brand: ctx.mailer.brand, origin: ctx.publicOrigin };
  let queued = 0;
  for (let after = 0; ;) {
    const page = await findEligible(ctx.db, round, after, PAGE);
    const together = await shippedTogether(ctx, page.map((s) => s.user_id), round);
    const mails: QueuedMail[] = page.map((s) => {
      const method = s.payment_method === 'GMOAB' ? 'GMOAB' : 'CARD';
      // 同梱: the amount without shipping where the box joins a parcel another box pays for (my plans' forecast).
      const money = withParcelShipping(roundCharge({ price: round.price, preTaxPrice: round.pre_tax_price }, s.count, method === 'GMOAB', round.end_date), !together.has(s.user_plan_id));
      const mail = renderReminderMail({
        lang: s.lang === 'en' ? 'en' : 'ja', to: s.email, artistName: plan.artist_name, planName: plan.name, count: s.count,
        round: { endDate: round.end_date.toISOString(), shipDate: round.ship_date.toISOString() }, charge: money, period: plan.period, method,
      }, vars);
      return { key: `reminder:${s.user_plan_id}:${round.id}`, kind: 'reminder', userId: s.user_id, historyId: null, mail };
    });
    await enqueueMails(ctx.db, mails, ctx.now());
    queued += mails.length;
    if (page.length < PAGE) break;
    after = page[page.length - 1]!.user_plan_id;
  }
  return queued;
}

/**
 * The subscriptions of this page whose box of `round` is forecast to ship without shipping
 * (shared/parcel.ts `freeShippingBoxes`, as my plans says it). Only fans with more than one live
 * subscription, or a box already holding a fee, can share a parcel: the rest cost nothing here.
 */
async function shippedTogether(ctx: ApiContext, userIds: number[], round: BillingRound): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const many = await ctx.db.selectFrom('user_plans').select('user_id').where('user_id', 'in', [...new Set(userIds)]).where('status', '=', 'ACTIVE')
    .groupBy('user_id').having((eb) => eb.fn.countAll(), '>', 1).execute();
  const free = new Set<number>();
  for (const { user_id: userId } of many) {
    const user = await ctx.db.selectFrom('users').select('payment_method').where('id', '=', userId).executeTakeFirst();
    const plans = await toUserPlans(ctx.db, await findLiveUserPlans(ctx.db, userId), parsePaymentMethod(user?.payment_method ?? 'CARD'), ctx.now(), ctx.consolidationWindowDays);
    for (const p of plans) if (p.nextRound?.id === round.id && p.nextRoundCharge.shipFee === 0) free.add(p.id);
  }
  return free;
}
