import { addDays } from 'date-fns';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { SHOP_TIME_ZONE } from '../../../shared/format.ts';
import { withTax } from '../../../shared/money.ts';
import type { DB, MediaTable, OrderGoodsTable } from '../schema.ts';
import { DEMO_ARTISTS, DEMO_BANNERS, DEMO_NEWS, goodsPool, type DemoArtist, type DemoBanner, type DemoPlan } from './demo-data.ts';
import { seedDemoCustomers } from './demo-customers.ts';
import { extendDemoRounds, roundMonthsBefore, roundName } from './demo-rounds.ts';
import { artistCover, artistIcon, bannerImage, goodsImage, hashString, type ArtistArt } from './svg-art.ts';

/** Where the API serves a media row (`GET /api/media/*`). */
export function mediaUrl(path: string): string {
  return `/api/media/${path}`;
}

type Trx = Transaction<DB>;

/** Generated pictures by media path; written together once the catalogue rows are in. */
type MediaBatch = Map<string, string>;

type GoodsRow = Insertable<OrderGoodsTable>;

type RoundKind = 'past' | 'open';

interface RoundWindow {
  kind: RoundKind;
  start: Date;
  end: Date;
  ship: Date;
}

/**
 * Fills an empty catalogue with the demo artists, plans, rounds, goods, banners, news and their
 * pictures (and, asked, its customers), all in one transaction; a catalogue that has any artist is left alone. Either way the
 * open demo plans then get their coming months' rounds (demo-rounds.ts), so the demo never runs out.
 */
export async function seedDemo(db: Kysely<DB>, now = new Date(), options: { customers?: boolean } = {}): Promise<{ seeded: boolean; roundsAdded: number; customers: number }> {
  return db.transaction().execute(async (trx) => {
    // Several API copies may start at once: one seeds, the others wait here and then see its rows.
    // (Key 7310001 is the migration lock.)
    await sql`select pg_advisory_xact_lock(7310002)`.execute(trx);
    const seeded = await seedEmptyCatalogue(trx, now);
    // The demo shop the API seeds at start also has customers (demo-customers.ts); tests ask for the catalogue alone.
    const customers = seeded && options.customers === true ? await seedDemoCustomers(trx, now) : 0;
    return { seeded, roundsAdded: await extendDemoRounds(trx, now), customers };
  });
}

