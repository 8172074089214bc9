import type { AdminArtist, AdminArtistPage } from '../../shared/api/catalogue-admin.ts';
import { CATALOGUE_PAGE_SIZE } from '../../shared/api/catalogue-admin.ts';
import type { ArtistType } from '../../shared/artist-types.ts';
import type { CatalogueArtistFields } from '../../shared/catalogue-import-schema.ts';
import { artistValues } from '../ops/catalogue-import.values.ts';
import { lockCatalogue, replaceTags } from '../ops/catalogue-import.repository.ts';
import type { ApiContext } from '../context.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import * as repo from './catalogue.repository.ts';
import { NEW_DRAFT, publishableOf } from './publishable.ts';

const ARTIST = { ja: 'アーティスト', en: 'Artist' };
const SLUG_TAKEN = { ja: 'このスラッグは別のアーティストが使っています。', en: 'Another artist has this slug.' };

function linksOf(attribute: unknown): CatalogueArtistFields['links'] {
  const links = (attribute as { links?: unknown } | null)?.links;
  return Array.isArray(links) ? (links as CatalogueArtistFields['links']) : [];
}

export function toAdminArtist(row: repo.ArtistRow, tags: string[]): AdminArtist {
  return {
    id: row.id, slug: row.slug, name: row.name, subName: row.sub_name, description: row.description,
    descriptionEn: row.description_en, type: row.type as ArtistType, icon: row.icon, coverImage: row.cover_image,
    links: linksOf(row.attribute), copyright: row.copyright, backgroundColor: row.background_color, sort: row.sort,
    isClose: row.is_close, tags, ...publishableOf(row),
  };
}

/** A page of the artists, the archived ones apart (`archived`: only those). */
export async function listArtists(ctx: ApiContext, page: number, archived: boolean): Promise<AdminArtistPage> {
  const total = await repo.countArtists(ctx.db, archived);
  const rows = await repo.pageArtists(ctx.db, archived, (page - 1) * CATALOGUE_PAGE_SIZE, CATALOGUE_PAGE_SIZE);
  const tags = await repo.tagsOf(ctx.db, rows.map((r) => r.id));
  return { artists: rows.map((r) => toAdminArtist(r, tags.get(r.id) ?? [])), page, pages: Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE)), total };
}

export async function getArtist(ctx: ApiContext, id: number): Promise<AdminArtist> {
  const row = await repo.findArtist(ctx.db, id);
  if (!row) throw new NotFoundError(ARTIST);
  return toAdminArtist(row, (await repo.tagsOf(ctx.db, [id])).get(id) ?? []);
}

/** A new artist, or every field of one (the form describes the row completely, as the import file does). */
export async function saveArtist(ctx: ApiContext, actor: AuditActor, input: CatalogueArtistFields, id?: number): Promise<AdminArtist> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    await lockCatalogue(trx);
    const before = id === undefined ? undefined : await repo.findArtist(trx, id, true);
    if (id !== undefined && !before) throw new NotFoundError(ARTIST);
    const sameSlug = await repo.findArtistBySlug(trx, input.slug);
    if (sameSlug && sameSlug.id !== id) throw new DomainError(409, 'CONFLICT', SLUG_TAKEN, { slug: SLUG_TAKEN });
    const values = artistValues(input);
    const saved = before
      ? await trx.updateTable('artists').set(values).where('id', '=', before.id).returningAll().executeTakeFirstOrThrow()
      : await trx.insertInto('artists').values({ ...values, ...NEW_DRAFT }).returningAll().executeTakeFirstOrThrow();
    const beforeView = before ? toAdminArtist(before, (await repo.tagsOf(trx, [before.id])).get(before.id) ?? []) : undefined;
    await replaceTags(trx, saved.id, input.tags);
    const after = toAdminArtist(saved, [...input.tags]);
    const action = before ? 'catalogue.artist.update' : 'catalogue.artist.create';
    await writeAudit(trx, actor, { action, outcome: 'success', targetType: 'artist', targetId: saved.id, before: beforeView, after }, now);
    return after;
  });
}
