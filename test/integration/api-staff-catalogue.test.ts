import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMails } from '../../api/billing/billing-mails.ts';
import { reserveDueRounds } from '../../api/billing/reserve.ts';
import type { ArtistDetail, PlanDetail } from '../../shared/api/types.ts';
import type { AdminArtist, AdminArtistPage, AdminBanner, AdminNews, AdminPage, AdminPlan, AdminRoundDetail, PriceChanged, PricePreview, UploadedImage } from '../../shared/api/catalogue-admin.ts';
import { silentLogger } from '../support/stack.ts';
import { bodyOf, expectApiError } from './api-fixtures.ts';
import { pngOf, seedPricedPlan, signInAs, staffGet, staffSend, upload, type PricedPlan } from './api-staff-catalogue-fixtures.ts';
import { startStaffApi, type StaffApi } from './api-staff-fixtures.ts';

/** The console's catalogue over HTTP (issue 19): /api/staff/catalogue, its roles, its rows. */
let api: StaffApi;
let catalogue: string;
let support: string;
let fulfilment: string;
let owner: string;

beforeAll(async () => {
  api = await startStaffApi();
  owner = await signInAs(api, 'owner');
  catalogue = await signInAs(api, 'catalogue');
  support = await signInAs(api, 'support');
  fulfilment = await signInAs(api, 'fulfilment');
});
afterAll(async () => {
  await api.close();
});

const ctxOf = (a: StaffApi) => ({ db: a.db, logger: silentLogger, now: () => a.clock.now, publicOrigin: 'http://localhost:3000', mailer: a.mailer });

const ARTIST = {
  slug: 'console-artist', name: 'コンソール花子', subName: 'Console Hanako', description: '説明です。\n二行目。', descriptionEn: 'About her.',
  type: 'VTUBER', icon: '', coverImage: '', links: [{ type: 'YOUTUBE', url: 'https://www.youtube.com/@hanako', label: '公式' }],
  copyright: '©Hanako', backgroundColor: '#ff66aa', sort: 5, isClose: false, tags: ['vtuber', 'song'],
};

