/**
 * Issue 21, honest invalidation of the web tier's page cache: one number that moves whenever
 * anything a page for a visitor without a session shows has been written. Every web copy polls it
 * (GET /api/catalogue/version, server/catalogue-version.server.ts), so N copies agree without
 * talking to each other.
 *
 * The tables come from the loaders of `/`, `/lineup`, `/lineupClose`, `/lineup/:slug` (and its
 * `/:no`), the plush pages, `/category/re-box`, `/news` and `/news/:id` (client/routes/) and the API
 * queries behind them
 * (api/artist/, api/plan/, api/banner/, api/news/):
 * - artists: names, texts, pictures' paths, open or closed, order;
 * - artist_tags: the tag pages (/api/artist/tag/:tag) and each artist's tags;
 * - plans: tiers, their texts and contents, display type;
 * - plan_orders: the open round, its deadline, and the price a fan pays (the round's own: a
 *   console price change rewrites it), and the lowest price on every artist card;
 * - order_goods: the past boxes on an artist's page and a round's goods;
 * - banners and news: the home page and the news pages.
 * Left out, on purpose:
 * - media: a page names a picture by its path; the bytes are served apart, with their own
 *   caching (api/media/media.router.ts), and a console upload gets a new path.
 * - user_plans, plan_order_histories: no anonymous page shows a subscriber count, a sold-out mark
 *   or a capacity (a shopper's own count, /api/userPlan/count, is private), so a subscription does
 *   not make a catalogue page stale.
 * - plan_price_changes: the console's record of a change; what a page shows of it is written to
 *   plans and plan_orders in the same transaction.
 *
 * Statement-level triggers: one bump per statement, whatever the number of rows (a whole import is
 * a handful of bumps in one transaction; an update that matches no row still bumps, which only
 * costs a re-render). The bump takes the row's lock until commit, so catalogue writers queue on it:
 * they are rare (an import, a member of staff). What time alone changes (a round opening or
 * closing, a banner's window) writes nothing and does not move the version: the cache's own
 * lifetime covers that.
 *
 * The function body is on one line: migrations are split at a semicolon that ends a line
 * (api/db/migrate.ts).
 */
export const name = 'catalogue-version';

const TABLES = ['artists', 'artist_tags', 'plans', 'plan_orders', 'order_goods', 'banners', 'news'];

const triggers = TABLES.map((table) => `
create trigger ${table}_bump_catalogue_version
  after insert or update or delete or truncate on ${table}
  for each statement execute function bump_catalogue_version();
`).join('');

export const up = `
create table catalogue_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null,
  changed_at timestamptz not null
);
insert into catalogue_version (id, version, changed_at) values (1, 1, now());

create function bump_catalogue_version() returns trigger language plpgsql as $$ begin update catalogue_version set version = version + 1, changed_at = now() where id = 1; return null; end $$;
${triggers}`;
