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
 * When: at commit, once per transaction. Each table has a row trigger deferred to the end of
 * the transaction (a constraint trigger: PostgreSQL has no deferred statement trigger) that bumps
 * the row the first time it runs in a transaction and does nothing after (a transaction-local
 * setting says it has): a whole import is one bump, and a statement that matched no row is none.
 * Not a statement trigger that bumps at once: that takes the row's lock in the middle of the
 * transaction, between the row locks of the writers (the import locks each artist as it goes,
 * api/ops/catalogue-import.repository.ts; the console locks the one it saves), and an import
 * beside a console edit deadlocked on PostgreSQL (test/integration/catalogue-version.test.ts).
 * Taken last, at commit, the lock is never held by a writer that waits for another. TRUNCATE has
 * no row trigger: a statement trigger bumps for it at once (it locks the whole table anyway).
 * A reader sees the new number only once the writes are committed, so a page rendered after it
 * shows them. What time alone changes (a round opening or closing, a banner's window) writes
 * nothing and does not move the version: the cache's own lifetime covers that.
 *
 * The function body is on one line: migrations are split at a semicolon that ends a line
 * (api/db/migrate.ts).
 */
export const name = 'catalogue-version';

const TABLES = ['artists', 'artist_tags', 'plans', 'plan_orders', 'order_goods', 'banners', 'news'];

const triggers = TABLES.map((table) => `
create constraint trigger ${table}_bump_catalogue_version
  after insert or update or delete on ${table}
  deferrable initially deferred
  for each row execute function bump_catalogue_version();
create trigger ${table}_truncate_bumps_catalogue_version
  after truncate on ${table}
  for each statement execute function bump_catalogue_version();
`).join('');

export const up = `
create table catalogue_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null,
  changed_at timestamptz not null
);
insert into catalogue_version (id, version, changed_at) values (1, 1, now());

create function bump_catalogue_version() returns trigger language plpgsql as $$ begin if current_setting('oshibox.catalogue_bumped', true) is distinct from 'on' then perform set_config('oshibox.catalogue_bumped', 'on', true); update catalogue_version set version = version + 1, changed_at = now() where id = 1; end if; return null; end $$;
${triggers}`;