async function auditRows(action: string) {
  return api.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

describe('roles', () => {
  it('refuses support and fulfilment with 403 on every catalogue call, and audits each refusal', async () => {
    const before = (await auditRows('access.refused')).length;
    for (const token of [support, fulfilment]) {
      expectApiError(await staffGet(api, token, '/api/staff/catalogue/artists'), 403, 'FORBIDDEN');
      expectApiError(await staffSend(api, token, 'post', '/api/staff/catalogue/plans/1/price', { preTaxPrice: 1, fromRoundId: 1 }), 403, 'FORBIDDEN');
      expectApiError(await upload(api, token, 'cover', await pngOf(10, 10)), 403, 'FORBIDDEN');
    }
    const refused = (await auditRows('access.refused')).slice(before);
    expect(refused).toHaveLength(6);
    expect(refused.map((r) => r.target_id)).toContain('POST /api/staff/catalogue/plans/1/price');
    expect(refused.every((r) => r.outcome === 'refused')).toBe(true);
  });

  it('asks for a session first (401), and takes unsafe calls only from the console’s origin', async () => {
    expectApiError(await request(api.app).get('/api/staff/catalogue/artists'), 401, 'UNAUTHORIZED');
    const res = await request(api.app).post('/api/staff/catalogue/artists').set('origin', 'http://localhost:3000').set('cookie', `x=1`).send(ARTIST);
    expect(res.status).toBe(403);
  });
});

describe('artists', () => {
  let id: number;

  it('creates an artist with every field of docs/spec.md §3 and audits it', async () => {
    const res = await staffSend(api, catalogue, 'post', '/api/staff/catalogue/artists', ARTIST);
    expect(res.status).toBe(201);
    const artist = bodyOf<{ artist: AdminArtist }>(res).artist;
    id = artist.id;
    expect(artist).toMatchObject({ ...ARTIST, tags: ['vtuber', 'song'] });
    const row = await api.db.selectFrom('artists').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ slug: 'console-artist', type: 'VTUBER', background_color: '#ff66aa', description_en: 'About her.' });
    const [audit] = await auditRows('catalogue.artist.create');
    expect(audit).toMatchObject({ outcome: 'success', target_type: 'artist', target_id: String(id), before: null });
    expect(audit?.after).toMatchObject({ slug: 'console-artist' });
  });

  it('refuses bad fields with a 400 naming each, by the import’s rules', async () => {
    const res = await staffSend(api, catalogue, 'post', '/api/staff/catalogue/artists', { ...ARTIST, slug: 'Bad Slug', backgroundColor: 'pink', links: [{ type: 'X', url: 'javascript:alert(1)' }] });
    expectApiError(res, 400, 'BAD_REQUEST', ['slug', 'backgroundColor', 'links.0.url']);
    expectApiError(await staffSend(api, catalogue, 'post', '/api/staff/catalogue/artists', ARTIST), 409, 'CONFLICT', ['slug']);
  });

  it('edits every field with before and after in the audit trail, and lists by page', async () => {
    const res = await staffSend(api, catalogue, 'put', `/api/staff/catalogue/artists/${id}`, { ...ARTIST, name: '改名花子', isClose: true, tags: ['song'] });
    expect(res.status).toBe(200);
    expect(bodyOf<{ artist: AdminArtist }>(res).artist).toMatchObject({ name: '改名花子', isClose: true, tags: ['song'] });
    const [audit] = await auditRows('catalogue.artist.update');
    expect(audit?.before).toMatchObject({ name: 'コンソール花子', tags: ['song', 'vtuber'] });
    expect(audit?.after).toMatchObject({ name: '改名花子', isClose: true });
    const page = bodyOf<AdminArtistPage>(await staffGet(api, catalogue, '/api/staff/catalogue/artists?page=1'));
    expect(page).toMatchObject({ page: 1, pages: 1 });
    expect(page.artists.map((a) => a.slug)).toContain('console-artist');
    expectApiError(await staffGet(api, catalogue, '/api/staff/catalogue/artists?page=0'), 400, 'BAD_REQUEST', ['page']);
    expectApiError(await staffGet(api, catalogue, '/api/staff/catalogue/artists/999999'), 404, 'NOT_FOUND');
  });

  it('creates a plan from its pre-tax price (the tax-included one derived) and edits it without its price', async () => {
    const plan = { name: '新プラン', attention: '注意', period: 1, preTaxPrice: 4000, sort: 1, displayType: 'NORMAL', contents: { goodsCount: 3, guaranteed: [], limitedCount: 1 } };
    const res = await staffSend(api, catalogue, 'post', `/api/staff/catalogue/artists/${id}/plans`, plan);
    expect(res.status).toBe(201);
    const created = bodyOf<{ plan: AdminPlan }>(res).plan;
    expect(created).toMatchObject({ price: 4400, preTaxPrice: 4000, contents: { goodsCount: 3 } });
    expectApiError(await staffSend(api, catalogue, 'put', `/api/staff/catalogue/plans/${created.id}`, { ...plan, price: 1 }), 400, 'BAD_REQUEST', ['price']);
    const { preTaxPrice: _, ...edit } = plan;
    const edited = await staffSend(api, catalogue, 'put', `/api/staff/catalogue/plans/${created.id}`, { ...edit, name: '新プラン改' });
    expect(bodyOf<{ plan: AdminPlan }>(edited).plan).toMatchObject({ name: '新プラン改', price: 4400 });
    expect((await auditRows('catalogue.plan.update'))[0]?.before).toMatchObject({ name: '新プラン' });
  });
});

describe('image upload', () => {
  it('re-encodes and resizes a PNG, served under a hashed URL with immutable caching', async () => {
    const res = await upload(api, catalogue, 'cover', await pngOf(3200, 1000), 'image/png');
    expect(res.status).toBe(201);
    const image = bodyOf<UploadedImage>(res);
    expect(image).toMatchObject({ width: 1600, height: 500, contentType: 'image/webp' });
    expect(image.url).toMatch(/^\/api\/media\/uploads\/cover\/[0-9a-f]{32}\.webp$/);
    const served = await request(api.app).get(image.url).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 500 });
    const [audit] = await auditRows('catalogue.image.upload');
    expect(audit?.after).toMatchObject({ kind: 'cover', url: image.url });
  });

  it('makes a JPEG icon square', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    expect(bodyOf<UploadedImage>(await upload(api, owner, 'icon', jpeg, 'image/jpeg'))).toMatchObject({ width: 512, height: 512 });
  });

  it('refuses what is not a picture whatever its header claims, with a 400 naming the field', async () => {
    expectApiError(await upload(api, catalogue, 'cover', Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png'), 400, 'BAD_REQUEST', ['file']);
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    expectApiError(await upload(api, catalogue, 'cover', fakePng, 'image/png'), 400, 'BAD_REQUEST', ['file']);
    expectApiError(await upload(api, catalogue, 'poster', await pngOf(10, 10)), 400, 'BAD_REQUEST', ['kind']);
  });

  it('refuses an upload over 5 MB before decoding it', async () => {
    const res = await upload(api, catalogue, 'cover', Buffer.alloc(5 * 1024 * 1024 + 1, 0x41));
    expect(res.status).toBe(413);
    expect((await api.db.selectFrom('media').select('path').where('path', 'like', 'uploads/%').execute()).length).toBe(2);
  });
});

