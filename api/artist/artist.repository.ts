import { sql, type Selectable } from 'kysely';
import { publicAt } from '../db/public-at.ts';
import type { ArtistsTable, Db } from '../db/schema.ts';

export type ArtistRow = Selectable<ArtistsTable> & { tags: string[]; lowest_price: unknown };

export interface ArtistFilter {
  isClose?: boolean;
  type?: string;
  tag?: string;
  afterSort?: number;
  slug?: string;
}

export type ArtistOrder = 'sort' | 'new';

/** Only what the shop shows at `now` (shared/publish-state.ts): drafts, archived and scheduled artists are not found. */
function selectPublicArtists(db: Db, now: Date) {
  return selectArtists(db, now).where(publicAt('artists', now));
}

/**
 * Artists with their tags and the price of their cheapest plan open at `now` (its open round's
 * price, which is what joining now costs: docs/decisions/0036-price-change-from-a-round.md), in one query: a list
 * of fifty cards costs one round trip, not fifty-one.
 */
function selectArtists(db: Db, now: Date) {
  return db
    .selectFrom('artists')
    .selectAll('artists')
    .select(sql<string[]>`array(select t.tag from artist_tags t where t.artist_id = artists.id order by t.tag)`.as('tags'))
    .select(sql<unknown>`(
      select json_build_object('price', o.price, 'preTaxPrice', o.pre_tax_price, 'period', p.period)
      from plans p
      cross join lateral (
        select o.price, o.pre_tax_price from plan_orders o
        where o.plan_id = p.id and o.start_date <= ${now} and o.end_date > ${now}
        order by o.end_date limit 1
      ) o
      where p.artist_id = artists.id and not artists.is_close and p.display_type <> 'SPECIAL_LIST' and ${publicAt('p', now)}
      order by o.price, p.sort, p.id
      limit 1
    )`.as('lowest_price'));
}

export async function findArtists(
  db: Db,
  filter: ArtistFilter,
  order: ArtistOrder,
  limit: number,
  now: Date,
): Promise<ArtistRow[]> {
  let query = selectPublicArtists(db, now);
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

export async function findArtistBySlug(db: Db, slug: string, now: Date): Promise<ArtistRow | undefined> {
  return selectPublicArtists(db, now).where('slug', '=', slug).executeTakeFirst();
}

/** `scope: 'any'` for what a fan already has (a subscription outlives its artist's publication) and the console's preview. */
export async function findArtistById(db: Db, id: number, now: Date, scope: 'public' | 'any'): Promise<ArtistRow | undefined> {
  return (scope === 'public' ? selectPublicArtists(db, now) : selectArtists(db, now)).where('id', '=', id).executeTakeFirst();
}

/** The artists these plans belong to, in one query. */
export async function findArtistsOfPlans(db: Db, planIds: number[], now: Date): Promise<ArtistRow[]> {
  if (planIds.length === 0) return [];
  return selectArtists(db, now)
    .where('id', 'in', (eb) => eb.selectFrom('plans').select('plans.artist_id').where('plans.id', 'in', planIds))
    .execute();
}
