import type { Selectable } from 'kysely';
import { CATALOGUE_PAGE_SIZE, type AdminBanner, type AdminNews, type AdminPage } from '../../shared/api/catalogue-admin.ts';
import type { CatalogueBanner, CatalogueNews } from '../../shared/catalogue-import-schema.ts';
import type { ApiContext } from '../context.ts';
import type { BannersTable, NewsTable } from '../db/schema.ts';
import { NotFoundError } from '../http/errors.ts';
import { lockCatalogue } from '../ops/catalogue-import.repository.ts';
import { bannerValues, newsValues } from '../ops/catalogue-import.values.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { NEW_DRAFT, publishableOf } from './publishable.ts';

/** The console's news and banners (issue 19): a page of each, one by id, create and edit, audited. */
const NEWS = { ja: 'お知らせ', en: 'News' };
const BANNER = { ja: 'バナー', en: 'Banner' };

function toNews(row: Selectable<NewsTable>): AdminNews {
  return {
    id: row.id, title: row.title, message: row.message, titleEn: row.title_en, messageEn: row.message_en, link: row.link,
    publishedAt: row.published_at.toISOString(), ...publishableOf(row),
  };
}

function toBanner(row: Selectable<BannersTable>): AdminBanner {
  return {
    id: row.id, title: row.title, subtitle: row.subtitle, titleEn: row.title_en, subtitleEn: row.subtitle_en, image: row.image, link: row.link,
    sort: row.sort, startsAt: row.starts_at?.toISOString() ?? null, endsAt: row.ends_at?.toISOString() ?? null, ...publishableOf(row),
  };
}

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));

export async function listNews(ctx: ApiContext, page: number): Promise<AdminPage<AdminNews>> {
  const { n } = await ctx.db.selectFrom('news').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await ctx.db.selectFrom('news').selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc')
    .offset((page - 1) * CATALOGUE_PAGE_SIZE).limit(CATALOGUE_PAGE_SIZE).execute();
  return { items: rows.map(toNews), page, pages: pagesOf(Number(n)), total: Number(n) };
}

export async function getNews(ctx: ApiContext, id: number): Promise<AdminNews> {
  const row = await ctx.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError(NEWS);
  return toNews(row);
}

export async function saveNews(ctx: ApiContext, actor: AuditActor, input: CatalogueNews, id?: number): Promise<AdminNews> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const before = id === undefined ? undefined : await trx.selectFrom('news').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (id !== undefined && !before) throw new NotFoundError(NEWS);
    // The console's form says nothing of the state: publishing is its own step (publish-admin.service.ts).
    const { publish_state: _fileState, ...values } = newsValues(input, before?.published_at ?? ctx.now());
    const row = before
      ? await trx.updateTable('news').set(values).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow()
      : await trx.insertInto('news').values({ ...values, ...NEW_DRAFT }).returningAll().executeTakeFirstOrThrow();
    const after = toNews(row);
    await writeAudit(trx, actor, { action: before ? 'catalogue.news.update' : 'catalogue.news.create', outcome: 'success', targetType: 'news', targetId: row.id, before: before && toNews(before), after }, ctx.now());
    return after;
  });
}

/** A page of the banners, the archived ones apart (`archived`: only those). */
export async function listBanners(ctx: ApiContext, page: number, archived: boolean): Promise<AdminPage<AdminBanner>> {
  const op = archived ? '=' : '<>';
  const { n } = await ctx.db.selectFrom('banners').select((eb) => eb.fn.countAll<string>().as('n')).where('publish_state', op, 'archived').executeTakeFirstOrThrow();
  const rows = await ctx.db.selectFrom('banners').selectAll().where('publish_state', op, 'archived').orderBy('sort').orderBy('id')
    .offset((page - 1) * CATALOGUE_PAGE_SIZE).limit(CATALOGUE_PAGE_SIZE).execute();
  return { items: rows.map(toBanner), page, pages: pagesOf(Number(n)), total: Number(n) };
}

export async function getBanner(ctx: ApiContext, id: number): Promise<AdminBanner> {
  const row = await ctx.db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError(BANNER);
  return toBanner(row);
}

export async function saveBanner(ctx: ApiContext, actor: AuditActor, input: CatalogueBanner, id?: number): Promise<AdminBanner> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const before = id === undefined ? undefined : await trx.selectFrom('banners').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (id !== undefined && !before) throw new NotFoundError(BANNER);
    const values = bannerValues(input);
    const row = before
      ? await trx.updateTable('banners').set(values).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow()
      : await trx.insertInto('banners').values({ ...values, ...NEW_DRAFT }).returningAll().executeTakeFirstOrThrow();
    const after = toBanner(row);
    await writeAudit(trx, actor, { action: before ? 'catalogue.banner.update' : 'catalogue.banner.create', outcome: 'success', targetType: 'banner', targetId: row.id, before: before && toBanner(before), after }, ctx.now());
    return after;
  });
}
