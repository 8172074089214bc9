import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * Fixed-window counters in PostgreSQL, so every API copy counts together. One statement both
 * counts and, when the window has passed, starts a new one (no read-then-write race).
 */
export async function addHit(db: Db, key: string, now: Date, windowMs: number): Promise<number> {
  const floor = new Date(now.getTime() - windowMs);
  const row = await db
    .insertInto('throttle_counters')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when throttle_counters.window_start <= ${floor} then 1 else throttle_counters.hits + 1 end`,
        window_start: sql<Date>`case when throttle_counters.window_start <= ${floor} then ${now} else throttle_counters.window_start end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** The hits counted in the current window (0 when it has passed). */
export async function countHits(db: Db, key: string, now: Date, windowMs: number): Promise<number> {
  const row = await db
    .selectFrom('throttle_counters')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '>', new Date(now.getTime() - windowMs))
    .executeTakeFirst();
  return row?.hits ?? 0;
}

export async function deleteStaleCounters(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('throttle_counters').where('window_start', '<', before).execute();
}