async function seedEmptyCatalogue(trx: Trx, now: Date): Promise<boolean> {
  const existing = await trx.selectFrom('artists').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const media: MediaBatch = new Map();
  const goods: GoodsRow[] = [];
  for (const artist of DEMO_ARTISTS) await insertArtist(trx, artist, now, media, goods);
  for (const rows of chunks(goods, 200)) await trx.insertInto('order_goods').values(rows).execute();
  await insertBanners(trx, now, media);
  await insertNews(trx, now);
  await insertMedia(trx, media);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Dates

/** `days` from `now` at a Tokyo wall-clock time, so rounds open and close on the hour as in a real shop. */
function tokyoDay(now: Date, days: number, time: string): Date {
  const day = formatInTimeZone(addDays(now, days), SHOP_TIME_ZONE, 'yyyy-MM-dd');
  return fromZonedTime(`${day}T${time}`, SHOP_TIME_ZONE);
}

function span(kind: RoundKind, now: Date, startDay: number, endDay: number, shipDay: number): RoundWindow {
  return {
    kind,
    start: tokyoDay(now, startDay, '12:00:00'),
    end: tokyoDay(now, endDay, '23:59:59'),
    ship: tokyoDay(now, shipDay, '10:00:00'),
  };
}

/**
 * Open artists: a shipped round and the round now taking applications (its deadline 10–25 days
 * ahead, varied by artist); the rounds after it come from `extendDemoRounds`. Closed artists: two
 * shipped rounds. A plan's rounds stand its period apart (shared/plan-period.ts): a three-month
 * plan's shipped round is its later round three months earlier.
 */
function roundWindows(artist: DemoArtist, now: Date, period: number): RoundWindow[] {
  const later = artist.isClose ? span('past', now, -119, -90, -60) : span('open', now, -14, 10 + (hashString(artist.slug) % 16), 40 + (hashString(artist.slug) % 16));
  if (period === 1) return [artist.isClose ? span('past', now, -150, -120, -90) : span('past', now, -90, -60, -30), later];
  return [{ kind: 'past', ...roundMonthsBefore(later, period) }, later];
}

// ---------------------------------------------------------------------------------------------
// Catalogue rows

function addMedia(media: MediaBatch, path: string, svg: string): string {
  media.set(path, svg);
  return mediaUrl(path);
}

function artFor(artist: DemoArtist, seed: string, title: string): ArtistArt {
  return { seed, title, background: artist.backgroundColor, accent: artist.accentColor, mark: artist.mark };
}

async function insertArtist(trx: Trx, artist: DemoArtist, now: Date, media: MediaBatch, goods: GoodsRow[]): Promise<void> {
  const art = artFor(artist, artist.slug, artist.name);
  const { id } = await trx.insertInto('artists').values({
    slug: artist.slug,
    name: artist.name,
    sub_name: artist.subName,
    description: artist.description,
    description_en: artist.descriptionEn ?? null,
    icon: addMedia(media, `artists/${artist.slug}/icon.svg`, artistIcon(art)),
    cover_image: addMedia(media, `artists/${artist.slug}/cover.svg`, artistCover(art)),
    type: artist.type,
    attribute: JSON.stringify({ links: artist.links }),
    copyright: artist.copyright,
    background_color: artist.backgroundColor,
    sort: artist.sort,
    is_close: artist.isClose,
  }).returning('id').executeTakeFirstOrThrow();
  if (artist.tags.length > 0) {
    await trx.insertInto('artist_tags').values(artist.tags.map((tag) => ({ artist_id: id, tag }))).execute();
  }
  // Counts the artist's rounds so that consecutive rounds draw different goods.
  let serial = 0;
  for (const [index, plan] of artist.plans.entries()) {
    const planId = await insertPlan(trx, id, plan, index + 1);
    for (const round of roundWindows(artist, now, plan.period)) {
      const orderId = await insertRound(trx, planId, plan, round);
      goods.push(...roundGoods(artist, orderId, round, serial++, media));
    }
  }
}

async function insertPlan(trx: Trx, artistId: number, plan: DemoPlan, sort: number): Promise<number> {
  const { id } = await trx.insertInto('plans').values({
    artist_id: artistId,
    name: plan.name,
    name_en: plan.nameEn ?? null,
    attention: plan.attention,
    attention_en: plan.attentionEn ?? null,
    contents: JSON.stringify(plan.contents),
    period: plan.period,
    price: withTax(plan.preTaxPrice),
    pre_tax_price: plan.preTaxPrice,
    sort,
    display_type: plan.displayType,
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

async function insertRound(trx: Trx, planId: number, plan: DemoPlan, round: RoundWindow): Promise<number> {
  const { id } = await trx.insertInto('plan_orders').values({
    plan_id: planId,
    name: roundName(round.ship),
    price: withTax(plan.preTaxPrice),
    pre_tax_price: plan.preTaxPrice,
    start_date: round.start,
    end_date: round.end,
    ship_date: round.ship,
  }).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Shipped rounds reveal 2–4 goods and the open round has 2–3 (hidden by the API until it ships);
 * the rounds after it come without goods (their contents are not decided yet). Goods rotate
 * through the artist's pool.
 */
function roundGoods(artist: DemoArtist, orderId: number, round: RoundWindow, serial: number, media: MediaBatch): GoodsRow[] {
  const pool = goodsPool(artist);
  const spread = round.kind === 'past' ? 3 : 2;
  const count = Math.min(2 + (hashString(`${artist.slug}:${serial}`) % spread), pool.length);
  const rows: GoodsRow[] = [];
  for (let i = 0; i < count; i++) {
    const item = pool[(serial * 2 + i) % pool.length];
    if (!item) continue;
    const path = `goods/${artist.slug}-${item.key}.svg`;
    if (!media.has(path)) {
      media.set(path, goodsImage({ ...artFor(artist, `${artist.slug}:${item.key}`, item.name), kind: item.art }));
    }
    rows.push({
      plan_order_id: orderId,
      name: item.name,
      description: item.description.replaceAll('{name}', artist.name),
      image: mediaUrl(path),
      sort: i + 1,
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Banners, news, media

function bannerBound(now: Date, days: number | null, time: string): Date | null {
  return days === null ? null : tokyoDay(now, days, time);
}

async function insertBanners(trx: Trx, now: Date, media: MediaBatch): Promise<void> {
  const rows = DEMO_BANNERS.map((banner: DemoBanner, index) => ({
    title: banner.title,
    subtitle: banner.subtitle,
    title_en: banner.titleEn ?? null,
    subtitle_en: banner.subtitleEn ?? null,
    image: addMedia(media, `banners/${index + 1}.svg`, bannerImage({ ...banner, seed: `banner-${index + 1}` })),
    link: banner.link,
    sort: index + 1,
    starts_at: bannerBound(now, banner.startsInDays, '00:00:00'),
    ends_at: bannerBound(now, banner.endsInDays, '23:59:00'),
  }));
  await trx.insertInto('banners').values(rows).execute();
}

async function insertNews(trx: Trx, now: Date): Promise<void> {
  await trx.insertInto('news').values(DEMO_NEWS.map((item) => ({
    title: item.title,
    message: item.paragraphs.join('\n\n'),
    title_en: item.titleEn ?? null,
    message_en: item.paragraphsEn?.join('\n\n') ?? null,
    link: item.link ?? '',
    publish_state: item.open ? 'published' : 'draft',
    published_at: tokyoDay(now, -item.daysAgo, '11:00:00'),
  }))).execute();
}

async function insertMedia(trx: Trx, media: MediaBatch): Promise<void> {
  const encoder = new TextEncoder();
  const rows: Insertable<MediaTable>[] = [...media].map(([path, svg]) => ({
    path,
    content_type: 'image/svg+xml',
    body: encoder.encode(svg),
  }));
  // Media outlives the catalogue (an emptied catalogue keeps its files): refresh stale copies.
  for (const chunk of chunks(rows, 50)) {
    await trx.insertInto('media').values(chunk).onConflict((oc) => oc.column('path').doUpdateSet((eb) => ({
      content_type: eb.ref('excluded.content_type'),
      body: eb.ref('excluded.body'),
      updated_at: eb.ref('excluded.updated_at'),
    }))).execute();
  }
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
