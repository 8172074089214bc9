import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * The catalogue's version (migration 0014): one primary-key read. As text, so a bigint never
 * passes through a JavaScript number on its way to the web tier.
 */
export async function findCatalogueVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('catalogue_version')
    .select(sql<string>`version::text`.as('version'))
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.version;
}
