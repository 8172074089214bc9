import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { SESSION_COOKIE } from '../../shared/session-cookie.ts';
import { createWebApp } from '../../server/app.server.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { listenOnLoopback, silentLogger, testConfig } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';
import { hydrationTextOf } from '../support/page-data.ts';

/**
 * SQL statements the API runs to serve one page through the web tier (issue 11): small fixed
 * numbers, and none that grow with the rows a page lists (no N+1). The API's database handle is
 * wrapped in a plugin that counts every statement it executes; its server counts the calls the
 * web tier makes.
 */
let database: TestDatabase;
let web: ReturnType<typeof createWebApp>;
let closeAll: () => Promise<void>;
let statements = 0;
let apiCalls = 0;
/** The API paths the web tier asked for, in order. */
const apiPaths: string[] = [];
let slug: string;
let cookie: string;
let userId: number;

const counting: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    statements += 1;
    return args.result;
  },
};

async function costOf(page: string, withCookie = false): Promise<{ statements: number; apiCalls: number }> {
  const before = { statements, apiCalls };
  const req = request(web).get(page);
  const res = await (withCookie ? req.set('cookie', cookie) : req);
  expect(res.status).toBe(200);
  return { statements: statements - before.statements, apiCalls: apiCalls - before.apiCalls };
}

async function queriesFor(page: string, withCookie = false): Promise<number> {
  return (await costOf(page, withCookie)).statements;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.handle.db, new Date());
  const db = database.handle.db.withPlugin(counting);
  const config = testConfig();
  const mailer = createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, brand: config.BRAND_NAME, dataDir: 'memory://' });
  const api = await listenOnLoopback(createApiApp({ db, logger: silentLogger, now: () => new Date(), publicOrigin: config.PUBLIC_ORIGIN, mailer }));
  api.server.on('request', (req: { url?: string }) => {
    apiCalls += 1;
    apiPaths.push(req.url ?? '');
  });
  web = createWebApp({ config: testConfig({ API_ORIGIN: api.url }), logger: silentLogger, clientDir: path.resolve('dist/client') });
  closeAll = async () => {
    await new Promise((r) => api.server.close(r));
    await database.destroy();
  };
  slug = (await db.selectFrom('artists').select('slug').where('is_close', '=', false).orderBy('sort').executeTakeFirstOrThrow()).slug;
  userId = await insertUser(database.handle.db, { ...KNOWN_USER, email: 'queries@example.com' });
  const token = 'query-count-session-0123456789abcdef';
  await insertSession(database.handle.db, { token, userId, expiresAt: new Date(Date.now() + 86_400_000) });
  cookie = `${SESSION_COOKIE}=${token}`;
});
afterAll(() => closeAll());

/** A live subscription to the first plan of the `index`-th open artist (one live one per artist). */
async function subscribe(index: number): Promise<{ slug: string; planId: number }> {
  const artist = await database.handle.db.selectFrom('artists').select(['id', 'slug']).where('is_close', '=', false).orderBy('sort').offset(index).limit(1).executeTakeFirstOrThrow();
  const plan = await database.handle.db.selectFrom('plans').select('id').where('artist_id', '=', artist.id).orderBy('id').limit(1).executeTakeFirstOrThrow();
  const at = new Date();
  await database.handle.db.insertInto('user_plans').values({ user_id: userId, plan_id: plan.id, count: 1, status: 'ACTIVE', created_at: at, updated_at: at }).execute();
  return { slug: artist.slug, planId: plan.id };
}


describe('SQL statements per page', () => {
  it('anonymous catalogue pages: fixed counts, and no login-status lookup', async () => {
    expect({ top: await queriesFor('/'), lineup: await queriesFor('/lineup'), artist: await queriesFor(`/lineup/${slug}`) })
      .toEqual({ top: 3, lineup: 1, artist: 5 });
  });

  it('every artist page costs the same, whatever its plans, rounds and past boxes', async () => {
    const slugs = await database.handle.db.selectFrom('artists').select('slug').where('is_close', '=', false).orderBy('sort').execute();
    const counts = new Set<number>();
    for (const artist of slugs) counts.add(await queriesFor(`/lineup/${artist.slug}`));
    expect([...counts]).toEqual([5]);
  });

  it('my plans: the same cost for one subscription as for three (no N+1)', async () => {
    const none = await costOf('/mypage/plan', true);
    await subscribe(0);
    const one = await costOf('/mypage/plan', true);
    await subscribe(1);
    await subscribe(2);
    const three = await costOf('/mypage/plan', true);
    // Login status and GET /api/userPlan, whose answer carries each subscription's tiers. Before
    // issue 11's fix one subscription cost 15 statements and 3 calls, three 39 and 5: 7 statements
    // per view in GET /api/userPlan plus an artist call (5) per subscription for its tiers. 同梱
    // (issue 33) adds one for all: the fan's boxes whose charge carries a parcel's shipping.
    expect(none).toEqual({ statements: 3, apiCalls: 2 });
    expect(one).toEqual({ statements: 10, apiCalls: 2 });
    expect(three).toEqual(one);
  });

  it('pages about one subscription leave out the tiers My plans needs from their hydration data', async () => {
    const artist = await subscribe(3);
    const hydration = async (page: string) => {
      const res = await request(web).get(page).set('cookie', cookie);
      expect(res.status).toBe(200);
      return hydrationTextOf(res.text);
    };
    expect(await hydration('/mypage/plan')).toContain('tiers');
    for (const page of [`/lineup/${artist.slug}/plan/${artist.planId}/complete`, `/mypage/plan/${artist.slug}/${artist.planId}/delete`]) {
      const data = await hydration(page);
      expect(data, page).toContain(artist.slug);
      expect(data, page).not.toContain('tiers');
    }
  });

  it('profile and checkout: the user comes with the login status, not from a second call (issue 35)', async () => {
    const plan = await database.handle.db.selectFrom('plans').innerJoin('artists', 'artists.id', 'plans.artist_id')
      .select('plans.id').where('artists.slug', '=', slug).orderBy('plans.id').limit(1).executeTakeFirstOrThrow();
    const callsFor = async (page: string) => {
      const from = apiPaths.length;
      const cost = await costOf(page, true);
      return { ...cost, paths: apiPaths.slice(from).map((p) => p.split('?')[0]) };
    };
    const profile = await callsFor('/mypage/profile');
    const checkout = await callsFor(`/lineup/${slug}/plan/${plan.id}/checkout`);
    // Login status, the overview and the mail language; login status, the plan, the fan's count of
    // it and the card on file. GET /api/user answered what the login status had already said.
    expect(profile.paths).not.toContain('/api/user');
    expect(checkout.paths).not.toContain('/api/user');
    expect({ profile: profile.apiCalls, checkout: checkout.apiCalls }).toEqual({ profile: 3, checkout: 4 });
  });
});
