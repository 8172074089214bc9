import { readFileSync } from 'node:fs';
import { sql, type Transaction } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../api/db/schema.ts';
import type { AdminArtist, AdminPlan } from '../../shared/api/catalogue-admin.ts';
import type { ArtistDetail } from '../../shared/api/types.ts';
import { bodyOf, expectApiError, TEST_OPS_TOKEN } from './api-fixtures.ts';
import { signInAs, staffSend } from './api-staff-catalogue-fixtures.ts';
import { ADMIN_ORIGIN, type StaffApi } from './api-staff-fixtures.ts';
import { newShopper, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Catalogue } from './api-user-plan-fixtures.ts';

/**
 * GET /api/catalogue/version over HTTP (issue 21): the number moves with every write a page for a
 * visitor without a session shows (migration 0014's triggers), and stays put for a shopper's own
 * writes. On PGlite, or PostgreSQL with DATABASE_URL. The tests run in order on one database.
 */
const EXAMPLE_TEXT = readFileSync(new URL('../../docs/examples/catalogue.json', import.meta.url), 'utf8');

let api: AccountApi;
let shop: Catalogue;
let catalogue: string;

const asStaffApi = (a: AccountApi): StaffApi => ({ ...a, databaseUrl: null });

beforeAll(async () => {
  api = await startSubscriptionApi({ staff: { adminOrigin: ADMIN_ORIGIN, opsToken: TEST_OPS_TOKEN } });
  shop = await seedCatalogue(api.db);
  catalogue = await signInAs(asStaffApi(api), 'catalogue');
});
afterAll(async () => api?.close());

async function version(): Promise<bigint> {
  const res = await request(api.app).get('/api/catalogue/version').expect(200);
  const { version: text } = bodyOf<{ version: string }>(res);
  expect(text).toMatch(/^\d+$/);
  return BigInt(text);
}

/** The version before and after `write`: it must have grown. */
async function expectMoved(write: () => Promise<void>): Promise<void> {
  const before = await version();
  await write();
  expect(await version()).toBeGreaterThan(before);
}

const ARTIST = {
  slug: 'version-artist', name: '版数花子', subName: 'Version Hanako', description: '説明です。', descriptionEn: null,
  type: 'VTUBER', icon: '', coverImage: '', links: [], copyright: '©Hanako', backgroundColor: '#ff66aa', sort: 5, isClose: false, tags: ['song'],
};
const PLAN = { name: '版数プラン', attention: '注意', period: 1, preTaxPrice: 4000, sort: 1, displayType: 'NORMAL', contents: { goodsCount: 3, guaranteed: [], limitedCount: 1 } };

describe('GET /api/catalogue/version', () => {
  it('answers a decimal string, never to be stored, and refuses a query string with a 400', async () => {
    const res = await request(api.app).get('/api/catalogue/version').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(res.body as object)).toEqual(['version']);
    expect(bodyOf<{ version: string }>(res).version).toMatch(/^[1-9]\d*$/);
    expectApiError(await request(api.app).get('/api/catalogue/version?t=1'), 400, 'BAD_REQUEST');
  });
});

