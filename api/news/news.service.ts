import type { News } from '../../shared/api/types.ts';
import { parseCatalogueLink } from '../../shared/catalogue-link.ts';
import type { Db } from '../db/schema.ts';
import { NotFoundError } from '../http/errors.ts';
import * as repo from './news.repository.ts';

const NEWS = { ja: 'お知らせ', en: 'News' };

function toNews(row: repo.NewsRow): News {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    // Only public news is served (news.repository.ts), so the spec's flag is always true.
    openFlag: true,
    publishedAt: row.published_at.toISOString(),
    titleEn: row.title_en || null,
    messageEn: row.message_en || null,
    // The database checks the link too; the API serves it only through the one rule, so a row
    // written before the check, or a looser check, still never puts `javascript:` into a page.
    link: parseCatalogueLink(row.link) ? row.link : null,
  };
}

export async function listNews(db: Db, limit: number, now: Date): Promise<News[]> {
  return (await repo.findOpenNews(db, limit, now)).map(toNews);
}

/** Only published news can be read: a draft or a scheduled item answers 404 like a missing one. */
export async function getNews(db: Db, id: number, now: Date): Promise<News> {
  const row = await repo.findOpenNewsById(db, id, now);
  if (!row) throw new NotFoundError(NEWS);
  return toNews(row);
}
