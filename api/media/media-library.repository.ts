import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** All SQL of the media library (media-library.service.ts). */
export async function findMediaPage(db: Db, offset: number, limit: number) {
  return db.selectFrom('media')
    .select(['path', 'name', 'content_type', 'updated_at', sql<number>`octet_length(body)`.as('bytes')])
    .where('content_type', 'like', 'image/%')
    .orderBy('updated_at', 'desc').orderBy('path').offset(offset).limit(limit).execute();
}

/** Every catalogue row whose picture field holds one of `urls`, with the field it is in. */
export async function findMediaUses(db: Db, urls: string[]) {
  if (urls.length === 0) return [];
  return db.selectFrom('artists').select(['id', 'name as label', sql<string>`'artist.icon'`.as('kind'), 'icon as url']).where('icon', 'in', urls)
    .unionAll(db.selectFrom('artists').select(['id', 'name as label', sql<string>`'artist.cover'`.as('kind'), 'cover_image as url']).where('cover_image', 'in', urls))
    .unionAll(db.selectFrom('banners').select(['id', 'title as label', sql<string>`'banner'`.as('kind'), 'image as url']).where('image', 'in', urls))
    .unionAll(db.selectFrom('order_goods as g').innerJoin('plan_orders as po', 'po.id', 'g.plan_order_id')
      .select(['po.id', sql<string>`g.name || ' / ' || po.name`.as('label'), sql<string>`'goods'`.as('kind'), 'g.image as url']).where('g.image', 'in', urls))
    .execute();
}

export async function findMedia(db: Db, path: string) {
  return db.selectFrom('media').select(['path', 'name']).where('path', '=', path).forUpdate().executeTakeFirst();
}

export async function deleteMedia(db: Db, path: string): Promise<void> {
  await db.deleteFrom('media').where('path', '=', path).execute();
}