describe('what moves it', () => {
  it('moves when the operator imports a catalogue (npm run ops -- catalogue), and the import shows', async () => {
    await expectMoved(async () => {
      const res = await request(api.app).post('/ops/catalogue').set('authorization', `Bearer ${TEST_OPS_TOKEN}`)
        .set('content-type', 'application/json').send(EXAMPLE_TEXT);
      expect(res.status, res.text).toBe(200);
    });
    const shown = await request(api.app).get('/api/artist/sakura_lumi').expect(200);
    expect(bodyOf<ArtistDetail>(shown).plans.length).toBeGreaterThan(0);
  });

  it('moves when the console creates and then edits an artist', async () => {
    let id = 0;
    await expectMoved(async () => {
      const res = await staffSend(asStaffApi(api), catalogue, 'post', '/api/staff/catalogue/artists', ARTIST);
      expect(res.status, res.text).toBe(201);
      id = bodyOf<{ artist: AdminArtist }>(res).artist.id;
    });
    await expectMoved(async () => {
      const res = await staffSend(asStaffApi(api), catalogue, 'put', `/api/staff/catalogue/artists/${id}`, { ...ARTIST, name: '改名花子' });
      expect(res.status, res.text).toBe(200);
    });
    // Saved is a draft (issue 32): publishing is a step of its own, and moves the version too.
    await expectMoved(async () => {
      const res = await staffSend(asStaffApi(api), catalogue, 'post', `/api/staff/catalogue/artists/${id}/state`, { intent: 'publish' });
      expect(res.status, res.text).toBe(200);
    });
    expect(bodyOf<ArtistDetail>(await request(api.app).get('/api/artist/version-artist')).name).toBe('改名花子');
  });

  it('moves when the console edits a plan, changes its price, and makes a new round', async () => {
    const [artist] = await api.db.selectFrom('artists').select('id').where('slug', '=', 'version-artist').execute();
    let planId = 0;
    await expectMoved(async () => {
      const res = await staffSend(asStaffApi(api), catalogue, 'post', `/api/staff/catalogue/artists/${artist?.id}/plans`, PLAN);
      expect(res.status, res.text).toBe(201);
      planId = bodyOf<{ plan: AdminPlan }>(res).plan.id;
    });
    await expectMoved(async () => {
      expect((await staffSend(asStaffApi(api), catalogue, 'post', `/api/staff/catalogue/plans/${planId}/state`, { intent: 'publish' })).status).toBe(200);
    });
    const { preTaxPrice: _, ...edit } = PLAN;
    await expectMoved(async () => {
      const res = await staffSend(asStaffApi(api), catalogue, 'put', `/api/staff/catalogue/plans/${planId}`, { ...edit, name: '版数プラン改' });
      expect(res.status, res.text).toBe(200);
    });
    const round = { name: '1月号', startDate: '2026-11-01T00:00:00+09:00', endDate: '2027-01-01T00:00:00+09:00', shipDate: '2027-01-25T10:00:00+09:00' };
    await expectMoved(async () => {
      const res = await staffSend(asStaffApi(api), catalogue, 'post', `/api/staff/catalogue/plans/${planId}/rounds`, round);
      expect(res.status, res.text).toBe(201);
    });
    const [roundRow] = await api.db.selectFrom('plan_orders').select('id').where('plan_id', '=', planId).execute();
    await expectMoved(async () => {
      const res = await staffSend(asStaffApi(api), catalogue, 'post', `/api/staff/catalogue/plans/${planId}/price`, { preTaxPrice: 4500, fromRoundId: roundRow?.id });
      expect(res.status, res.text).toBe(200);
    });
    const shown = bodyOf<ArtistDetail>(await request(api.app).get('/api/artist/version-artist'));
    expect(shown.plans.map((p) => [p.name, p.preTaxPrice])).toEqual([['版数プラン改', 4500]]);
  });

  it('stays put for a refused import, a sign-up, a card and a subscription', async () => {
    const before = await version();
    const refused = await request(api.app).post('/ops/catalogue').set('authorization', `Bearer ${TEST_OPS_TOKEN}`)
      .set('content-type', 'application/json').send('{"artists": 1}');
    expect(refused.status).toBe(400);
    const shopper = await newShopper(api);
    const res = await subscribe(api, shopper, { planId: shop.light, count: 1 });
    expect(res.status, res.text).toBe(201);
    expect(await api.db.selectFrom('user_plans').select('status').where('user_id', '=', shopper.userId).execute()).toEqual([{ status: 'ACTIVE' }]);
    expect(await version()).toBe(before);
  });
});

