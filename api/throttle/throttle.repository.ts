import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema.ts';

/** One counter to hit: its key and its window's length. */
export interface CounterHit {
  key: string;
  windowMs: number;
}

/**
 * Fixed-window counters in PostgreSQL, so every API copy counts together. One statement counts
 * a hit on every counter (starting a new window where the old one has passed) and returns the
 * counts: counting and deciding cannot be split by a parallel request (issue 17).
 */
export async function addHits(db: Db, hits: CounterHit[], now: Date): Promise<Map<string, number>> {
  if (hits.length === 0) return new Map();
  // The window each row's key restarts from: `case excluded.key when … then <now − window> end`.
  const floor: RawBuilder<Date> = sql`case excluded.key ${sql.join(
    hits.map((h) => sql`when ${h.key} then ${new Date(now.getTime() - h.windowMs)}::timestamptz`),
    sql` `,
  )} end`;
  const rows = await db
    .insertInto('throttle_counters')
    .values(hits.map((h) => ({ key: h.key, window_start: now, hits: 1 })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when throttle_counters.window_start <= ${floor} then 1 else throttle_counters.hits + 1 end`,
        window_start: sql<Date>`case when throttle_counters.window_start <= ${floor} then ${now} else throttle_counters.window_start end`,
      }),
    )
    .returning(['key', 'hits'])
    .execute();
  return new Map(rows.map((row) => [row.key, row.hits]));
}

/** Takes back one hit of each counter's current window (an attempt that proved itself); never below 0. */
export async function removeHits(db: Db, hits: CounterHit[], now: Date): Promise<void> {
  if (hits.length === 0) return;
  await db
    .updateTable('throttle_counters')
    .set({ hits: sql<number>`greatest(hits - 1, 0)` })
    .where((eb) => eb.or(hits.map((h) => eb.and([eb('key', '=', h.key), eb('window_start', '>', new Date(now.getTime() - h.windowMs))]))))
    .execute();
}

export async function deleteStaleCounters(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('throttle_counters').where('window_start', '<', before).execute();
}
