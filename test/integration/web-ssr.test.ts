import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.ts';
import { entryModuleOf } from '../support/page-assets.ts';
import { hydrationTextOf, pageDataTextOf } from '../support/page-data.ts';
import { href } from '../../shared/routes.ts';
import { SESSION_COOKIE } from '../../shared/session-cookie.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/** Server rendering as a browser without JavaScript (or a crawler) sees it. */
let stack: Stack;
let openArtist: { slug: string; name: string };

function bodyBeforeScripts(html: string): string {
  return html.slice(0, html.indexOf('<script'));
}

beforeAll(async () => {
  stack = await startStack();
  const row = await stack.database.handle.db
    .selectFrom('artists')
    .select(['slug', 'name'])
    .where('is_close', '=', false)
    .orderBy('sort')
    .executeTakeFirstOrThrow();
  openArtist = row;
});
afterAll(() => stack.close());

describe('public pages', () => {
  it('renders the top page with artists on sale and news before any script runs', async () => {
    const res = await request(stack.web).get('/').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html; charset=utf-8/);
    const html = bodyBeforeScripts(res.text);
    expect(html).toContain('<html lang="ja"');
    expect(html).toContain(openArtist.name);
    expect(html).toContain('販売中のアーティスト');
    expect(html).toContain('お知らせ');
    expect(html).toMatch(/<title>OshiBox \| [^<]+<\/title>/);
  });

  it('renders the lineup grouped by category labels', async () => {
    const categories = await stack.database.handle.db.selectFrom('artists').select('type').where('is_close', '=', false).distinct().execute();
    const res = await request(stack.web).get('/lineup').expect(200);
    const html = bodyBeforeScripts(res.text);
    expect(html).toContain('<title>ラインナップ | OshiBox</title>');
    expect(html).toContain(openArtist.name);
    expect(categories.length).toBeGreaterThan(1);
    for (const { type } of categories) expect(html).toContain(`id="category-${type}"`);
  });

  // Issue 11: the lineup shipped every artist's description, links and copyright for the browser.
  it('hands the browser only what the lineup and the top page render', async () => {
    for (const page of ['/lineup', '/']) {
      const res = await request(stack.web).get(page).expect(200);
      const data = hydrationTextOf(res.text);
      expect(data).toContain(`"slug":"${openArtist.slug}"`);
      for (const field of ['description', 'descriptionEn', 'attribute', 'copyright', 'preTaxPrice']) expect(data).not.toContain(`"${field}":`);
    }
  });

  // Issue 35: the lineup's data block was 22 % of its document; the browser parses all of it before hydrating.
  it('keeps the lineup\'s hydration data within a fifth of its page', async () => {
    const res = await request(stack.web).get('/lineup').expect(200);
    const share = Buffer.byteLength(pageDataTextOf(res.text)) / Buffer.byteLength(res.text);
    expect(share).toBeLessThanOrEqual(0.2);
  });

  it('renders an artist with its plans, prices and the open round', async () => {
    const res = await request(stack.web).get(`/lineup/${openArtist.slug}`).expect(200);
    const html = bodyBeforeScripts(res.text);
    expect(html).toContain(`<title>${openArtist.name} | OshiBox</title>`);
    // The headline is the round total with tax and shipping (issue 18).
    expect(html).toMatch(/<span class="price-main">¥[\d,]+<\/span><span class="price-note">（税込・送料込）<\/span>/);
    expect(html).toContain('申込締切');
    expect(html).toContain(`/lineup/${openArtist.slug}/plan/`);
  });

  it('opens the artist page at plan number {no} and 404s out of range', async () => {
    const first = await request(stack.web).get(`/lineup/${openArtist.slug}/1`).expect(200);
    expect(first.text).toContain('data-focused="true"');
    await request(stack.web).get(`/lineup/${openArtist.slug}/99`).expect(404);
    await request(stack.web).get(`/lineup/${openArtist.slug}/abc`).expect(404);
  });
});

