import type { Artist, ArtistDetail, CategoryArtists } from '../../shared/api/types.ts';
import { ARTIST_TYPES, type ArtistType } from '../../shared/artist-types.ts';
import type { Db } from '../db/schema.ts';
import { NotFoundError } from '../http/errors.ts';
import { listPlansOfArtists } from '../plan/plan.service.ts';
import { toArtist } from './artist.mapper.ts';
import * as repo from './artist.repository.ts';

const ARTIST = { ja: 'アーティスト', en: 'Artist' };
const MAX_CATEGORY_ARTISTS = 500;

export async function listArtists(
  db: Db,
  options: { isClose: boolean; limit: number; sort: repo.ArtistOrder },
): Promise<Artist[]> {
  const rows = await repo.findArtists(db, { isClose: options.isClose }, options.sort, options.limit);
  return rows.map(toArtist);
}

export async function listArtistsByTag(db: Db, tag: string, isClose: boolean | undefined): Promise<Artist[]> {
  const rows = await repo.findArtists(db, { tag, isClose }, 'sort', MAX_CATEGORY_ARTISTS);
  return rows.map(toArtist);
}

/** Open artists grouped by type, in the order of spec §3; `afterSort` pages through by sort key. */
export async function listCategoryArtists(
  db: Db,
  options: { artistType?: ArtistType; afterSort?: number },
): Promise<CategoryArtists> {
  const rows = await repo.findArtists(
    db,
    { isClose: false, type: options.artistType, afterSort: options.afterSort },
    'sort',
    MAX_CATEGORY_ARTISTS,
  );
  const artists = rows.map(toArtist);
  const categories = ARTIST_TYPES.map((type) => ({ type, artists: artists.filter((a) => a.type === type) }));
  return { categories: categories.filter((c) => c.artists.length > 0) };
}

/** An artist with its plans; `state: 'open'` keeps only plans with a round open now. */
export async function getArtistDetail(db: Db, slug: string, state: 'open' | 'all', now: Date): Promise<ArtistDetail> {
  const row = await repo.findArtistBySlug(db, slug);
  if (!row) throw new NotFoundError(ARTIST);
  const plans = (await listPlansOfArtists(db, [row.id], now)).get(row.id) ?? [];
  return { ...toArtist(row), plans: state === 'open' ? plans.filter((p) => p.currentOrder) : plans };
}
