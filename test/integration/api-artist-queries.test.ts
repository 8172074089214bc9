import type { Express } from 'express';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import type { Artist, ArtistDetail, CategoryArtists } from '../../shared/api/types.ts';
import { testConfig, silentLogger } from '../support/stack.ts';
import { NOW, bodyOf, startApi, type ApiTest } from './api-fixtures.ts';

/** Counts the SQL statements the API runs, to show a list costs the same whatever its length. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

let api: ApiTest;
let counted: Express;
const counter = new QueryCounter();

beforeAll(async () => {
  api = await startApi();
  const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
  counted = createApiApp({
    db: api.db.withPlugin(counter),
    logger: silentLogger,
    now: () => NOW,
    publicOrigin: testConfig().PUBLIC_ORIGIN,
    mailer,
  });
});

afterAll(async () => {
  await api?.database.destroy();
});

async function queriesFor(path: string): Promise<{ queries: number; body: unknown }> {
  counter.count = 0;
  const res = await request(counted).get(path);
  expect(res.status).toBe(200);
  return { queries: counter.count, body: res.body };
}

describe('the artist list with its starting prices', () => {
  it('runs as many queries for fifty artists as for one (no query per card)', async () => {
    const one = await queriesFor('/api/artist?limit=1');
    const many = await queriesFor('/api/artist?limit=50');
    expect((many.body as Artist[]).length).toBeGreaterThan(10);
    expect(many.queries).toBe(one.queries);
    const category = await queriesFor('/api/artist/categoryArtist');
    expect(category.queries).toBe(one.queries);
  });

  it('gives each open artist the price of its cheapest plan open now, as its page shows', async () => {
    const artists = bodyOf<Artist[]>(await request(api.app).get('/api/artist?limit=50'));
    for (const artist of artists.slice(0, 6)) {
      const detail = bodyOf<ArtistDetail>(await request(api.app).get(`/api/artist/${artist.slug}?state=open`));
      const cheapest = [...detail.plans].sort((a, b) => a.price - b.price)[0];
      expect(artist.lowestPrice).toEqual(cheapest ? { price: cheapest.price, preTaxPrice: cheapest.preTaxPrice, period: cheapest.period } : null);
    }
    expect(artists.every((a) => a.lowestPrice !== null)).toBe(true);
  });

  it('gives closed artists no price, and the category lineup the same prices', async () => {
    const closed = bodyOf<Artist[]>(await request(api.app).get('/api/artist?isClose=true'));
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((a) => a.lowestPrice === null)).toBe(true);
    const { categories } = bodyOf<CategoryArtists>(await request(api.app).get('/api/artist/categoryArtist'));
    const list = bodyOf<Artist[]>(await request(api.app).get('/api/artist?limit=50'));
    const bySlug = new Map(list.map((a) => [a.slug, a.lowestPrice]));
    for (const artist of categories.flatMap((c) => c.artists)) expect(artist.lowestPrice).toEqual(bySlug.get(artist.slug));
  });

  it('answers an artist page with a fixed number of queries, however many rounds have shipped', async () => {
    const closed = bodyOf<Artist[]>(await request(api.app).get('/api/artist?isClose=true'))[0];
    const open = bodyOf<Artist[]>(await request(api.app).get('/api/artist?limit=1'))[0];
    const a = await queriesFor(`/api/artist/${closed?.slug}`);
    const b = await queriesFor(`/api/artist/${open?.slug}`);
    expect((a.body as ArtistDetail).pastBoxes.length).not.toBe((b.body as ArtistDetail).pastBoxes.length);
    expect(a.queries).toBe(b.queries);
  });
});
