import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialName } from '../../client/components/social-icon.tsx';
import { startStack, type Stack } from '../support/stack.ts';

/** The catalogue pages as the server renders them (a browser without JavaScript, or a crawler). */
let stack: Stack;

interface ArtistRow {
  id: number;
  slug: string;
  name: string;
  cover_image: string;
  is_close: boolean;
}

/** React escapes text and attribute values; compare against the escaped form. */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The document up to the hydration data, so matches come from rendered markup only; without the
 * <wbr> that mark Japanese phrase ends in names and titles (components/phrases.tsx).
 */
function markup(html: string): string {
  const end = html.indexOf('<script');
  return (end === -1 ? html : html.slice(0, end)).replace(/<wbr\/?>/g, '');
}

async function page(path: string, status = 200): Promise<string> {
  const res = await request(stack.web).get(path).expect(status);
  return markup(res.text);
}

function db() {
  return stack.database.handle.db;
}

async function artists(isClose: boolean): Promise<ArtistRow[]> {
  return db().selectFrom('artists').select(['id', 'slug', 'name', 'cover_image', 'is_close']).where('is_close', '=', isClose).orderBy('sort').execute();
}

async function artistBySlug(slug: string) {
  return db().selectFrom('artists').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
}

async function planNames(artistId: number): Promise<string[]> {
  const rows = await db().selectFrom('plans').select('name').where('artist_id', '=', artistId).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => r.name);
}

async function taggedReBox(): Promise<ArtistRow[]> {
  return db()
    .selectFrom('artists')
    .innerJoin('artist_tags', 'artist_tags.artist_id', 'artists.id')
    .select(['artists.id', 'artists.slug', 'artists.name', 'artists.cover_image', 'artists.is_close'])
    .where('artist_tags.tag', '=', 're-box')
    .orderBy('artists.sort')
    .execute();
}

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

