import type { Selectable } from 'kysely';
import type { Db, NewsTable } from '../db/schema.ts';

export type NewsRow = Selectable<NewsTable>;

export async function findOpenNews(db: Db, limit: number): Promise<NewsRow[]> {
  return db
    .selectFrom('news')
    .selectAll()
    .where('open_flag', '=', true)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findOpenNewsById(db: Db, id: number): Promise<NewsRow | undefined> {
  return db.selectFrom('news').selectAll().where('id', '=', id).where('open_flag', '=', true).executeTakeFirst();
}
