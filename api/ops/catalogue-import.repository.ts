import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  ArtistsTable, BannersTable, DB, NewsTable, OrderGoodsTable, PlanOrdersTable, PlansTable,
} from '../db/schema.ts';

/** All SQL of the catalogue import (api/ops/catalogue-import.ts); rows never leave the api/ops service. */
type Trx = Transaction<DB>;

export type ArtistRow = Selectable<ArtistsTable>;
export type PlanRow = Selectable<PlansTable>;
export type RoundRow = Selectable<PlanOrdersTable>;
export type GoodsRow = Selectable<OrderGoodsTable>;
export type NewsRow = Selectable<NewsTable>;
export type BannerRow = Selectable<BannersTable>;

/**
 * Catalogue writers take turns: two imports (or an import and the demo seed, which takes the same
 * key in api/db/seed/seed-demo.ts) never interleave their look-ups and writes.
 */
export async function lockCatalogue(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(7310002)`.execute(trx);
}

// The natural keys have no unique index (only artists.slug has), so each look-up returns every
// match: the service refuses a key the database already holds twice instead of picking one.

export function findArtists(trx: Trx, slug: string): Promise<ArtistRow[]> {
  return trx.selectFrom('artists').selectAll().where('slug', '=', slug).forUpdate().execute();
}

export function findPlans(trx: Trx, artistId: number, name: string): Promise<PlanRow[]> {
  return trx.selectFrom('plans').selectAll().where('artist_id', '=', artistId).where('name', '=', name).forUpdate().execute();
}

export function findRounds(trx: Trx, planId: number, name: string): Promise<RoundRow[]> {
  return trx.selectFrom('plan_orders').selectAll().where('plan_id', '=', planId).where('name', '=', name).forUpdate().execute();
}

export function findGoods(trx: Trx, roundId: number): Promise<GoodsRow[]> {
  return trx.selectFrom('order_goods').selectAll().where('plan_order_id', '=', roundId).forUpdate().execute();
}

export function findNews(trx: Trx, title: string): Promise<NewsRow[]> {
  return trx.selectFrom('news').selectAll().where('title', '=', title).forUpdate().execute();
}

export function findBanners(trx: Trx, title: string): Promise<BannerRow[]> {
  return trx.selectFrom('banners').selectAll().where('title', '=', title).forUpdate().execute();
}

export async function findTags(trx: Trx, artistId: number): Promise<string[]> {
  const rows = await trx.selectFrom('artist_tags').select('tag').where('artist_id', '=', artistId).execute();
  return rows.map((r) => r.tag);
}

export async function replaceTags(trx: Trx, artistId: number, tags: readonly string[]): Promise<void> {
  await trx.deleteFrom('artist_tags').where('artist_id', '=', artistId).execute();
  if (tags.length > 0) await trx.insertInto('artist_tags').values(tags.map((tag) => ({ artist_id: artistId, tag }))).execute();
}

export async function existingMedia(trx: Trx, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await trx.selectFrom('media').select('path').where('path', 'in', paths).execute();
  return new Set(rows.map((r) => r.path));
}

export function findMedia(trx: Trx, path: string) {
  return trx.selectFrom('media').select(['content_type', 'body']).where('path', '=', path).forUpdate().executeTakeFirst();
}

export async function saveMedia(trx: Trx, row: { path: string; content_type: string; body: Uint8Array }): Promise<void> {
  await trx.insertInto('media').values(row)
    .onConflict((oc) => oc.column('path').doUpdateSet({ content_type: row.content_type, body: row.body, updated_at: new Date() })).execute();
}

/** Every round of a plan with its dates: what the period's spacing (shared/plan-period.ts) is checked against. */
export function roundDatesOf(db: Kysely<DB>, planId: number) {
  return db.selectFrom('plan_orders').select(['id', 'name', 'end_date as endDate', 'ship_date as shipDate'])
    .where('plan_id', '=', planId).orderBy('ship_date').execute();
}

export async function deleteGoods(trx: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('order_goods').where('id', 'in', ids).execute();
}

/** Inserts or updates one row of a catalogue table; returns its id. */
export const save = {
  artists: (trx: Trx, id: number | null, values: Insertable<ArtistsTable>) =>
    id === null
      ? idOf(trx.insertInto('artists').values(values).returning('id').executeTakeFirstOrThrow())
      : done(trx.updateTable('artists').set(values).where('id', '=', id).execute(), id),
  plans: (trx: Trx, id: number | null, values: Insertable<PlansTable>) =>
    id === null
      ? idOf(trx.insertInto('plans').values(values).returning('id').executeTakeFirstOrThrow())
      : done(trx.updateTable('plans').set(values).where('id', '=', id).execute(), id),
  rounds: (trx: Trx, id: number | null, values: Insertable<PlanOrdersTable>) =>
    id === null
      ? idOf(trx.insertInto('plan_orders').values(values).returning('id').executeTakeFirstOrThrow())
      : done(trx.updateTable('plan_orders').set(values).where('id', '=', id).execute(), id),
  goods: (trx: Trx, id: number | null, values: Insertable<OrderGoodsTable>) =>
    id === null
      ? idOf(trx.insertInto('order_goods').values(values).returning('id').executeTakeFirstOrThrow())
      : done(trx.updateTable('order_goods').set(values).where('id', '=', id).execute(), id),
  news: (trx: Trx, id: number | null, values: Insertable<NewsTable>) =>
    id === null
      ? idOf(trx.insertInto('news').values(values).returning('id').executeTakeFirstOrThrow())
      : done(trx.updateTable('news').set(values).where('id', '=', id).execute(), id),
  banners: (trx: Trx, id: number | null, values: Insertable<BannersTable>) =>
    id === null
      ? idOf(trx.insertInto('banners').values(values).returning('id').executeTakeFirstOrThrow())
      : done(trx.updateTable('banners').set(values).where('id', '=', id).execute(), id),
};

async function idOf(row: Promise<{ id: number }>): Promise<number> {
  return (await row).id;
}

async function done(update: Promise<unknown>, id: number): Promise<number> {
  await update;
  return id;
}
