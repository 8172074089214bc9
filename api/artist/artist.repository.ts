import { sql, type Selectable } from 'kysely';
import type { ArtistsTable, Db } from '../db/schema.ts';

export type ArtistRow = Selectable<ArtistsTable> & { tags: string[] };

export interface ArtistFilter {
  isClose?: boolean;
  type?: string;
  tag?: string;
  afterSort?: number;
  slug?: string;
}

export type ArtistOrder = 'sort' | 'new';

function selectArtists(db: Db) {
  return db
    .selectFrom('artists')
    .selectAll('artists')
    .select(sql<string[]>`array(select t.tag from artist_tags t where t.artist_id = artists.id order by t.tag)`.as('tags'));
}

export async function findArtists(db: Db, filter: ArtistFilter, order: ArtistOrder, limit: number): Promise<ArtistRow[]> {
  let query = selectArtists(db);
  if (filter.isClose !== undefined) query = query.where('is_close', '=', filter.isClose);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.afterSort !== undefined) query = query.where('sort', '>', filter.afterSort);
  if (filter.tag !== undefined) {
    const tag = filter.tag;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('artist_tags').whereRef('artist_tags.artist_id', '=', 'artists.id').where('artist_tags.tag', '=', tag)),
    );
  }
  query = order === 'new' ? query.orderBy('created_at', 'desc').orderBy('id', 'desc') : query.orderBy('sort').orderBy('id');
  return query.limit(limit).execute();
}

export async function findArtistBySlug(db: Db, slug: string): Promise<ArtistRow | undefined> {
  return selectArtists(db).where('slug', '=', slug).executeTakeFirst();
}

export async function findArtistById(db: Db, id: number): Promise<ArtistRow | undefined> {
  return selectArtists(db).where('id', '=', id).executeTakeFirst();
}
