import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../api/db/connect.ts';
import { migrate } from '../../api/db/migrate.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { withTax } from '../../shared/money.ts';
import { parseCatalogueLink } from '../../shared/catalogue-link.ts';
import { toPlanContents } from '../../api/plan/plan-contents.ts';
import { isArtistType, SOCIAL_TYPES } from '../../shared/artist-types.ts';

// A fixed clock, so the dates the seed derives are the same on every run.
const NOW = new Date('2026-11-22T03:00:00Z');
const TABLES = ['artists', 'artist_tags', 'plans', 'plan_orders', 'order_goods', 'banners', 'news', 'media'] as const;

let handle: DatabaseHandle;
let first: { seeded: boolean };

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  await migrate(handle.db);
  first = await seedDemo(handle.db, NOW);
}, 60_000);

afterAll(async () => {
  await handle.close();
});

async function tableCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

function mediaPath(url: string): string {
  expect(url.startsWith('/api/media/')).toBe(true);
  return url.slice('/api/media/'.length);
}

/** Checks that start and end tags nest properly: enough to catch broken markup in generated art. */
function tagsBalance(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (!name) return false;
    if (selfClosing) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

describe('seedDemo', () => {
  it('seeds an empty catalogue once and leaves a seeded one alone', async () => {
    expect(first).toMatchObject({ seeded: true });
    const before = await tableCounts();
    expect(await seedDemo(handle.db, NOW)).toEqual({ seeded: false, roundsAdded: 0, customers: 0 });
    expect(await tableCounts()).toEqual(before);
  });

  it('seeds the artists the lineup needs', async () => {
    const artists = await handle.db.selectFrom('artists').selectAll().orderBy('sort').execute();
    const tags = await handle.db.selectFrom('artist_tags').innerJoin('artists', 'artists.id', 'artist_tags.artist_id')
      .select(['artists.slug', 'artists.is_close', 'artist_tags.tag']).execute();
    expect(artists.length).toBeGreaterThanOrEqual(18);
    expect(new Set(artists.map((a) => a.type)).size).toBeGreaterThanOrEqual(10);
    expect(artists.every((a) => isArtistType(a.type))).toBe(true);
    expect(artists.filter((a) => a.is_close)).toHaveLength(4);
    expect(new Set(artists.map((a) => a.sort)).size).toBe(artists.length);
    const reBox = tags.filter((t) => t.tag === 're-box');
    expect(reBox.length).toBeGreaterThanOrEqual(2);
    expect(reBox.some((t) => !t.is_close)).toBe(true);
    for (const slug of ['cogimyun_nuigurumi', 'daruma_nuigurumi']) {
      const special = artists.find((a) => a.slug === slug);
      expect(special?.type).toBe('CHARACTER');
      expect(special?.is_close).toBe(false);
    }
    for (const artist of artists) {
      expect(artist.background_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(artist.description.length).toBeGreaterThan(40);
      const links = artist.attribute.links;
      expect(links.length).toBeGreaterThanOrEqual(2);
      expect(links.length).toBeLessThanOrEqual(4);
      expect(links.every((l) => l.url.startsWith('https://'))).toBe(true);
    }
    // Every icon'd link kind appears, and at least one kind that falls back to the default icon.
    const social: readonly string[] = SOCIAL_TYPES;
    const linkTypes = new Set(artists.flatMap((a) => a.attribute.links.map((l) => l.type)));
    for (const type of social) expect(linkTypes.has(type)).toBe(true);
    expect([...linkTypes].some((t) => !social.includes(t))).toBe(true);
  });

  it('prices plans and rounds with tax and keeps their dates in order', async () => {
    const artists = await handle.db.selectFrom('artists').selectAll().execute();
    const plans = await handle.db.selectFrom('plans').selectAll().execute();
    const rounds = await handle.db.selectFrom('plan_orders').selectAll().execute();
    const now = NOW.getTime();
    for (const artist of artists) {
      const own = plans.filter((p) => p.artist_id === artist.id);
      const fixedPage = artist.slug.endsWith('_nuigurumi');
      expect(own.length).toBeGreaterThanOrEqual(fixedPage ? 1 : 2);
      expect(own.length).toBeLessThanOrEqual(fixedPage ? 2 : 3);
      for (const plan of own) {
        const planRounds = rounds.filter((r) => r.plan_id === plan.id);
        const open = planRounds.filter((r) => r.start_date.getTime() <= now && now < r.end_date.getTime());
        expect(open).toHaveLength(artist.is_close ? 0 : 1);
        if (artist.is_close) expect(planRounds.every((r) => r.ship_date.getTime() < now)).toBe(true);
        else expect(planRounds.some((r) => r.ship_date.getTime() < now)).toBe(true);
      }
    }
    for (const plan of plans) {
      expect(plan.price).toBe(withTax(plan.pre_tax_price));
      expect(plan.display_type).not.toBe('SPECIAL_LIST');
      expect(plan.attention).not.toBe('');
    }
    for (const round of rounds) {
      const plan = plans.find((p) => p.id === round.plan_id);
      expect([round.price, round.pre_tax_price]).toEqual([plan?.price, plan?.pre_tax_price]);
      expect(round.start_date.getTime()).toBeLessThan(round.end_date.getTime());
      expect(round.end_date.getTime()).toBeLessThanOrEqual(round.ship_date.getTime());
      expect(round.name).toMatch(/^\d{1,2}月号$/);
    }
    expect(plans.filter((p) => p.period === 3).length).toBeGreaterThan(0);
    expect(rounds.some((r) => r.start_date.getTime() > now)).toBe(true);
  });

  it('fills shipped rounds with 2–4 goods and open ones with 2–3', async () => {
    const rounds = await handle.db.selectFrom('plan_orders').selectAll().execute();
    const goods = await handle.db.selectFrom('order_goods').selectAll().execute();
    const now = NOW.getTime();
    for (const round of rounds) {
      const count = goods.filter((g) => g.plan_order_id === round.id).length;
      if (round.ship_date.getTime() < now) expect([2, 3, 4]).toContain(count);
      else if (round.start_date.getTime() <= now) expect([2, 3]).toContain(count);
    }
  });

  it('describes what every tier contains, and gives every artist shipped rounds with goods to show', async () => {
    const plans = await handle.db.selectFrom('plans').selectAll().execute();
    for (const plan of plans) {
      expect(toPlanContents(plan.contents), plan.name).not.toBeNull();
    }
    // Tiers of one artist differ in what they hold, not only in price.
    for (const artistId of new Set(plans.map((p) => p.artist_id))) {
      const tiers = plans.filter((p) => p.artist_id === artistId);
      const shapes = new Set(tiers.map((p) => JSON.stringify(p.contents)));
      expect(shapes.size).toBe(tiers.length);
    }
    const shipped = await handle.db
      .selectFrom('plan_orders')
      .innerJoin('plans', 'plans.id', 'plan_orders.plan_id')
      .innerJoin('order_goods', 'order_goods.plan_order_id', 'plan_orders.id')
      .select('plans.artist_id')
      .distinct()
      .where('plan_orders.ship_date', '<=', NOW)
      .execute();
    expect(shipped).toHaveLength(new Set(plans.map((p) => p.artist_id)).size);
  });

  it('links news only to site paths', async () => {
    const news = await handle.db.selectFrom('news').selectAll().execute();
    const links = news.map((n) => n.link).filter((link) => link !== '');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(parseCatalogueLink(link)?.kind).toBe('site');
  });

  it('is complete in English: every artist, plan, banner and news item has its English text (issue 31)', async () => {
    const db = handle.db;
    const japaneseOnly = [
      ...(await db.selectFrom('artists').select(['name', 'description_en']).execute()).filter((a) => !a.description_en).map((a) => `artist ${a.name}`),
      ...(await db.selectFrom('plans').select(['name', 'name_en', 'attention_en']).execute()).filter((p) => !p.name_en || !p.attention_en).map((p) => `plan ${p.name}`),
      ...(await db.selectFrom('banners').select(['title', 'title_en', 'subtitle_en']).execute()).filter((b) => !b.title_en || !b.subtitle_en).map((b) => `banner ${b.title}`),
      ...(await db.selectFrom('news').select(['title', 'title_en', 'message_en']).execute()).filter((n) => !n.title_en || !n.message_en).map((n) => `news ${n.title}`),
    ];
    expect(japaneseOnly).toEqual([]);
  });

  it('shows four banners now, keeps one expired, and publishes eight news items', async () => {
    const banners = await handle.db.selectFrom('banners').selectAll().execute();
    const news = await handle.db.selectFrom('news').selectAll().execute();
    const now = NOW.getTime();
    const showing = banners.filter((b) => (!b.starts_at || b.starts_at.getTime() <= now) && (!b.ends_at || now < b.ends_at.getTime()));
    expect(showing).toHaveLength(4);
    expect(banners.filter((b) => b.ends_at && b.ends_at.getTime() <= now)).toHaveLength(1);
    expect(banners.every((b) => b.link.startsWith('/'))).toBe(true);
    const published = news.filter((n) => n.publish_state === 'published');
    expect(published).toHaveLength(8);
    expect(news.filter((n) => n.publish_state === 'draft')).toHaveLength(1);
    for (const item of published) {
      expect(item.published_at.getTime()).toBeLessThan(now);
      expect(item.published_at.getTime()).toBeGreaterThan(now - 70 * 86_400_000);
      const paragraphs = item.message.split('\n\n');
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(paragraphs.length).toBeLessThanOrEqual(5);
    }
  });

  it('stores every picture the rows point at', async () => {
    const artists = await handle.db.selectFrom('artists').selectAll().execute();
    const banners = await handle.db.selectFrom('banners').selectAll().execute();
    const goods = await handle.db.selectFrom('order_goods').selectAll().execute();
    const media = await handle.db.selectFrom('media').select(['path', 'content_type']).execute();
    const paths = new Set(media.map((m) => m.path));
    const urls = [
      ...artists.flatMap((a) => [a.icon, a.cover_image]),
      ...banners.map((b) => b.image),
      ...goods.map((g) => g.image),
    ];
    for (const url of urls) expect(paths.has(mediaPath(url))).toBe(true);
    expect(media.every((m) => m.content_type === 'image/svg+xml')).toBe(true);
  });

  it('generates well-formed, small, escaped SVG', async () => {
    const media = await handle.db.selectFrom('media').selectAll().execute();
    const decoder = new TextDecoder();
    for (const row of media) {
      const svg = decoder.decode(row.body);
      expect(svg.startsWith('<svg'), row.path).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg.endsWith('</svg>'), row.path).toBe(true);
      expect(tagsBalance(svg), row.path).toBe(true);
      expect(svg, row.path).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i);
      expect(row.body.byteLength, row.path).toBeLessThan(6 * 1024);
    }
    // The entertainer's name and monogram contain '&': it must arrive escaped.
    const icon = media.find((m) => m.path === 'artists/honey_lemon/icon.svg');
    expect(icon && decoder.decode(icon.body)).toContain('ハニー&amp;レモン');
  });
});
