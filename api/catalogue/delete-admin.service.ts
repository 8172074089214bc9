import type { Text } from '../../shared/text.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { lockCatalogue } from '../ops/catalogue-import.repository.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { KIND_NAMES } from './publish-admin.service.ts';
import { publishableOf } from './publishable.ts';

/**
 * Deleting a catalogue item (issue 32): only what nothing refers to. An artist with plans, or a
 * plan with rounds, subscriptions, orders, price changes or cancel offers, is refused with what
 * refers to it and what to do instead (archive), in Japanese and English; the refusal is
 * written to the audit trail too. History is never deleted to make room.
 */
export type DeletableKind = 'artist' | 'plan' | 'banner';

async function count(db: Db, table: 'plans' | 'plan_orders' | 'user_plans' | 'plan_order_histories' | 'plan_price_changes', column: 'artist_id' | 'plan_id', id: number): Promise<number> {
  const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where(column, '=', id).executeTakeFirstOrThrow();
  return Number(n);
}

async function countOffers(db: Db, planId: number): Promise<number> {
  const { n } = await db.selectFrom('cancel_offers').select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => eb.or([eb('plan_id', '=', planId), eb('to_plan_id', '=', planId)])).executeTakeFirstOrThrow();
  return Number(n);
}

/** Why this item cannot be deleted, or null when nothing refers to it. */
async function refusalOf(db: Db, kind: DeletableKind, id: number): Promise<Text | null> {
  if (kind === 'banner') return null;
  if (kind === 'artist') {
    const plans = await count(db, 'plans', 'artist_id', id);
    return plans === 0 ? null : {
      ja: `このアーティストにはプランが${plans}件あります。先にプランを削除するか、アーティストをアーカイブしてください。`,
      en: `This artist has ${plans} plan(s). Delete them first, or archive the artist.`,
    };
  }
  const [rounds, subscriptions, orders, others] = await Promise.all([
    count(db, 'plan_orders', 'plan_id', id), count(db, 'user_plans', 'plan_id', id), count(db, 'plan_order_histories', 'plan_id', id),
    Promise.all([count(db, 'plan_price_changes', 'plan_id', id), countOffers(db, id)]).then(([a, b]) => a + b),
  ]);
  if (rounds + subscriptions + orders + others === 0) return null;
  return {
    ja: `このプランは参照されています（号${rounds}件・定期便${subscriptions}件・注文${orders}件・その他の記録${others}件）。削除できないため、アーカイブしてください。`,
    en: `This plan is referred to (${rounds} round(s), ${subscriptions} subscription(s), ${orders} order(s), ${others} other record(s)). It cannot be deleted; archive it instead.`,
  };
}

const TABLES = { artist: 'artists', plan: 'plans', banner: 'banners' } as const;

export async function deleteItem(ctx: ApiContext, actor: AuditActor, kind: DeletableKind, id: number): Promise<void> {
  const now = ctx.now();
  const refusal = await ctx.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const row = await trx.selectFrom(TABLES[kind]).select(['id', 'publish_state', 'publish_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError(KIND_NAMES[kind]);
    const why = await refusalOf(trx, kind, id);
    if (why) return why;
    // An artist's tags go with it (on delete cascade, migration 0001); it has no plans by now.
    await trx.deleteFrom(TABLES[kind]).where('id', '=', id).execute();
    await writeAudit(trx, actor, { action: `catalogue.${kind}.delete`, outcome: 'success', targetType: kind, targetId: id, before: publishableOf(row) }, now);
    return null;
  });
  if (!refusal) return;
  // Written apart: the refused transaction changed nothing, and the trail still says it was tried.
  await writeAudit(ctx.db, actor, { action: `catalogue.${kind}.delete`, outcome: 'refused', targetType: kind, targetId: id, after: { reason: refusal.en } }, now);
  throw new DomainError(409, 'CONFLICT', refusal);
}
