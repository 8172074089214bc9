import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import type { DB } from '../../api/db/schema.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { CatalogueImportError, importCatalogue, type CatalogueImportReport } from '../../api/ops/catalogue-import.ts';
import type { ArtistDetail, Banner, News } from '../../shared/api/types.ts';
import { MAX_CATALOGUE_BYTES } from '../../shared/catalogue-import-schema.ts';
import { roundTooCloseText } from '../../shared/plan-period.ts';
import { catalogueMediaFiles } from '../../scripts/ops/catalogue-media-files.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { silentLogger, testConfig } from '../support/stack.ts';
import { bodyOf } from './api-fixtures.ts';

/**
 * `importCatalogue` on a real migrated database (PGlite, or PostgreSQL with DATABASE_URL), read
 * back over the public API. The tests run in order on one database: each starts from the state
 * the previous one left.
 */
const EXAMPLE_TEXT = readFileSync(new URL('../../docs/examples/catalogue.json', import.meta.url), 'utf8');

/** Before the example rounds' deadline (2026-12-20 23:59:59 JST): they are open. */
const NOW = new Date('2026-11-22T03:00:00.000Z');
const AFTER_DEADLINE = new Date('2026-12-25T00:00:00.000Z');
const AFTER_SHIP = new Date('2027-02-01T00:00:00.000Z');

let database: TestDatabase;
let db: Kysely<DB>;
let app: Express;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
  app = createApiApp({ db, logger: silentLogger, now: () => NOW, publicOrigin: testConfig().PUBLIC_ORIGIN, mailer });
});

afterAll(async () => {
  await database?.destroy();
});

type Key = string | number;

/** The example with some values replaced (`undefined`: removed). */
function exampleWith(...changes: [readonly Key[], unknown][]): Record<Key, unknown> {
  const file: unknown = JSON.parse(EXAMPLE_TEXT);
  if (!isObject(file)) throw new Error('the example is not an object');
  for (const [path, value] of changes) {
    let node: unknown = file;
    for (const key of path.slice(0, -1)) node = isObject(node) ? node[key] : undefined;
    const last = path.at(-1);
    if (!isObject(node) || last === undefined) throw new Error(`no such path: ${path.join('.')}`);
    if (value !== undefined) node[last] = value;
    else if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
    else delete node[last];
  }
  return file;
}

function isObject(value: unknown): value is Record<Key, unknown> {
  return typeof value === 'object' && value !== null;
}

const ARTIST = ['artists', 0] as const;
const LIGHT = [...ARTIST, 'plans', 0] as const;
const PREMIUM = [...ARTIST, 'plans', 1] as const;
const PREMIUM_GOODS = [...PREMIUM, 'rounds', 0, 'goods'] as const;

