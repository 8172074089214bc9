import type { z } from 'zod';
import type { AdminPlan, AdminRound } from '../../shared/api/catalogue-admin.ts';
import type { DisplayType } from '../../shared/artist-types.ts';
import type { PlanCreateSchema, PlanEditSchema } from '../../shared/catalogue-import-schema.ts';
import { withTax } from '../../shared/money.ts';
import { periodBreaksRoundsText, roundsBreakingPeriod } from '../../shared/plan-period.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { lockCatalogue, roundDatesOf } from '../ops/catalogue-import.repository.ts';
import { planValues } from '../ops/catalogue-import.values.ts';
import { toPlanContents } from '../plan/plan-contents.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import * as repo from './catalogue.repository.ts';
import { NEW_DRAFT, publishableOf } from './publishable.ts';

const PLAN = { ja: 'プラン', en: 'Plan' };
const ARTIST = { ja: 'アーティスト', en: 'Artist' };
/** The console shows a plan's latest rounds: enough to see the open one and what was charged. */
const ROUNDS_SHOWN = 12;

export function toAdminRound(row: repo.RoundRow): AdminRound {
  return {
    id: row.id, name: row.name, price: row.price, preTaxPrice: row.pre_tax_price, startDate: row.start_date.toISOString(),
    endDate: row.end_date.toISOString(), shipDate: row.ship_date.toISOString(), charged: row.charged,
  };
}

function toAdminPlan(row: repo.PlanRow, rounds: repo.RoundRow[]): AdminPlan {
  return {
    id: row.id, artistId: row.artist_id, name: row.name, nameEn: row.name_en, attention: row.attention, attentionEn: row.attention_en,
    period: row.period, price: row.price, preTaxPrice: row.pre_tax_price, sort: row.sort, displayType: row.display_type as DisplayType,
    contents: toPlanContents(row.contents), rounds: rounds.map(toAdminRound), ...publishableOf(row),
  };
}

export async function listPlans(ctx: ApiContext, artistId: number): Promise<AdminPlan[]> {
  if (!(await repo.findArtist(ctx.db, artistId))) throw new NotFoundError(ARTIST);
  return (await repo.plansOf(ctx.db, artistId)).map((row) => toAdminPlan(row, []));
}

export async function getPlan(db: Db, id: number): Promise<AdminPlan> {
  const row = await repo.findPlan(db, id);
  if (!row) throw new NotFoundError(PLAN);
  return toAdminPlan(row, await repo.roundsOf(db, id, ROUNDS_SHOWN));
}

/** A new tier: its price is given without tax, the tax-included one derived (shared/money.ts). */
export async function createPlan(ctx: ApiContext, actor: AuditActor, artistId: number, input: z.output<typeof PlanCreateSchema>): Promise<AdminPlan> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    if (!(await repo.findArtist(trx, artistId, true))) throw new NotFoundError(ARTIST);
    const values = planValues(artistId, { ...input, price: withTax(input.preTaxPrice) });
    const row = await trx.insertInto('plans').values({ ...values, ...NEW_DRAFT }).returningAll().executeTakeFirstOrThrow();
    const after = toAdminPlan(row, []);
    await writeAudit(trx, actor, { action: 'catalogue.plan.create', outcome: 'success', targetType: 'plan', targetId: row.id, after }, ctx.now());
    return after;
  });
}

/** A longer period than the plan's rounds are spaced for is refused, naming the rounds in the way. */
async function checkPeriod(trx: Db, planId: number, period: number): Promise<void> {
  const breaking = roundsBreakingPeriod(period, await roundDatesOf(trx, planId));
  if (breaking.length === 0) return;
  const text = periodBreaksRoundsText(period, breaking.slice(0, 5).map((r) => r.name));
  throw new DomainError(400, 'BAD_REQUEST', text, { period: text });
}

/** Every field but the price, which changes only through the price-change step (price-change.service.ts). */
export async function updatePlan(ctx: ApiContext, actor: AuditActor, id: number, input: z.output<typeof PlanEditSchema>): Promise<AdminPlan> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const before = await repo.findPlan(trx, id, true);
    if (!before) throw new NotFoundError(PLAN);
    if (input.period !== before.period) await checkPeriod(trx, id, input.period);
    const { price, pre_tax_price, artist_id, ...values } = planValues(before.artist_id, { ...input, price: before.price, preTaxPrice: before.pre_tax_price });
    const row = await trx.updateTable('plans').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    const after = toAdminPlan(row, []);
    await writeAudit(trx, actor, { action: 'catalogue.plan.update', outcome: 'success', targetType: 'plan', targetId: id, before: toAdminPlan(before, []), after }, ctx.now());
    return after;
  });
}