describe('every table a catalogue page shows', () => {
  // One row of each, rewritten as it is: a write that changes nothing a reader sees still moves it.
  const rewrites = {
    artists: sql`update artists set name = name where id = (select min(id) from artists)`,
    artist_tags: sql`update artist_tags set tag = tag where (artist_id, tag) in (select artist_id, tag from artist_tags limit 1)`,
    plans: sql`update plans set name = name where id = (select min(id) from plans)`,
    plan_orders: sql`update plan_orders set name = name where id = (select min(id) from plan_orders)`,
    order_goods: sql`update order_goods set name = name where id = (select min(id) from order_goods)`,
    banners: sql`update banners set title = title where id = (select min(id) from banners)`,
    news: sql`update news set title = title where id = (select min(id) from news)`,
  };

  it.each(Object.entries(rewrites))('moves on a write to %s, once per transaction', async (_table, rewrite) => {
    await expectMoved(async () => {
      const { numAffectedRows } = await rewrite.execute(api.db);
      expect(Number(numAffectedRows)).toBe(1);
    });
    const before = await version();
    await api.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i += 1) await rewrite.execute(trx);
    });
    expect(await version()).toBe(before + 1n);
  });

  it('stays put for a transaction that rolls back, and for a write that matches no row', async () => {
    const before = await version();
    const undone = await api.db.transaction().execute(async (trx) => {
      await rewrites.news.execute(trx);
      throw new Error('undone');
    }).catch((e: unknown) => e);
    expect(undone).toBeInstanceOf(Error);
    await api.db.updateTable('artists').set({ name: '誰もいない' }).where('id', '=', -1).execute();
    expect(await version()).toBe(before);
  });

  it('moves when a table is emptied (TRUNCATE)', async () => {
    await expectMoved(async () => {
      await sql`truncate news`.execute(api.db);
    });
  });
});

describe('two catalogue writers at once (PostgreSQL)', () => {
  /**
   * The import locks each artist as it goes (api/ops/catalogue-import.repository.ts) while a member
   * of staff may be saving another: the import has written artist A and wants B, which the console
   * has locked and written. A version bumped mid-transaction would be a third lock taken in between
   * (the import holds it, the console waits for it): a deadlock PostgreSQL breaks by failing one.
   */
  it.skipIf(!process.env.DATABASE_URL)('lets an import and a console edit of the same artists both commit, one bump each', async () => {
    const ids = await api.db.selectFrom('artists').select('id').orderBy('id').limit(2).execute();
    const [a, b] = ids.map((r) => r.id);
    if (a === undefined || b === undefined) throw new Error('two artists needed');
    const before = await version();
    const lockAndWrite = async (trx: Transaction<DB>, id: number, name: string) => {
      await trx.selectFrom('artists').select('id').where('id', '=', id).forUpdate().execute();
      await trx.updateTable('artists').set({ name }).where('id', '=', id).execute();
    };
    let consoleWrote: () => void = () => undefined;
    const consoleHasWritten = new Promise<void>((resolve) => (consoleWrote = resolve));
    let importWrote: () => void = () => undefined;
    const importHasWritten = new Promise<void>((resolve) => (importWrote = resolve));
    const importRun = api.db.transaction().execute(async (trx) => {
      await lockAndWrite(trx, a, '取り込みA');
      importWrote();
      // The console's write blocks for good if the import holds a lock it needs: wait a little only.
      await Promise.race([consoleHasWritten, new Promise((resolve) => setTimeout(resolve, 500))]);
      await lockAndWrite(trx, b, '取り込みB');
    });
    const consoleSave = importHasWritten.then(() => api.db.transaction().execute(async (trx) => {
      await lockAndWrite(trx, b, 'コンソールB');
      consoleWrote();
    }));
    const outcomes = await Promise.allSettled([importRun, consoleSave]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'committed'))).toEqual(['committed', 'committed']);
    expect(await version()).toBe(before + 2n);
  });
});