describe('a plan’s price change', () => {
  let shop: PricedPlan;
  let preview: PricePreview;

  beforeAll(async () => {
    shop = await seedPricedPlan(api);
  });

  it('previews from which round it applies, its deadline, and how many subscribers are told', async () => {
    const res = await staffGet(api, catalogue, `/api/staff/catalogue/plans/${shop.planId}/price?preTaxPrice=4000`);
    expect(res.status).toBe(200);
    preview = bodyOf<PricePreview>(res);
    // November is open but paid at checkout already: the change waits for December.
    expect(preview).toMatchObject({ before: { price: 3300, preTaxPrice: 3000 }, after: { price: 4400, preTaxPrice: 4000 }, subscribers: 2 });
    expect(preview.fromRound).toMatchObject({ id: shop.rounds.dec, name: '1月号', endDate: '2026-12-31T15:00:00.000Z', charged: false });
  });

  it('refuses a confirm step that named another round (409), changing nothing', async () => {
    const res = await staffSend(api, catalogue, 'post', `/api/staff/catalogue/plans/${shop.planId}/price`, { preTaxPrice: 4000, fromRoundId: shop.rounds.nov });
    expectApiError(res, 409, 'CONFLICT', ['fromRoundId']);
    expect((await api.db.selectFrom('plans').select('price').where('id', '=', shop.planId).executeTakeFirstOrThrow()).price).toBe(3300);
  });

  it('applies from that round on, never to a round charged or reserved, mails each subscriber once, audits it', async () => {
    const res = await staffSend(api, catalogue, 'post', `/api/staff/catalogue/plans/${shop.planId}/price`, { preTaxPrice: 4000, fromRoundId: shop.rounds.dec });
    expect(res.status).toBe(200);
    const changed = bodyOf<PriceChanged>(res);
    const prices = await api.db.selectFrom('plan_orders').select(['id', 'price', 'pre_tax_price']).where('plan_id', '=', shop.planId).orderBy('end_date').execute();
    expect(prices.map((r) => r.price)).toEqual([3300, 3300, 4400, 4400]);
    expect((await api.db.selectFrom('plans').select('price').where('id', '=', shop.planId).executeTakeFirstOrThrow()).price).toBe(4400);
    const [audit] = await auditRows('catalogue.plan.price');
    expect(audit).toMatchObject({ target_id: String(shop.planId), before: { price: 3300, preTaxPrice: 3000 } });
    expect(audit?.after).toMatchObject({ price: 4400, fromRoundId: shop.rounds.dec, subscribers: 2, changeId: changed.changeId });

    const emails = await api.db.selectFrom('users').select('email').where('id', 'in', shop.subscribers.map((s) => s.userId)).execute();
    await expect.poll(() => api.mailer.memory.filter((m) => m.subject.includes('価格改定')).length).toBe(2);
    await deliverMails(ctxOf(api));
    const mails = api.mailer.memory.filter((m) => m.subject.includes('価格改定'));
    expect(mails.map((m) => m.to).sort()).toEqual(emails.map((e) => e.email).sort());
    expect(mails[0]?.text).toContain('1回のお届け ¥3,960（税込・送料込） → ¥5,060（税込・送料込）');
    expect(mails[0]?.text).toContain('2026/12/31 23:59');
  });

  it('shows a fan joining now the open round’s price, the one checkout charges, until the new price’s round opens', async () => {
    const plan = await api.db.selectFrom('plans').innerJoin('artists', 'artists.id', 'plans.artist_id')
      .select(['artists.slug']).where('plans.id', '=', shop.planId).executeTakeFirstOrThrow();
    const pricesShown = async () => {
      const detail = bodyOf<PlanDetail>(await request(api.app).get(`/api/plan/${shop.planId}`));
      const artist = bodyOf<ArtistDetail>(await request(api.app).get(`/api/artist/${plan.slug}`));
      return { plan: detail.price, card: artist.lowestPrice?.price, round: detail.currentOrder?.price };
    };
    // November (open, at the old price) is what joining now buys: the pages say ¥3,300, not ¥4,400.
    expect(await pricesShown()).toEqual({ plan: 3300, card: 3300, round: 3300 });
    api.clock.now = new Date('2026-12-01T00:00:00+09:00');
    expect(await pricesShown()).toEqual({ plan: 4400, card: 4400, round: 4400 });
    api.clock.now = new Date('2026-11-22T03:00:00.000Z');
  });

  it('billing then charges the old price for the rounds before and the new one from the confirmed round', async () => {
    api.clock.now = new Date('2026-12-01T00:00:00+09:00');
    await reserveDueRounds(ctxOf(api));
    api.clock.now = new Date('2027-01-01T00:00:00+09:00');
    await reserveDueRounds(ctxOf(api));
    const rows = await api.db.selectFrom('plan_order_histories').select(['plan_order_id', 'price'])
      .where('plan_id', '=', shop.planId).orderBy('plan_order_id').orderBy('id').execute();
    const byRound = (round: number) => rows.filter((r) => r.plan_order_id === round).map((r) => r.price);
    expect(byRound(shop.rounds.oct)).toEqual([3300, 3300]);
    expect(byRound(shop.rounds.nov)).toEqual([3300, 3300]);
    expect(byRound(shop.rounds.dec)).toEqual([4400, 4400]);
  });
});