describe('top page', () => {
  it('renders the banner carousel as a strip of every slide, its words as text, and the artists on sale and the news', async () => {
    const html = await page('/');
    const banner = await db().selectFrom('banners').select(['title', 'link']).orderBy('sort').orderBy('id').executeTakeFirstOrThrow();
    expect(html).toMatch(/<title>OshiBox \| [^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain('aria-roledescription="carousel"');
    // Without JavaScript every slide is live (a scroll-snap strip); the script adds the controls.
    expect(html).toMatch(/aria-roledescription="slide" aria-label="1 \/ \d+">/);
    expect(html).toMatch(/aria-roledescription="slide" aria-label="2 \/ \d+">/);
    expect(html).not.toMatch(/aria-roledescription="slide"[^>]*(inert|aria-hidden)/);
    expect(html).toContain(`href="${banner.link}"`);
    // The banner's words are HTML (phrases split by <wbr>), not only the picture's.
    expect(html).toContain(`<strong class="banner-title">${escaped(banner.title)}</strong>`);
    for (const label of ['前のスライド', '自動再生を停止']) expect(html).not.toContain(label);
    for (const label of ['販売中のアーティスト', 'お知らせ']) expect(html).toContain(label);
  });
});

describe('lineup pages', () => {
  it('lists open artists by category with a link to the closed lineup, and no closed artist', async () => {
    const [open, closed] = [await artists(false), await artists(true)];
    const html = await page('/lineup');
    expect(html).toContain('<title>ラインナップ | OshiBox</title>');
    expect(html).toContain(escaped(open[0]!.name));
    expect(html).toContain('href="/lineupClose"');
    expect(html).toContain('販売終了したアーティスト');
    for (const artist of closed) expect(html).not.toContain(escaped(artist.name));
  });

  it('lists closed artists on /lineupClose with a note and a way back', async () => {
    const [open, closed] = [await artists(false), await artists(true)];
    const html = await page('/lineupClose');
    expect(html).toContain('<title>販売終了したアーティスト | OshiBox</title>');
    expect(closed.length).toBeGreaterThan(0);
    for (const artist of closed) expect(html).toContain(escaped(artist.name));
    expect(html).not.toContain(escaped(open[0]!.name));
    expect(html).toContain('販売を終了しました');
    expect(html).toContain('href="/lineup"');
  });

  it('shows Re-box artists, open ones before the closed ones', async () => {
    const tagged = await taggedReBox();
    const open = tagged.filter((a) => !a.is_close);
    const closed = tagged.filter((a) => a.is_close);
    expect(open.length && closed.length).toBeGreaterThan(0);
    const html = await page('/category/re-box');
    expect(html).toContain('<title>Re-box | OshiBox</title>');
    const divider = html.indexOf('販売終了したRe-box');
    for (const artist of open) expect(html.indexOf(escaped(artist.name))).toBeLessThan(divider);
    for (const artist of closed) expect(html.lastIndexOf(escaped(artist.name))).toBeGreaterThan(divider);
    const untagged = (await artists(false)).find((a) => !tagged.some((t) => t.id === a.id));
    expect(html).not.toContain(escaped(untagged!.name));
  });
});

describe('artist page', () => {
  it('shows the links with accessible names, the tags, the theme and the cover as og:image', async () => {
    const row = await artistBySlug('hoshino_mirai');
    const html = await page(`/lineup/${row.slug}`);
    expect(html).toContain(`<title>${escaped(row.name)} | OshiBox</title>`);
    expect(html).toContain(`<meta property="og:image" content="${new URL(row.cover_image, stack.config.PUBLIC_ORIGIN).toString()}"/>`);
    expect(row.attribute.links.length).toBeGreaterThan(0);
    for (const link of row.attribute.links) {
      expect(html).toContain(`href="${escaped(link.url)}" target="_blank" rel="noopener noreferrer"`);
      expect(html).toContain(`aria-label="${escaped(socialName(link.type, link.label))}"`);
    }
    expect(html).toContain('class="artist-tag artist-tag-new"');
    expect(html).toContain(`--artist-bg:${row.background_color}`);
    for (const name of await planNames(row.id)) expect(html).toContain(escaped(name));
    expect(html).toContain(`/lineup/${row.slug}/plan/`);
  });

  it('leaves out the pictures of an artist imported without them instead of an empty src', async () => {
    const [first] = await artists(false);
    const row = await artistBySlug(first!.slug);
    await db().updateTable('artists').set({ icon: '', cover_image: '' }).where('id', '=', row.id).execute();
    try {
      // React warns about src="" (the browser would fetch the page itself as the picture).
      for (const path of ['/', '/lineup', `/lineup/${row.slug}`]) expect(await page(path)).not.toContain('src=""');
    } finally {
      await db().updateTable('artists').set({ icon: row.icon, cover_image: row.cover_image }).where('id', '=', row.id).execute();
    }
  });

  it('marks plan number {no} as focused', async () => {
    const row = await artistBySlug('hoshino_mirai');
    const second = await db().selectFrom('plans').select('id').where('artist_id', '=', row.id).orderBy('sort').orderBy('id').offset(1).limit(1).executeTakeFirstOrThrow();
    const html = await page(`/lineup/${row.slug}/2`);
    expect(html).toMatch(new RegExp(`id="plan-${second.id}"[^>]*data-focused="true"`));
    expect(html.match(/data-focused/g)).toHaveLength(1);
  });

  it('shows a closed artist with its plans but no checkout', async () => {
    const [closed] = await artists(true);
    const html = await page(`/lineup/${closed!.slug}`);
    for (const name of await planNames(closed!.id)) expect(html).toContain(escaped(name));
    expect(html).not.toContain('/checkout');
    expect(html).toContain('販売は終了しました');
  });
});

describe('special product pages', () => {
  it.each(['cogimyun_nuigurumi', 'daruma_nuigurumi'])('renders /lineup/%s with its own layout and plans', async (slug) => {
    const row = await artistBySlug(slug);
    const html = await page(`/lineup/${slug}`);
    expect(html).toContain(`<title>${escaped(row.name)} | OshiBox</title>`);
    expect(html).toContain('class="page special-page');
    expect(html).not.toContain('class="artist-hero"');
    expect(html).toContain('special-teaser');
    expect(html).toContain('ここがポイント');
    expect(html).toContain(`src="${row.cover_image}"`);
    expect(html).toContain(`src="${row.icon}"`);
    expect(html).toContain(`content="${new URL(row.cover_image, stack.config.PUBLIC_ORIGIN).toString()}"`);
    for (const name of await planNames(row.id)) expect(html).toContain(escaped(name));
    expect(html).toContain(`/lineup/${slug}/plan/`);
    expect(html).toContain('申込締切');
    expect(html).toContain(escaped(row.copyright));
  });
});

describe('news', () => {
  it('lists published news with dates, without drafts', async () => {
    const published = await db().selectFrom('news').select(['title']).where('publish_state', '=', 'published').execute();
    const draft = await db().selectFrom('news').select(['title']).where('publish_state', '=', 'draft').executeTakeFirstOrThrow();
    const html = await page('/news');
    expect(html).toContain('<title>お知らせ | OshiBox</title>');
    for (const item of published) expect(html).toContain(escaped(item.title));
    expect(html).not.toContain(escaped(draft.title));
    expect(html).toMatch(/<time datetime="[^"]+">\d{4}\/\d{2}\/\d{2}<\/time>/i);
  });

  it('shows one news item as paragraphs with a way back', async () => {
    const item = await db().selectFrom('news').selectAll().where('publish_state', '=', 'published').orderBy('id').executeTakeFirstOrThrow();
    const html = await page(`/news/${item.id}`);
    expect(html).toContain(`<title>${escaped(item.title)} | OshiBox</title>`);
    for (const paragraph of item.message.split('\n\n')) expect(html).toContain(`<p>${escaped(paragraph)}</p>`);
    expect(html).toContain('href="/news"');
  });

  it('renders a message as text, never as markup', async () => {
    const { id } = await db()
      .insertInto('news')
      .values({ title: 'markup test', message: '<img src=x onerror=alert(1)>\n\nsecond', publish_state: 'published' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const html = await page(`/news/${id}`);
    expect(html).toContain('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html).not.toContain('<img src=x');
    await db().deleteFrom('news').where('id', '=', id).execute();
  });

  it('answers 404 for a missing, draft or malformed id', async () => {
    const draft = await db().selectFrom('news').select('id').where('publish_state', '=', 'draft').executeTakeFirstOrThrow();
    for (const path of ['/news/999999', '/news/abc', `/news/${draft.id}`, '/news/0', '/news/99999999999']) {
      const html = await page(path, 404);
      expect(html).toContain('ページが見つかりません');
    }
  });
});
