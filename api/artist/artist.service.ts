import type { Artist, ArtistDetail, CategoryArtists } from '../../shared/api/types.ts';
import { ARTIST_TYPES, type ArtistType } from '../../shared/artist-types.ts';
import type { Db } from '../db/schema.ts';
import { NotFoundError } from '../http/errors.ts';
import { listPastBoxes, listPlansOfArtists } from '../plan/plan.service.ts';
import { toArtist } from './artist.mapper.ts';
import type { PlanScope } from '../plan/plan.repository.ts';
import * as repo from './artist.repository.ts';

const ARTIST = { ja: 'アーティスト', en: 'Artist' };
const MAX_CATEGORY_ARTISTS = 500;

export async function listArtists(
  db: Db,
  options: { isClose: boolean; limit: number; sort: repo.ArtistOrder },
  now: Date,
): Promise<Artist[]> {
  const rows = await repo.findArtists(db, { isClose: options.isClose }, options.sort, options.limit, now);
  return rows.map(toArtist);
}

export async function listArtistsByTag(db: Db, tag: string, isClose: boolean | undefined, now: Date): Promise<Artist[]> {
  const rows = await repo.findArtists(db, { tag, isClose }, 'sort', MAX_CATEGORY_ARTISTS, now);
  return rows.map(toArtist);
}

/** The artists of these plans, whatever their state (a subscription outlives its artist's sale). */
export async function listArtistsOfPlans(db: Db, planIds: number[], now: Date): Promise<Artist[]> {
  return (await repo.findArtistsOfPlans(db, planIds, now)).map(toArtist);
}

/** Open artists grouped by type, in the order of docs/spec.md §3; `afterSort` pages through by sort key. */
export async function listCategoryArtists(
  db: Db,
  options: { artistType?: ArtistType; afterSort?: number },
  now: Date,
): Promise<CategoryArtists> {
  const rows = await repo.findArtists(
    db,
    { isClose: false, type: options.artistType, afterSort: options.afterSort },
    'sort',
    MAX_CATEGORY_ARTISTS,
    now,
  );
  const artists = rows.map(toArtist);
  const categories = ARTIST_TYPES.map((type) => ({ type, artists: artists.filter((a) => a.type === type) }));
  return { categories: categories.filter((c) => c.artists.length > 0) };
}

/**
 * An artist with its plans and its past boxes; `state: 'open'` keeps only plans with a round open
 * now. The past boxes come in the same answer so the page needs no call per round.
 */
export async function getArtistDetail(db: Db, slug: string, state: 'open' | 'all', now: Date): Promise<ArtistDetail> {
  const row = await repo.findArtistBySlug(db, slug, now);
  if (!row) throw new NotFoundError(ARTIST);
  const detail = await detailOf(db, row, 'public', now);
  return state === 'open' ? { ...detail, plans: detail.plans.filter((p) => p.currentOrder) } : detail;
}

/**
 * The console's preview (issue 32): the artist page's data for any artist but an archived one, its
 * draft and scheduled plans included, exactly as the shop would show it once published. Only the
 * staff API calls it (api/catalogue/publish-admin.service.ts).
 */
export async function previewArtistDetail(db: Db, id: number, now: Date): Promise<ArtistDetail> {
  const row = await repo.findArtistById(db, id, now, 'any');
  if (!row) throw new NotFoundError(ARTIST);
  return detailOf(db, row, 'preview', now);
}

async function detailOf(db: Db, row: repo.ArtistRow, scope: PlanScope, now: Date): Promise<ArtistDetail> {
  const [plansByArtist, pastBoxes] = await Promise.all([listPlansOfArtists(db, [row.id], scope, now), listPastBoxes(db, row.id, scope, now)]);
  return { ...toArtist(row), plans: plansByArtist.get(row.id) ?? [], pastBoxes };
}
