import type { Artist, ArtistDetail, CategoryArtists } from '../../shared/api/types.ts';
import { ARTIST_TYPES, type ArtistType } from '../../shared/artist-types.ts';
import type { Db } from '../db/schema.ts';
import { NotFoundError } from '../http/errors.ts';
import { listPastBoxes, listPlansOfArtists } from '../plan/plan.service.ts';
import { toArtist } from './artist.mapper.ts';
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
  const [plansByArtist, pastBoxes] = await Promise.all([listPlansOfArtists(db, [row.id], now), listPastBoxes(db, row.id, now)]);
  const plans = plansByArtist.get(row.id) ?? [];
  return { ...toArtist(row), plans: state === 'open' ? plans.filter((p) => p.currentOrder) : plans, pastBoxes };
}
