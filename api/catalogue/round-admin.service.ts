import type { z } from 'zod';
import type { AdminRoundDetail } from '../../shared/api/catalogue-admin.ts';
import { CATALOGUE_MESSAGES, type GoodsSchema, type RoundInputSchema } from '../../shared/catalogue-import-schema.ts';
import { roundTooCloseText, spacingConflict } from '../../shared/plan-period.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { lockCatalogue, roundDatesOf } from '../ops/catalogue-import.repository.ts';
import { goodsValues } from '../ops/catalogue-import.values.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import * as repo from './catalogue.repository.ts';
import { toAdminRound } from './plan-admin.service.ts';

const PLAN = { ja: 'プラン', en: 'Plan' };
const ROUND = { ja: '回', en: 'Round' };
type RoundInput = z.output<typeof RoundInputSchema>;
type Goods = z.output<typeof GoodsSchema>;

/**
 * A plan's rounds stand its period apart (shared/plan-period.ts): a round added or moved closer
 * to another would bill and ship a period-3 subscription a month after the last box.
 */
async function checkSpacing(trx: Db, planId: number, period: number, round: RoundInput, roundId?: number): Promise<void> {
  const others = (await roundDatesOf(trx, planId)).filter((r) => r.id !== roundId);
  const conflict = spacingConflict(period, round, others);
  if (!conflict) return;
  const text = roundTooCloseText(period, conflict.other.name);
  throw new DomainError(400, 'BAD_REQUEST', text, { [conflict.field]: text });
}

async function detail(db: Db, row: repo.RoundRow): Promise<AdminRoundDetail> {
  return { ...toAdminRound(row), planId: row.plan_id, goods: await repo.goodsOf(db, row.id) };
}

export async function getRound(db: Db, id: number): Promise<AdminRoundDetail> {
  const row = await repo.findRound(db, id);
  if (!row) throw new NotFoundError(ROUND);
  return detail(db, row);
}

/** A new round of a plan, at the plan's list price (a price change then moves it like any open round). */
export async function createRound(ctx: ApiContext, actor: AuditActor, planId: number, input: RoundInput): Promise<AdminRoundDetail> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const plan = await repo.findPlan(trx, planId, true);
    if (!plan) throw new NotFoundError(PLAN);
    await checkSpacing(trx, planId, plan.period, input);
    const { id } = await trx.insertInto('plan_orders').values({
      plan_id: planId, name: input.name, price: plan.price, pre_tax_price: plan.pre_tax_price,
      start_date: input.startDate, end_date: input.endDate, ship_date: input.shipDate,
    }).returning('id').executeTakeFirstOrThrow();
    const after = await getRound(trx, id);
    await writeAudit(trx, actor, { action: 'catalogue.round.create', outcome: 'success', targetType: 'round', targetId: id, after }, ctx.now());
    return after;
  });
}

/**
 * A round's name and dates. Once its deadline has passed or anything was charged for it, its
 * dates are fixed, as the import's rule says (`roundFrozen`): subscribers were charged for them.
 */
export async function updateRound(ctx: ApiContext, actor: AuditActor, id: number, input: RoundInput): Promise<AdminRoundDetail> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const row = await repo.findRound(trx, id, true);
    if (!row) throw new NotFoundError(ROUND);
    const same = (a: Date, b: Date) => a.getTime() === b.getTime();
    const moved = !same(row.start_date, input.startDate) || !same(row.end_date, input.endDate) || !same(row.ship_date, input.shipDate);
    if (moved && (row.charged || row.end_date <= ctx.now())) {
      throw new DomainError(409, 'CONFLICT', CATALOGUE_MESSAGES.roundFrozen, { endDate: CATALOGUE_MESSAGES.roundFrozen });
    }
    if (moved) {
      const plan = await repo.findPlan(trx, row.plan_id);
      if (plan) await checkSpacing(trx, row.plan_id, plan.period, input, id);
    }
    const before = await detail(trx, row);
    await trx.updateTable('plan_orders').set({ name: input.name, start_date: input.startDate, end_date: input.endDate, ship_date: input.shipDate }).where('id', '=', id).execute();
    const after = await getRound(trx, id);
    await writeAudit(trx, actor, { action: 'catalogue.round.update', outcome: 'success', targetType: 'round', targetId: id, before, after }, ctx.now());
    return after;
  });
}

/** The round's whole list of goods (what the box held, shown after delivery), replaced at once. */
export async function saveGoods(ctx: ApiContext, actor: AuditActor, id: number, goods: readonly Goods[]): Promise<AdminRoundDetail> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const row = await repo.findRound(trx, id, true);
    if (!row) throw new NotFoundError(ROUND);
    const before = await repo.goodsOf(trx, id);
    await trx.deleteFrom('order_goods').where('plan_order_id', '=', id).execute();
    if (goods.length > 0) await trx.insertInto('order_goods').values(goods.map((g, i) => goodsValues(id, g, i))).execute();
    const after = await getRound(trx, id);
    await writeAudit(trx, actor, { action: 'catalogue.round.goods', outcome: 'success', targetType: 'round', targetId: id, before: { goods: before }, after: { goods: after.goods } }, ctx.now());
    return after;
  });
}
