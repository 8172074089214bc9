import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_FILE_MAX_BYTES } from '../../shared/vault.ts';
import { startStaffSession, STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';
import { startConsole, type ConsoleServer } from '../support/console.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { periodBreaksRoundsText, roundSpacingHint, roundTooCloseText } from '../../shared/plan-period.ts';
import { buildArtist, buildPlan, buildRound, insertArtist, insertPlan, insertRound } from './api-fixtures.ts';
import { pngOf, seedPricedPlan, type PricedPlan } from './api-staff-catalogue-fixtures.ts';

/**
 * The console's catalogue pages rendered on the server with JavaScript off (issue 19): plain
 * links, forms that POST and redirect with 303, the price's confirm step, a multipart upload.
 * The console takes the shop's test origin as its own, the one origin the stack's API lets send staff calls.
 */
let stack: Stack;
let admin: ConsoleServer;
let origin: string;
let shop: PricedPlan;
let artistId: number;
const cookies: Partial<Record<StaffRole, string>> = {};

async function sessionOf(role: StaffRole): Promise<string> {
  const db = stack.database.handle.db;
  const now = new Date();
  const { id } = await db.insertInto('staff').values({
    email: `${role}@oshibox.example`, role, password_hash: 'x', totp_secret: 'x', enrolled_at: now, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return `${STAFF_COOKIE}=${await startStaffSession(db, id, now)}`;
}

beforeAll(async () => {
  stack = await startStack({ seed: false });
  origin = stack.config.PUBLIC_ORIGIN;
  admin = await startConsole(stack, { ADMIN_ORIGIN: origin });
  cookies.catalogue = await sessionOf('catalogue');
  cookies.support = await sessionOf('support');
  shop = await seedPricedPlan({ db: stack.database.handle.db });
  artistId = await insertArtist(stack.database.handle.db, buildArtist({ slug: 'page-artist', name: 'ページ太郎' }));
});
afterAll(async () => {
  await admin.close();
  await stack.close();
});

const get = (path: string, role: StaffRole = 'catalogue') => request(admin.app).get(path).set('cookie', cookies[role] ?? '');
const post = (path: string, form: Record<string, string>) =>
  request(admin.app).post(path).set('cookie', cookies.catalogue ?? '').set('origin', origin).type('form').send(form);

const ARTIST_FORM = {
  slug: 'nojs-artist', name: 'ノースクリプト', subName: '', type: 'SINGER', description: '歌います。', descriptionEn: '', icon: '', coverImage: '',
  links: 'YOUTUBE https://www.youtube.com/@nojs 公式', copyright: '©NoJS', backgroundColor: '#336699', sort: '3', tags: 'song live',
};

describe('the catalogue pages without JavaScript', () => {
  it('lists the artists with plain links, and the navigation links the area', async () => {
    const res = await get('/catalogue');
    expect(res.status).toBe(200);
    expect(res.text).toContain('ページ太郎');
    expect(res.text).toContain(`href="/catalogue/artists/${artistId}"`);
    expect(res.text).toContain('href="/catalogue/artists/new"');
    expect(res.text).toMatch(/<a[^>]*href="\/catalogue"[^>]*>カタログ<\/a>/);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('shows a support member the API’s refusal, not the catalogue', async () => {
    const res = await get('/catalogue', 'support');
    expect(res.status).toBe(403);
    expect(res.text).toContain('この操作を行う権限がありません。');
    expect(res.text).not.toContain('ページ太郎');
  });

  it('adds an artist: a bad colour comes back as a 400 naming it, a good form redirects with 303', async () => {
    const bad = await post('/catalogue/artists/new', { ...ARTIST_FORM, backgroundColor: 'blue' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('色は #rrggbb の形で入力してください。');
    expect(bad.text).toContain('value="nojs-artist"');
    const good = await post('/catalogue/artists/new', ARTIST_FORM);
    expect(good.status).toBe(303);
    const row = await stack.database.handle.db.selectFrom('artists').selectAll().where('slug', '=', 'nojs-artist').executeTakeFirstOrThrow();
    expect(good.headers.location).toBe(`/catalogue/artists/${row.id}`);
    expect(row).toMatchObject({ type: 'SINGER', background_color: '#336699', sort: 3 });
    const page = await get(`/catalogue/artists/${row.id}`);
    expect(page.text).toContain('YOUTUBE https://www.youtube.com/@nojs 公式');
  });

  it('changes a price through the confirm step, which names the round, its deadline and the mails', async () => {
    const path = `/catalogue/plans/${shop.planId}`;
    // As a Japanese keyboard types it: full-width digits with grouping.
    const confirm = await post(path, { intent: 'preview', preTaxPrice: '４，０００' });
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('新しい価格は「1月号」（申込締切 2026/12/31 23:59）から適用します。');
    expect(confirm.text).toContain('定期便の会員 2 名に');
    expect(confirm.text).toContain(`name="fromRoundId" value="${shop.rounds.dec}"`);
    const done = await post(path, { intent: 'confirm', preTaxPrice: '4000', fromRoundId: String(shop.rounds.dec) });
    expect(done.status).toBe(303);
    expect(done.headers.location).toMatch(new RegExp(`^${path}\\?changed=\\d+$`));
    const after = await get(String(done.headers.location));
    expect(after.text).toContain('価格を変更しました。');
    expect(after.text).toContain('¥4,400（税込）');
  });

  it('archives and deletes by plain forms: a delete asks for its box, and a referred-to plan is refused saying why (issue 32)', async () => {
    const path = `/catalogue/plans/${shop.planId}`;
    const unconfirmed = await post(path, { intent: 'delete' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain('削除する前に、確認のチェックを入れてください。');
    const refused = await post(path, { intent: 'delete', confirm: 'on' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('削除できないため、アーカイブしてください。');
    expect(refused.text).toContain('定期便');
    expect((await post(path, { intent: 'archive' })).status).toBe(303);
    expect((await get(path)).text).toContain('publish-badge-archived');
    expect((await post(path, { intent: 'publish' })).status).toBe(303);
  });

  it('adds a round in Japan time and fills in what its box held', async () => {
    const added = await post(`/catalogue/plans/${shop.planId}`, { intent: 'round', name: '4月号', startDate: '2027-03-01T00:00', endDate: '2027-04-01T00:00', shipDate: '2027-04-25T10:00' });
    expect(added.status).toBe(303);
    const roundPath = String(added.headers.location);
    expect(roundPath).toMatch(/^\/catalogue\/rounds\/\d+$/);
    const id = Number(roundPath.split('/').at(-1));
    const row = await stack.database.handle.db.selectFrom('plan_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.end_date.toISOString()).toBe('2027-03-31T15:00:00.000Z');
    const bad = await post(roundPath, { intent: 'round', name: '4月号', startDate: '2027-03-01T00:00', endDate: '2027-04-01T00:00', shipDate: '2027-03-20T00:00' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('締切はお届け日より前にしてください。');
    const goods = await post(roundPath, { intent: 'goods', goods: '缶バッジ | /api/media/uploads/box/x.webp | 直径57mm\nアクリルスタンド' });
    expect(goods.status).toBe(303);
    const page = await get(roundPath);
    expect(page.text).toContain('缶バッジ | /api/media/uploads/box/x.webp | 直径57mm\nアクリルスタンド');
    expect(page.text).toContain('value="2027-04-01T00:00"');
  });

  it('saves news and adds a banner, each form failing first with its field named, then publishes the news', async () => {
    const news = { title: 'お知らせ1', message: '本文', titleEn: '', messageEn: '', link: 'http://insecure.example', publishedAt: '2026-11-24T12:00' };
    const bad = await post('/catalogue/news', news);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('リンクはサイト内のパス（/…）か https:// のURLにしてください。');
    const good = await post('/catalogue/news', { ...news, link: '/lineup' });
    expect(good.status).toBe(303);
    const list = await get('/catalogue/news');
    expect(list.text).toContain('お知らせ1');
    expect(list.text).toContain('2026/11/24 12:00');
    const edited = await post(String(good.headers.location), { ...news, link: '/lineup', title: 'お知らせ1（改）' });
    expect(edited.status).toBe(303);
    // Saved is a draft (issue 32); publishing is the panel's own form, a plain POST.
    expect((await get('/catalogue/news')).text).toContain('publish-badge-draft');
    expect((await post(String(good.headers.location), { intent: 'publish' })).status).toBe(303);
    expect((await get('/catalogue/news')).text).toContain('publish-badge-published');
    const preview = await get(`${String(good.headers.location)}/preview`);
    expect(preview.text).toContain('プレビュー（未公開）');
    expect(preview.text).toContain('お知らせ1（改）');
    // An empty date is the time of saving, not a refusal.
    expect((await post('/catalogue/news', { ...news, link: '/lineup', title: '日付なしのお知らせ', publishedAt: '' })).status).toBe(303);
    expect((await get('/catalogue/news')).text).toContain('日付なしのお知らせ');

    const banner = { title: '冬', subtitle: '', titleEn: '', subtitleEn: '', image: '/api/media/uploads/banner/x.webp', link: '/', sort: '1', startsAt: '2026-12-01T00:00', endsAt: '2026-11-01T00:00' };
    const badBanner = await post('/catalogue/banners', banner);
    expect(badBanner.status).toBe(400);
    expect(badBanner.text).toContain('掲載開始は掲載終了より前にしてください。');
    expect((await post('/catalogue/banners', { ...banner, endsAt: '' })).status).toBe(303);
    expect((await get('/catalogue/banners')).text.replaceAll('<!-- -->', '')).toContain('2026/12/01 00:00 – 制限なし');
  });

  it('uploads a cover as multipart/form-data and makes it the artist’s cover', async () => {
    const png = await pngOf(2000, 1200);
    const res = await request(admin.app).post(`/catalogue/images`).set('cookie', cookies.catalogue ?? '').set('origin', origin)
      .field('artist', String(artistId)).field('kind', 'cover').attach('file', png, { filename: 'cover.png', contentType: 'image/png' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/catalogue/artists/${artistId}`);
    const row = await stack.database.handle.db.selectFrom('artists').select('cover_image').where('id', '=', artistId).executeTakeFirstOrThrow();
    expect(row.cover_image).toMatch(/^\/api\/media\/uploads\/cover\/[0-9a-f]{32}\.webp$/);
    // The console shows it through its own origin: pictures are the one part of the shop API it forwards.
    const served = await request(admin.app).get(row.cover_image);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(admin.app).post(row.cover_image).set('origin', origin)).status).toBe(404);
  });

  it('refuses a text file named like a picture with the field’s message', async () => {
    const res = await request(admin.app).post(`/catalogue/images`).set('cookie', cookies.catalogue ?? '').set('origin', origin)
      .field('kind', 'banner').attach('file', Buffer.from('not a picture'), { filename: 'banner.png', contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('画像はPNG・JPEG・WebPのファイルにしてください。');
  });

  it('refuses a picture over its bound with the field’s message, and an upload form over the console’s bound before reading it', async () => {
    const big = await request(admin.app).post(`/catalogue/images`).set('cookie', cookies.catalogue ?? '').set('origin', origin)
      .field('kind', 'banner').attach('file', Buffer.alloc(5 * 1024 * 1024 + 100 * 1024, 1), { filename: 'big.png', contentType: 'image/png' });
    expect(big.status).toBe(400);
    expect(big.text).toContain('画像は5MB以下にしてください。');
    // The console reads forms up to the largest upload it takes, a 特典 file (shared/vault.ts).
    const res = await request(admin.app).post(`/catalogue/images`).set('cookie', cookies.catalogue ?? '').set('origin', origin)
      .field('kind', 'banner').attach('file', Buffer.alloc(BONUS_FILE_MAX_BYTES + 100 * 1024, 1), { filename: 'big.png', contentType: 'image/png' });
    expect(res.status).toBe(413);
  });
});

/** The `<input>` of a field, to see whether the form marks it. */
const inputOf = (html: string, name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? '';

describe('a plan’s period spaces its rounds (issue 30)', () => {
  const jst = (at: string) => new Date(`${at}+09:00`);

  it('refuses a round a month after another of a 3-month plan, saying why beside the ship date, in both languages', async () => {
    const db = stack.database.handle.db;
    const planId = await insertPlan(db, buildPlan(artistId, { name: '3ヶ月まとめてプラン', period: 3, price: 16500, pre_tax_price: 15000 }));
    await insertRound(db, buildRound(planId, jst('2026-12-01T12:00:00'), jst('2026-12-31T23:59:59'), jst('2027-01-25T10:00:00'), '1月号'));
    const path = `/catalogue/plans/${planId}`;
    expect((await get(path)).text).toContain(roundSpacingHint(3).ja);
    const monthly = await post(path, { intent: 'round', name: '2月号', startDate: '2027-01-01T12:00', endDate: '2027-01-31T23:59', shipDate: '2027-02-25T10:00' });
    expect(monthly.status).toBe(400);
    const why = roundTooCloseText(3, '1月号');
    expect(monthly.text).toContain(why.ja);
    expect(inputOf(monthly.text, 'shipDate')).toContain('aria-invalid="true"');
    expect(monthly.text).toContain('value="2027-02-25T10:00"');
    const api = await request(stack.api).post(`/api/staff/catalogue/plans/${planId}/rounds`).set('cookie', cookies.catalogue ?? '').set('origin', origin)
      .send({ name: '2月号', startDate: '2027-01-01T12:00:00+09:00', endDate: '2027-01-31T23:59:59+09:00', shipDate: '2027-02-25T10:00:00+09:00' });
    expect(api.status).toBe(400);
    expect(api.body.fields.shipDate).toEqual(why);
    expect(why.en).toContain('every 3 months');
    const quarter = await post(path, { intent: 'round', name: '4月号', startDate: '2027-01-01T12:00', endDate: '2027-03-31T23:59', shipDate: '2027-04-25T10:00' });
    expect(quarter.status).toBe(303);
    const rounds = await db.selectFrom('plan_orders').select('name').where('plan_id', '=', planId).orderBy('ship_date').execute();
    expect(rounds.map((r) => r.name)).toEqual(['1月号', '4月号']);
    // Moving the April box a month earlier is refused the same way.
    const moved = await post(String(quarter.headers.location), { intent: 'round', name: '4月号', startDate: '2027-01-01T12:00', endDate: '2027-01-31T23:59', shipDate: '2027-02-25T10:00' });
    expect(moved.status).toBe(400);
    expect(moved.text).toContain(why.ja);
  });

  it('refuses a longer period while the plan’s rounds stand closer, naming them', async () => {
    const db = stack.database.handle.db;
    const planId = await insertPlan(db, buildPlan(artistId, { name: '毎月プラン', period: 1 }));
    await insertRound(db, buildRound(planId, jst('2026-12-01T12:00:00'), jst('2026-12-31T23:59:59'), jst('2027-01-25T10:00:00'), '1月号'));
    await insertRound(db, buildRound(planId, jst('2027-01-01T12:00:00'), jst('2027-01-31T23:59:59'), jst('2027-02-25T10:00:00'), '2月号'));
    const form = { intent: 'plan', name: '毎月プラン', nameEn: '', attention: '注意事項', attentionEn: '', period: '3', sort: '1', displayType: 'NORMAL', goodsCount: '' };
    const res = await post(`/catalogue/plans/${planId}`, form);
    expect(res.status).toBe(400);
    expect(res.text).toContain(periodBreaksRoundsText(3, ['2月号']).ja);
    expect(inputOf(res.text, 'period')).toContain('aria-invalid="true"');
    expect((await db.selectFrom('plans').select('period').where('id', '=', planId).executeTakeFirstOrThrow()).period).toBe(1);
  });
});