describe('rounds and their contents', () => {
  let shop: PricedPlan;

  beforeAll(async () => {
    api.clock.now = new Date('2026-11-22T03:00:00.000Z');
    catalogue = await signInAs(api, 'catalogue');
    shop = await seedPricedPlan(api);
  });

  it('adds a round at the plan’s price, refusing dates out of order with the field named', async () => {
    const base = `/api/staff/catalogue/plans/${shop.planId}/rounds`;
    const round = { name: '3月号', startDate: '2027-02-01T00:00:00+09:00', endDate: '2027-03-01T00:00:00+09:00', shipDate: '2027-03-25T10:00:00+09:00' };
    expectApiError(await staffSend(api, catalogue, 'post', base, { ...round, shipDate: '2027-02-15T00:00:00+09:00' }), 400, 'BAD_REQUEST', ['shipDate']);
    const res = await staffSend(api, catalogue, 'post', base, round);
    expect(res.status).toBe(201);
    expect(bodyOf<{ round: AdminRoundDetail }>(res).round).toMatchObject({ name: '3月号', price: 3300, endDate: '2027-02-28T15:00:00.000Z', charged: false, goods: [] });
    expect((await auditRows('catalogue.round.create')).at(-1)?.after).toMatchObject({ name: '3月号' });
  });

  it('renames a charged round but never moves its dates (409), and moves an open one', async () => {
    const charged = `/api/staff/catalogue/rounds/${shop.rounds.nov}`;
    const current = bodyOf<{ round: AdminRoundDetail }>(await staffGet(api, catalogue, charged)).round;
    const dates = { startDate: current.startDate, endDate: current.endDate, shipDate: current.shipDate };
    expect((await staffSend(api, catalogue, 'put', charged, { name: '12月号（改）', ...dates })).status).toBe(200);
    expectApiError(await staffSend(api, catalogue, 'put', charged, { name: '12月号', ...dates, shipDate: '2026-12-28T01:00:00.000Z' }), 409, 'CONFLICT', ['endDate']);
    const open = `/api/staff/catalogue/rounds/${shop.rounds.jan}`;
    const moved = await staffSend(api, catalogue, 'put', open, { name: '2月号', startDate: '2026-12-01T00:00:00Z', endDate: '2027-02-01T00:00:00+09:00', shipDate: '2027-02-20T01:00:00Z' });
    expect(bodyOf<{ round: AdminRoundDetail }>(moved).round).toMatchObject({ shipDate: '2027-02-20T01:00:00.000Z' });
    const [audit] = (await auditRows('catalogue.round.update')).slice(-1);
    expect(audit?.before).toMatchObject({ shipDate: '2027-02-25T01:00:00.000Z' });
  });

  it('replaces what a round’s box contained, with pictures by the import’s rule', async () => {
    const path = `/api/staff/catalogue/rounds/${shop.rounds.oct}/goods`;
    expectApiError(await staffSend(api, catalogue, 'put', path, { goods: [{ name: 'A', image: 'https://evil.example/a.png' }] }), 400, 'BAD_REQUEST', ['goods.0.image']);
    const goods = [{ name: '缶バッジ', description: '直径57mm', image: '/api/media/uploads/box/abc.webp' }, { name: 'アクリルスタンド' }];
    const res = await staffSend(api, catalogue, 'put', path, { goods });
    expect(bodyOf<{ round: AdminRoundDetail }>(res).round.goods).toEqual([
      { name: '缶バッジ', description: '直径57mm', image: '/api/media/uploads/box/abc.webp', sort: 1 },
      { name: 'アクリルスタンド', description: '', image: '', sort: 2 },
    ]);
    expect((await auditRows('catalogue.round.goods')).at(-1)?.after).toMatchObject({ goods: [{ name: '缶バッジ' }, { name: 'アクリルスタンド' }] });
  });
});

