import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** All SQL of the console's 特典 (bonus-admin.service.ts). An owner is a round, or an artist's milestone. */
export type BonusOwner = { round: number } | { artist: number; milestone?: number };

export function ownerColumns(owner: BonusOwner) {
  return 'round' in owner
    ? { plan_order_id: owner.round, artist_id: null, milestone: null }
    : { plan_order_id: null, artist_id: owner.artist, milestone: owner.milestone ?? null };
}

/** The owner's 特典 without their bodies, oldest first. */
export async function findBonuses(db: Db, owner: BonusOwner) {
  let query = db.selectFrom('bonuses').select(['id', 'kind', 'name', 'milestone', 'bytes', 'content_type', 'created_at', 'plan_order_id', 'artist_id']);
  query = 'round' in owner ? query.where('plan_order_id', '=', owner.round) : query.where('artist_id', '=', owner.artist);
  if ('artist' in owner && owner.milestone !== undefined) query = query.where('milestone', '=', owner.milestone);
  return query.orderBy('milestone').orderBy('id').execute();
}

export async function countBonuses(db: Db, owner: BonusOwner): Promise<number> {
  const rows = await findBonuses(db, owner);
  return rows.length;
}

/** Fans whose box of the round opened. */
export async function countRoundUnlocks(db: Db, roundId: number): Promise<number> {
  const row = await db.selectFrom('bonus_unlocks as u').innerJoin('plan_order_histories as h', 'h.id', 'u.history_id')
    .select((eb) => eb.fn.countAll<string>().as('n')).where('h.plan_order_id', '=', roundId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Fans who reached each of the artist's milestones. */
export async function countMilestoneUnlocks(db: Db, artistId: number) {
  const rows = await db.selectFrom('bonus_unlocks').select(['milestone', (eb) => eb.fn.countAll<string>().as('n')])
    .where('artist_id', '=', artistId).where('milestone', 'is not', null).groupBy('milestone').execute();
  return new Map(rows.map((r) => [r.milestone!, Number(r.n)]));
}

export async function downloadsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db.selectFrom('bonus_downloads').select(['bonus_id', sql<string>`sum(count)`.as('n')]).where('bonus_id', 'in', ids).groupBy('bonus_id').execute();
  return new Map(rows.map((r) => [r.bonus_id, Number(r.n)]));
}

export async function codeCountsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, { total: number; given: number }>();
  const rows = await db.selectFrom('bonus_codes').select(['bonus_id', (eb) => eb.fn.countAll<string>().as('total'), (eb) => eb.fn.count<string>('unlock_id').as('given')])
    .where('bonus_id', 'in', ids).groupBy('bonus_id').execute();
  return new Map(rows.map((r) => [r.bonus_id, { total: Number(r.total), given: Number(r.given) }]));
}

export async function findRoundOwner(db: Db, roundId: number) {
  return db.selectFrom('plan_orders as o').innerJoin('plans as p', 'p.id', 'o.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['o.id', 'o.name', 'a.name as artist_name']).where('o.id', '=', roundId).executeTakeFirst();
}

export async function findArtistOwner(db: Db, artistId: number) {
  return db.selectFrom('artists').select(['id', 'name']).where('id', '=', artistId).executeTakeFirst();
}

/** The bonus, locked while a deletion checks who opened it. */
export async function findBonusForUpdate(db: Db, id: number) {
  return db.selectFrom('bonuses').select(['id', 'kind', 'name', 'plan_order_id', 'artist_id', 'milestone']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertBonus(db: Db, values: {
  owner: BonusOwner; kind: string; name: string; contentType: string | null; body: Buffer | null; staffId: number | null; now: Date;
}): Promise<number> {
  const row = await db.insertInto('bonuses').values({
    ...ownerColumns(values.owner), kind: values.kind, name: values.name, content_type: values.contentType, body: values.body,
    bytes: values.body?.byteLength ?? 0, created_by: values.staffId, created_at: values.now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertCodes(db: Db, bonusId: number, codes: string[]): Promise<void> {
  for (let i = 0; i < codes.length; i += 1000) {
    await db.insertInto('bonus_codes').values(codes.slice(i, i + 1000).map((code) => ({ bonus_id: bonusId, code }))).execute();
  }
}

/** Which of `codes` the list holds already. */
export async function findCodesIn(db: Db, bonusId: number, codes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < codes.length; i += 1000) {
    const rows = await db.selectFrom('bonus_codes').select('code').where('bonus_id', '=', bonusId).where('code', 'in', codes.slice(i, i + 1000)).execute();
    found.push(...rows.map((r) => r.code));
  }
  return found;
}

export async function countCodes(db: Db, bonusId: number): Promise<number> {
  const row = await db.selectFrom('bonus_codes').select((eb) => eb.fn.countAll<string>().as('n')).where('bonus_id', '=', bonusId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteBonus(db: Db, id: number): Promise<void> {
  await db.deleteFrom('bonuses').where('id', '=', id).execute();
}
