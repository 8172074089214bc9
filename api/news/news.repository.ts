import type { Selectable } from 'kysely';
import { publicAt } from '../db/public-at.ts';
import type { Db, NewsTable } from '../db/schema.ts';

export type NewsRow = Selectable<NewsTable>;

/** News public at `now` (shared/publish-state.ts), newest first. */
export async function findOpenNews(db: Db, limit: number, now: Date): Promise<NewsRow[]> {
  return db
    .selectFrom('news')
    .selectAll()
    .where(publicAt('news', now))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findOpenNewsById(db: Db, id: number, now: Date): Promise<NewsRow | undefined> {
  return db.selectFrom('news').selectAll().where('id', '=', id).where(publicAt('news', now)).executeTakeFirst();
}