describe('news and banners', () => {
  it('saves news with the shop’s link rule as a draft, edits it with before and after audited', async () => {
    const news = { title: '新プラン開始', message: '本文です。', link: '/lineup', publishedAt: '2026-11-22T12:00:00+09:00' };
    expectApiError(await staffSend(api, catalogue, 'post', '/api/staff/catalogue/news', { ...news, link: 'javascript:alert(1)' }), 400, 'BAD_REQUEST', ['link']);
    const created = bodyOf<{ news: AdminNews }>(await staffSend(api, catalogue, 'post', '/api/staff/catalogue/news', news)).news;
    // Publishing is its own step (api-catalogue-drafts.test.ts): the form's save makes a draft.
    expect(created).toMatchObject({ title: '新プラン開始', publishState: 'draft', link: '/lineup', publishedAt: '2026-11-22T03:00:00.000Z' });
    const edited = await staffSend(api, catalogue, 'put', `/api/staff/catalogue/news/${created.id}`, { ...news, title: '新プラン開始（改）' });
    expect(bodyOf<{ news: AdminNews }>(edited).news.title).toBe('新プラン開始（改）');
    expect((await auditRows('catalogue.news.update')).at(-1)).toMatchObject({ before: { title: '新プラン開始' }, after: { title: '新プラン開始（改）' } });
    expect(bodyOf<AdminPage<AdminNews>>(await staffGet(api, catalogue, '/api/staff/catalogue/news')).items.map((n) => n.id)).toContain(created.id);
  });

  it('dates news given no date now, and keeps the date of an item edited without one', async () => {
    const { publishedAt: _none, ...undated } = { title: '日付なし', message: '本文です。', link: '', open: true, publishedAt: '' };
    const created = bodyOf<{ news: AdminNews }>(await staffSend(api, catalogue, 'post', '/api/staff/catalogue/news', undated)).news;
    expect(created.publishedAt).toBe(api.clock.now.toISOString());
    api.clock.advance(60_000);
    const edited = bodyOf<{ news: AdminNews }>(await staffSend(api, catalogue, 'put', `/api/staff/catalogue/news/${created.id}`, { ...undated, title: '日付なし（改）' })).news;
    expect(edited).toMatchObject({ title: '日付なし（改）', publishedAt: created.publishedAt });
  });

  it('adds a banner whose picture must be the shop’s own, and its window in order', async () => {
    const banner = { title: '冬のキャンペーン', image: '/api/media/uploads/banner/abc.webp', link: 'https://example.com/winter', startsAt: '2026-12-01T00:00:00+09:00', endsAt: '2026-12-31T00:00:00+09:00' };
    expectApiError(await staffSend(api, catalogue, 'post', '/api/staff/catalogue/banners', { ...banner, image: 'https://evil.example/x.png', endsAt: '2026-11-01T00:00:00+09:00' }), 400, 'BAD_REQUEST', ['image', 'endsAt']);
    const res = await staffSend(api, catalogue, 'post', '/api/staff/catalogue/banners', banner);
    expect(res.status).toBe(201);
    const created = bodyOf<{ banner: AdminBanner }>(res).banner;
    expect(created).toMatchObject({ title: '冬のキャンペーン', startsAt: '2026-11-30T15:00:00.000Z', sort: 0 });
    expect((await auditRows('catalogue.banner.create')).at(-1)?.after).toMatchObject({ image: banner.image });
    expectApiError(await staffSend(api, support, 'put', `/api/staff/catalogue/banners/${created.id}`, banner), 403, 'FORBIDDEN');
  });
});