describe('status codes', () => {
  it('answers 404 with the not-found page for an unknown artist', async () => {
    const res = await request(stack.web).get('/lineup/no-such-artist').expect(404);
    expect(res.text).toContain('ページが見つかりません');
    expect(res.text).toContain('class="header"');
  });

  it('answers 404 for an unknown path', async () => {
    const res = await request(stack.web).get('/no/such/page').expect(404);
    expect(res.text).toContain('ページが見つかりません');
  });

  it('redirects a signed-out shopper from a member page to login with the return path', async () => {
    const res = await request(stack.web).get('/mypage/orderHistroy?page=2').expect(302);
    expect(res.headers.location).toBe('/mypage/login?url=%2Fmypage%2ForderHistroy%3Fpage%3D2');
    const secure = await request(stack.web).get('/mypage/profile/payment').expect(302);
    expect(secure.headers.location).toBe('/mypage/login?url=%2Fmypage%2Fprofile%2Fpayment');
  });

  it('sends crawlers the whole document as well', async () => {
    const res = await request(stack.web).get('/lineup').set('user-agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)').expect(200);
    expect(res.text).toContain(openArtist.name);
    expect(res.text.trimEnd()).toMatch(/<\/html>$/);
  });

  // docs/decisions/0003: with the page cache off (tests' default), no shared cache may keep a page.
  it('lets only the browser keep an anonymous page (revalidated), and never a 404', async () => {
    const ok = await request(stack.web).get('/lineup').expect(200);
    expect(ok.headers['cache-control']).toBe('private, no-cache');
    expect(ok.headers.vary).toMatch(/cookie/i);
    const missing = await request(stack.web).get('/lineup/no-such-artist').expect(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
  });
});

// Issue 35: a signed-in page suspends nowhere, so it leaves whole in one body with its length,
// not streamed in React's chunks; compressed as the browser takes it, to the same document.
describe('signed-in pages', () => {
  it('sends a member page whole, with its length, and the same document compressed', async () => {
    const db = stack.database.handle.db;
    const userId = await insertUser(db, { ...KNOWN_USER, email: 'whole-page@example.com' });
    const token = 'whole-page-session-0123456789abcdef';
    await insertSession(db, { token, userId, expiresAt: new Date(Date.now() + 86_400_000) });
    const cookie = `${SESSION_COOKIE}=${token}`;
    const plan = await db.selectFrom('plans').innerJoin('artists', 'artists.id', 'plans.artist_id').select('plans.id')
      .where('artists.slug', '=', openArtist.slug).orderBy('plans.sort').executeTakeFirstOrThrow();
    const pages = { 'my plans': href('plan'), profile: href('profile'), checkout: href('checkout', { slug: openArtist.slug, planId: plan.id }) };
    for (const [name, path] of Object.entries(pages)) {
      const plain = await request(stack.web).get(path).set('cookie', cookie).set('accept-encoding', 'identity').expect(200);
      expect(plain.headers['transfer-encoding'], name).toBeUndefined();
      expect(Number(plain.headers['content-length']), name).toBe(Buffer.byteLength(plain.text));
      expect(plain.headers['cache-control'], name).toBe('private, no-store');
      expect(plain.text.trimEnd(), name).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
      const br = await request(stack.web).get(path).set('cookie', cookie).set('accept-encoding', 'br').expect(200);
      expect(br.headers['content-encoding'], name).toBe('br');
      // The checkout's price time and idempotency key are new on each render: same length, same shell.
      expect(br.text.length, name).toBe(plain.text.length);
    }
  });
});

describe('assets', () => {
  it('names the hashed entry module and its preloads for after the first paint, links the stylesheet, all served immutable', async () => {
    const res = await request(stack.web).get('/lineup').expect(200);
    // No script or preload competes with the stylesheet and images before the first paint.
    expect(res.text).not.toMatch(/<script[^>]+src=|<link rel="modulepreload"/);
    const entry = entryModuleOf(res.text);
    const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(res.text)?.[1];
    const lineupChunk = /"(\/assets\/lineup-[A-Z0-9]+\.js)"/.exec(res.text)?.[1];
    expect(res.text).toContain('requestAnimationFrame');
    expect(entry && css && lineupChunk).toBeTruthy();
    for (const asset of [entry, css, lineupChunk] as string[]) {
      const file = await request(stack.web).get(asset).expect(200);
      expect(file.headers['cache-control']).toContain('immutable');
    }
  });
});
