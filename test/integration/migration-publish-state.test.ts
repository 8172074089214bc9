import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStatements } from '../../api/db/migrate.ts';
import { up } from '../../api/db/migrations/0028-catalogue-publish-state.ts';
import type { DB } from '../../api/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

/**
 * Migration 0028 (issue 32) on a catalogue as it stood before it: the columns it adds are taken
 * away again (and news gets its `open_flag` back), rows are written the old way, and the
 * migration's statements run. Nothing public before may disappear: every artist, plan and banner
 * is published, and news is published exactly where it was open.
 */
let database: TestDatabase;
let db: Kysely<DB>;

const BEFORE_0028 = `
alter table artists drop column publish_state, drop column publish_at;
alter table plans drop column publish_state, drop column publish_at;
alter table banners drop column publish_state, drop column publish_at;
drop index news_published;
alter table news drop column publish_state, drop column publish_at;
alter table news add column open_flag boolean not null default false;
create index news_open_published on news (published_at desc) where open_flag;
`;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  for (const statement of splitStatements(BEFORE_0028)) await sql.raw(statement).execute(db);
  await sql`insert into artists (slug, name, type, attribute) values ('old-artist', '旧アーティスト', 'OTHER', '{"links":[]}')`.execute(db);
  await sql`insert into plans (artist_id, name, price, pre_tax_price) select id, '旧プラン', 3300, 3000 from artists where slug = 'old-artist'`.execute(db);
  await sql`insert into banners (title, image) values ('旧バナー', '/api/media/banner/old.svg')`.execute(db);
  await sql`insert into news (title, message, open_flag) values ('公開中だった', '本文', true), ('非公開だった', '本文', false)`.execute(db);
  for (const statement of splitStatements(up)) await sql.raw(statement).execute(db);
}, 120_000);

afterAll(async () => {
  await database?.destroy();
});

describe('migration 0028', () => {
  it('publishes every existing artist, plan and banner, and news exactly where it was open', async () => {
    const states = async (table: 'artists' | 'plans' | 'banners') =>
      (await db.selectFrom(table).select(['publish_state', 'publish_at']).execute()).map((r) => [r.publish_state, r.publish_at]);
    expect(await states('artists')).toEqual([['published', null]]);
    expect(await states('plans')).toEqual([['published', null]]);
    expect(await states('banners')).toEqual([['published', null]]);
    const news = await db.selectFrom('news').select(['title', 'publish_state']).orderBy('id').execute();
    expect(news).toEqual([{ title: '公開中だった', publish_state: 'published' }, { title: '非公開だった', publish_state: 'draft' }]);
  });

  it('refuses a state outside the list, and news cannot be archived', async () => {
    await expect(db.updateTable('artists').set({ publish_state: 'hidden' }).execute()).rejects.toThrow();
    await expect(db.updateTable('news').set({ publish_state: 'archived' }).execute()).rejects.toThrow();
  });
});