/** Every catalogue table's row count: "nothing written" means these do not move. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = ['artists', 'artist_tags', 'plans', 'plan_orders', 'order_goods', 'news', 'banners'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

async function importRefused(input: unknown, now = NOW): Promise<CatalogueImportError> {
  const error = await importCatalogue(db, input, { now }).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(CatalogueImportError);
  if (!(error instanceof CatalogueImportError)) throw new Error('unreachable');
  expect(error.status).toBe(400);
  return error;
}

function counts(report: CatalogueImportReport, entity: keyof Omit<CatalogueImportReport, 'warnings'>) {
  return report[entity];
}

async function artistDetail(): Promise<ArtistDetail> {
  const res = await request(app).get('/api/artist/sakura_lumi');
  expect(res.status).toBe(200);
  return bodyOf<ArtistDetail>(res);
}

describe('catalogue import', () => {
  it('imports the example: the rows exist and the public API shows the artist, plans, news and banner', async () => {
    const report = await importCatalogue(db, EXAMPLE_TEXT, { now: NOW });
    expect(counts(report, 'artists')).toEqual({ inserted: 1, updated: 0, unchanged: 0, deleted: 0 });
    expect(counts(report, 'plans').inserted).toBe(2);
    expect(counts(report, 'rounds').inserted).toBe(2);
    expect(counts(report, 'goods').inserted).toBe(4);
    expect(counts(report, 'news').inserted).toBe(1);
    expect(counts(report, 'banners').inserted).toBe(1);
    // The example names media the database does not hold yet: a warning, not an error.
    expect(report.warnings.map((w) => w.path)).toContain('artists[0].icon');
    expect(report.warnings.map((w) => w.path)).toContain('artists[0].plans[1].rounds[0].goods[1].image');
    expect(await rowCounts()).toEqual({ artists: 1, artist_tags: 1, plans: 2, plan_orders: 2, order_goods: 4, news: 1, banners: 1 });

    const detail = await artistDetail();
    expect(detail).toMatchObject({ name: '桜ルミ', type: 'VTUBER', tags: ['new'], descriptionEn: expect.stringMatching(/virtual singer/) });
    expect(detail.attribute.links).toEqual([
      { type: 'YOUTUBE', url: 'https://www.youtube.com/@sakura_lumi' },
      { type: 'OFFICIAL', url: 'https://example.com/sakura_lumi', label: '公式サイト' },
    ]);
    const light = detail.plans.find((p) => p.name === 'ライトプラン');
    expect(light).toMatchObject({ price: 3300, preTaxPrice: 3000, nameEn: 'Light plan', displayType: 'NORMAL' });
    expect(light?.contents).toEqual({ goodsCount: 3, guaranteed: [{ ja: '缶バッジ', en: 'Button badge' }], limitedCount: 0 });
    expect(light?.currentOrder).toMatchObject({ name: '2027年1月お届け分', price: 3300, shipDate: '2027-01-20T01:00:00.000Z' });

    const news = bodyOf<News[]>(await request(app).get('/api/news'));
    expect(news.map((n) => n.title)).toContain('桜ルミさんのボックスが始まりました');
    const banners = bodyOf<Banner[]>(await request(app).get('/api/banner'));
    expect(banners.map((b) => b.title)).toEqual(['桜ルミ 新登場']);
  });

  it('re-imports the same file: nothing duplicated, everything unchanged', async () => {
    const before = await rowCounts();
    const report = await importCatalogue(db, JSON.parse(EXAMPLE_TEXT), { now: NOW });
    for (const [entity, expected] of [['artists', 1], ['plans', 2], ['rounds', 2], ['goods', 4], ['news', 1], ['banners', 1]] as const) {
      expect(counts(report, entity)).toEqual({ inserted: 0, updated: 0, unchanged: expected, deleted: 0 });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('updates what changed; a not-yet-shipped round loses the goods the file no longer lists', async () => {
    const file = exampleWith(
      [[...LIGHT, 'price'], 4400],
      [[...LIGHT, 'preTaxPrice'], 4000],
      [[...ARTIST, 'tags'], ['new', 'limited']],
      [[...PREMIUM_GOODS, 1], undefined],
      [['news', 0, 'message'], '受付中です。'],
    );
    const report = await importCatalogue(db, file, { now: NOW });
    expect(counts(report, 'artists')).toMatchObject({ updated: 1 });
    expect(counts(report, 'plans')).toMatchObject({ updated: 1, unchanged: 1 });
    // The light round has no price of its own: it follows its plan.
    expect(counts(report, 'rounds')).toMatchObject({ updated: 1, unchanged: 1 });
    expect(counts(report, 'goods')).toEqual({ inserted: 0, updated: 0, unchanged: 3, deleted: 1 });
    expect(counts(report, 'news')).toMatchObject({ updated: 1 });
    expect(counts(report, 'banners')).toMatchObject({ unchanged: 1 });

    const detail = await artistDetail();
    expect(detail.tags.toSorted()).toEqual(['limited', 'new']);
    expect(detail.plans.find((p) => p.name === 'ライトプラン')).toMatchObject({ price: 4400, currentOrder: { price: 4400, preTaxPrice: 4000 } });
    const goods = await db.selectFrom('order_goods').select('name').orderBy('name').execute();
    expect(goods.map((g) => g.name)).not.toContain('サイン入りブロマイド');
  });

  it('refuses a file with one bad round, naming its path, and writes nothing', async () => {
    const before = await rowCounts();
    const file = exampleWith(
      [[...ARTIST, 'slug'], 'brand_new'],
      [[...PREMIUM, 'rounds', 0, 'endDate'], '2027-02-01T00:00:00+09:00'],
    );
    const error = await importRefused(file);
    expect(error.problems).toEqual([
      { path: 'artists[0].plans[1].rounds[0].shipDate', message: expect.objectContaining({ en: expect.stringMatching(/before shipDate/) }) },
    ]);
    expect(error.fields).toHaveProperty(['artists[0].plans[1].rounds[0].shipDate']);
    expect(await rowCounts()).toEqual(before);
  });

  it('rolls back the rows already written when a problem shows only against the database', async () => {
    const before = await rowCounts();
    const file = exampleWith(
      [[...PREMIUM_GOODS, 1], undefined],
      [[...LIGHT, 'price'], 4400],
      [[...LIGHT, 'preTaxPrice'], 4000],
      [[...LIGHT, 'rounds', 0, 'endDate'], '2026-12-21T23:59:59+09:00'],
      [['news', 0, 'message'], '書き換えられてはいけない本文'],
    );
    // A new artist first, so its rows are written before the frozen round is met.
    const artists = file.artists;
    if (!Array.isArray(artists)) throw new Error('the example has no artists');
    artists.unshift({ slug: 'rollback_artist', name: 'ロールバック', type: 'OTHER', plans: [{ name: 'P', price: 110, preTaxPrice: 100 }] });
    const error = await importRefused(file, AFTER_DEADLINE);
    expect(error.problems.map((p) => p.path)).toEqual(['artists[1].plans[0].rounds[0]']);
    expect(error.problems[0]?.message.en).toMatch(/past its deadline/);
    expect(await rowCounts()).toEqual(before);
    expect(await db.selectFrom('artists').select('id').where('slug', '=', 'rollback_artist').executeTakeFirst()).toBeUndefined();
    const news = await db.selectFrom('news').select('message').executeTakeFirstOrThrow();
    expect(news.message).toBe('受付中です。');
  });

  it('keeps the goods of a shipped round the file leaves out, and adds the ones it names', async () => {
    // Only the premium plan, its shipped round naming one new goods and none of the stored ones.
    const file = exampleWith(
      [PREMIUM_GOODS, [{ name: '追加のポストカード' }]],
      [LIGHT, undefined],
      [[...ARTIST, 'tags'], ['new', 'limited']],
      [['news', 0, 'message'], '受付中です。'],
    );
    const before = await rowCounts();
    const report = await importCatalogue(db, file, { now: AFTER_SHIP });
    expect(counts(report, 'goods')).toEqual({ inserted: 1, updated: 0, unchanged: 0, deleted: 0 });
    expect(await rowCounts()).toEqual({ ...before, order_goods: before.order_goods! + 1 });
  });

  it('refuses a key the database already holds twice instead of picking one', async () => {
    const artist = await db.selectFrom('artists').select('id').where('slug', '=', 'sakura_lumi').executeTakeFirstOrThrow();
    const { id } = await db.insertInto('plans')
      .values({ artist_id: artist.id, name: 'プレミアムプラン', price: 110, pre_tax_price: 100 })
      .returning('id').executeTakeFirstOrThrow();
    const error = await importRefused(exampleWith([LIGHT, undefined]), AFTER_SHIP);
    expect(error.problems.map((p) => p.path)).toEqual(['artists[0].plans[0].name']);
    await db.deleteFrom('plans').where('id', '=', id).execute();
  });

  it('refuses rounds of a 3-month plan a month apart, at the later round, saying why (issue 30)', async () => {
    const before = await rowCounts();
    const february = { name: '2027年2月お届け分', startDate: '2026-12-21T12:00:00+09:00', endDate: '2027-01-20T23:59:59+09:00', shipDate: '2027-02-20T10:00:00+09:00' };
    const file = exampleWith([[...LIGHT, 'period'], 3], [[...LIGHT, 'rounds', 1], february]);
    const error = await importRefused(file, AFTER_SHIP);
    expect(error.problems).toContainEqual({ path: 'artists[0].plans[0].rounds[1].shipDate', message: roundTooCloseText(3, '2027年1月お届け分') });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a file over 2 MB and one of 10,000 artists by their bounds', async () => {
    const before = await rowCounts();
    const big = await importRefused(EXAMPLE_TEXT.replace('"news"', `"news${' '.repeat(MAX_CATALOGUE_BYTES)}"`));
    expect(big.problems).toEqual([{ path: '$', message: expect.objectContaining({ en: expect.stringMatching(/2 MB/) }) }]);
    const artists = Array.from({ length: 10_000 }, (_, i) => ({ slug: `a${i}`, name: `A${i}`, type: 'OTHER' }));
    const many = await importRefused({ version: 1, artists });
    expect(many.problems.map((p) => p.path)).toContain('artists');
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the example brings its pictures (issue 18)', () => {
  const EXAMPLE_PATH = fileURLToPath(new URL('../../docs/examples/catalogue.json', import.meta.url));

  it('imports with no warning: each /api/media/… image comes from media/… next to the file and answers as an image', async () => {
    const media = catalogueMediaFiles(EXAMPLE_PATH, EXAMPLE_TEXT);
    expect(media.map((m) => m.path).sort()).toEqual([
      'artists/sakura_lumi/cover.svg', 'artists/sakura_lumi/icon.svg', 'banners/sakura_lumi.svg',
      'goods/sakura_lumi-badge.svg', 'goods/sakura_lumi-photo.svg', 'goods/sakura_lumi-stand.svg', 'goods/sakura_lumi-sticker.svg',
    ]);
    const report = await importCatalogue(db, EXAMPLE_TEXT, { now: NOW, media });
    expect(report.warnings).toEqual([]);
    expect(counts(report, 'media')).toEqual({ inserted: 7, updated: 0, unchanged: 0, deleted: 0 });
    for (const url of new Set(EXAMPLE_TEXT.match(/\/api\/media\/[^"]+/g))) {
      const res = await request(app).get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(String(res.body), url).toContain('<svg');
    }
    expect(counts(await importCatalogue(db, EXAMPLE_TEXT, { now: NOW, media }), 'media').unchanged).toBe(7);
  });

  it('says where a missing picture goes, and refuses a file that is no picture', async () => {
    const report = await importCatalogue(db, exampleWith([[...ARTIST, 'icon'], '/api/media/artists/sakura_lumi/new-icon.svg']), { now: NOW });
    expect(report.warnings).toEqual([{ path: 'artists[0].icon', message: expect.objectContaining({ en: expect.stringContaining('put the picture at media/artists/sakura_lumi/new-icon.svg next to the catalogue file') }) }]);
    const before = await rowCounts();
    const error = await importCatalogue(db, EXAMPLE_TEXT, { now: NOW, media: [{ path: 'run.sh', base64: 'ZWNobwo=' }] }).then(() => null, (e: unknown) => e);
    if (!(error instanceof CatalogueImportError)) throw new Error(`expected a CatalogueImportError, got ${String(error)}`);
    expect(error.problems).toEqual([{ path: 'media[0]', message: expect.objectContaining({ en: expect.stringContaining('svg, png, jpg or webp') }) }]);
    expect(await rowCounts()).toEqual(before);
  });
});
