import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { publicAt } from '../../api/db/public-at.ts';
import type { AdminArtist, AdminArtistPage, AdminBanner, AdminNews, AdminPage, AdminPlan, PublishAnswer } from '../../shared/api/catalogue-admin.ts';
import type { ArtistDetail, Artist, Banner, News } from '../../shared/api/types.ts';
import { isPublicAt, type PublishState } from '../../shared/publish-state.ts';
import { withSession } from './api-account-fixtures.ts';
import { bodyOf, buildRound, expectApiError, insertRound, insertSession, insertUser, KNOWN_USER } from './api-fixtures.ts';
import { signInAs, staffGet, staffSend } from './api-staff-catalogue-fixtures.ts';
import { ADMIN_ORIGIN, MINUTE, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { insertShopper, insertSubscription } from './dashboard-fixtures.ts';

/**
 * Issue 32, a catalogue without surprises (docs/decisions/0081-drafts-and-publishing.md): what the
 * console saves is a draft until a staff member publishes it (now or at a time), archived items
 * leave the shop, deleting is refused while anything refers to the item; each step by the
 * catalogue role only, and in the audit trail.
 */
let api: StaffApi;
let catalogue: string;
let support: string;
let fan: string;

beforeAll(async () => {
  api = await startStaffApi();
  catalogue = await signInAs(api, 'catalogue');
  support = await signInAs(api, 'support');
  const userId = await insertUser(api.db, { ...KNOWN_USER, email: 'drafts.fan@example.com' });
  await insertSession(api.db, { token: 'drafts-fan-session', userId, expiresAt: new Date(api.clock.now.getTime() + 60 * 24 * 60 * MINUTE) });
  fan = withSession('drafts-fan-session');
});
afterAll(async () => {
  await api.close();
});

const ARTIST = {
  slug: 'draft-artist', name: '下書き花子', subName: 'Draft Hanako', description: '説明です。', descriptionEn: '',
  type: 'VTUBER', icon: '', coverImage: '', links: [], copyright: '', backgroundColor: '#ff66aa', sort: 7, isClose: false, tags: ['vtuber'],
};
const PLAN = { name: '下書きプラン', nameEn: '', attention: '', attentionEn: '', period: 1, preTaxPrice: 3000, sort: 1, displayType: 'NORMAL', contents: null };
const NEWS = { title: '下書きのお知らせ', message: '本文です。', titleEn: '', messageEn: '', link: '', open: true };
const BANNER = { title: '下書きバナー', subtitle: '', titleEn: '', subtitleEn: '', image: '/api/media/banner/a.svg', link: '/', sort: 1, startsAt: null, endsAt: null };

const publicArtists = async () => bodyOf<Artist[]>(await request(api.app).get('/api/artist')).map((a) => a.slug);
const publicBanners = async () => bodyOf<Banner[]>(await request(api.app).get('/api/banner')).map((b) => b.title);
const publicNews = async () => bodyOf<News[]>(await request(api.app).get('/api/news')).map((n) => n.title);
const step = (kinds: string, id: number, body: object, token = catalogue) => staffSend(api, token, 'post', `/api/staff/catalogue/${kinds}/${id}/state`, body);
const remove = (kinds: string, id: number, token = catalogue) =>
  request(api.app).delete(`/api/staff/catalogue/${kinds}/${id}`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(token));
const auditOf = (action: string, id: number) =>
  api.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', String(id)).orderBy('id').execute();

let artistId: number;
let planId: number;

describe('an artist and its plan saved in the console', () => {
  it('are drafts: not in the public API, the plan cannot be bought, the staff preview shows both', async () => {
    const created = bodyOf<{ artist: AdminArtist }>(await staffSend(api, catalogue, 'post', '/api/staff/catalogue/artists', ARTIST)).artist;
    artistId = created.id;
    expect(created).toMatchObject({ publishState: 'draft', publishAt: null });
    const plan = bodyOf<{ plan: AdminPlan }>(await staffSend(api, catalogue, 'post', `/api/staff/catalogue/artists/${artistId}/plans`, PLAN)).plan;
    planId = plan.id;
    expect(plan.publishState).toBe('draft');
    await insertRound(api.db, buildRound(planId, new Date('2026-11-01T00:00:00Z'), new Date('2026-12-01T00:00:00+09:00'), new Date('2026-12-25T01:00:00Z'), '12月号'));

    expect(await publicArtists()).not.toContain('draft-artist');
    expectApiError(await request(api.app).get('/api/artist/draft-artist'), 404, 'NOT_FOUND');
    expectApiError(await request(api.app).get(`/api/plan/${planId}`), 404, 'NOT_FOUND');
    expectApiError(await request(api.app).post('/api/userPlan').set('cookie', fan).send({ planId }), 404, 'NOT_FOUND');
    expect(await api.db.selectFrom('user_plans').select('id').where('plan_id', '=', planId).execute()).toEqual([]);

    const preview = bodyOf<ArtistDetail>(await staffGet(api, catalogue, `/api/staff/catalogue/artists/${artistId}/preview`));
    expect(preview).toMatchObject({ slug: 'draft-artist', plans: [expect.objectContaining({ id: planId, name: '下書きプラン' })] });
    expectApiError(await staffGet(api, support, `/api/staff/catalogue/artists/${artistId}/preview`), 403, 'FORBIDDEN');
  });

  it('a published artist still hides its draft plan, and the plan is not for sale until it is published too', async () => {
    const answer = bodyOf<PublishAnswer>(await step('artists', artistId, { intent: 'publish' }));
    expect(answer).toMatchObject({ publishState: 'published', publishAt: null });
    expect(await publicArtists()).toContain('draft-artist');
    expect(bodyOf<ArtistDetail>(await request(api.app).get('/api/artist/draft-artist')).plans).toEqual([]);
    expectApiError(await request(api.app).post('/api/userPlan').set('cookie', fan).send({ planId }), 404, 'NOT_FOUND');

    expect((await step('plans', planId, { intent: 'publish' })).status).toBe(200);
    expect(bodyOf<ArtistDetail>(await request(api.app).get('/api/artist/draft-artist')).plans.map((p) => p.id)).toEqual([planId]);
    expect((await request(api.app).get(`/api/plan/${planId}`)).status).toBe(200);
    const [audit] = await auditOf('catalogue.artist.publish', artistId);
    expect(audit).toMatchObject({ outcome: 'success', target_type: 'artist', before: { publishState: 'draft' }, after: { publishState: 'published' } });
  });

  it('scheduled: public once the test clock passes publish_at, decided by the request’s time', async () => {
    const at = new Date(api.clock.now.getTime() + 30 * MINUTE);
    const answer = bodyOf<PublishAnswer>(await step('artists', artistId, { intent: 'schedule', publishAt: at.toISOString() }));
    expect(answer).toMatchObject({ publishState: 'published', publishAt: at.toISOString() });
    expect(await publicArtists()).not.toContain('draft-artist');
    expectApiError(await request(api.app).post('/api/userPlan').set('cookie', fan).send({ planId }), 404, 'NOT_FOUND');
    api.clock.advance(31 * MINUTE);
    expect(await publicArtists()).toContain('draft-artist');
    // Half an hour idle ends a console session: sign in again, as staff would.
    catalogue = await signInAs(api, 'catalogue');
    support = await signInAs(api, 'support');
    expect((await auditOf('catalogue.artist.schedule', artistId)).at(-1)?.after).toMatchObject({ publishAt: at.toISOString() });
  });

  it('refuses a schedule without a time or in the past, naming publishAt', async () => {
    expectApiError(await step('artists', artistId, { intent: 'schedule' }), 400, 'BAD_REQUEST', ['publishAt']);
    expectApiError(await step('artists', artistId, { intent: 'schedule', publishAt: '2020-01-01T00:00:00+09:00' }), 400, 'BAD_REQUEST', ['publishAt']);
    expectApiError(await step('artists', artistId, { intent: 'shout' }), 400, 'BAD_REQUEST', ['intent']);
    expectApiError(await step('news', artistId, { intent: 'archive' }), 400, 'BAD_REQUEST', ['intent']);
  });
});

describe('archive and delete', () => {
  it('archiving a plan with a subscriber stops new sign-ups only: the subscription stays and shows its plan', async () => {
    const userId = await insertShopper(api.db);
    await insertSubscription(api.db, { userId, planId, created: '2026-11-01T00:00:00Z' });
    const answer = bodyOf<PublishAnswer>(await step('plans', planId, { intent: 'archive' }));
    expect(answer).toMatchObject({ publishState: 'archived', subscribers: 1 });
    expect(bodyOf<ArtistDetail>(await request(api.app).get('/api/artist/draft-artist')).plans).toEqual([]);
    expectApiError(await request(api.app).post('/api/userPlan').set('cookie', fan).send({ planId }), 404, 'NOT_FOUND');
    const live = await api.db.selectFrom('user_plans').select('status').where('plan_id', '=', planId).execute();
    expect(live).toEqual([{ status: 'ACTIVE' }]);
    expect((await auditOf('catalogue.plan.archive', planId))[0]?.after).toMatchObject({ publishState: 'archived', subscribers: 1 });
  });

  it('refuses to delete what is referred to, saying why in Japanese and English, and audits the refusal', async () => {
    const plan = expectApiError(await remove('plans', planId), 409, 'CONFLICT');
    expect(plan.message).toContain('定期便1件');
    expect(plan.messageEn).toContain('1 subscription(s)');
    const artist = expectApiError(await remove('artists', artistId), 409, 'CONFLICT');
    expect(artist.message).toContain('プランが1件');
    expect((await auditOf('catalogue.plan.delete', planId))[0]).toMatchObject({ outcome: 'refused' });
    expect(await api.db.selectFrom('plans').select('id').where('id', '=', planId).execute()).toHaveLength(1);
  });

  it('archives an artist (gone from the shop and the console list, listed under archived) and deletes what nothing refers to', async () => {
    expect((await step('artists', artistId, { intent: 'archive' })).status).toBe(200);
    expect(await publicArtists()).not.toContain('draft-artist');
    const listed = bodyOf<AdminArtistPage>(await staffGet(api, catalogue, '/api/staff/catalogue/artists')).artists.map((a) => a.id);
    expect(listed).not.toContain(artistId);
    const archived = bodyOf<AdminArtistPage>(await staffGet(api, catalogue, '/api/staff/catalogue/artists?archived=1')).artists.map((a) => a.id);
    expect(archived).toContain(artistId);

    const lone = bodyOf<{ artist: AdminArtist }>(await staffSend(api, catalogue, 'post', '/api/staff/catalogue/artists', { ...ARTIST, slug: 'lone-draft' })).artist;
    const lonePlan = bodyOf<{ plan: AdminPlan }>(await staffSend(api, catalogue, 'post', `/api/staff/catalogue/artists/${lone.id}/plans`, PLAN)).plan;
    expect((await remove('plans', lonePlan.id)).status).toBe(204);
    expect((await remove('artists', lone.id)).status).toBe(204);
    expect(await api.db.selectFrom('artists').select('id').where('id', '=', lone.id).execute()).toEqual([]);
    expect((await auditOf('catalogue.artist.delete', lone.id))[0]).toMatchObject({ outcome: 'success', before: { publishState: 'draft' } });
    // News is never deleted (unpublish it): no such call.
    expect((await request(api.app).delete('/api/staff/catalogue/news/1').set('cookie', withStaff(catalogue))).status).toBe(405);
  });
});

describe('banners and news', () => {
  it('a saved banner is a draft until published; archived, it leaves; deleted, it is gone', async () => {
    const banner = bodyOf<{ banner: AdminBanner }>(await staffSend(api, catalogue, 'post', '/api/staff/catalogue/banners', BANNER)).banner;
    expect(banner.publishState).toBe('draft');
    expect(await publicBanners()).not.toContain('下書きバナー');
    expect((await step('banners', banner.id, { intent: 'publish' })).status).toBe(200);
    expect(await publicBanners()).toContain('下書きバナー');
    expect((await step('banners', banner.id, { intent: 'archive' })).status).toBe(200);
    expect(await publicBanners()).not.toContain('下書きバナー');
    const list = bodyOf<AdminPage<AdminBanner>>(await staffGet(api, catalogue, '/api/staff/catalogue/banners')).items.map((b) => b.id);
    expect(list).not.toContain(banner.id);
    expect((await remove('banners', banner.id)).status).toBe(204);
    expect((await auditOf('catalogue.banner.delete', banner.id))).toHaveLength(1);
  });

  it('news saved with the import’s `open` is still a draft in the console; published, then back to draft', async () => {
    const news = bodyOf<{ news: AdminNews }>(await staffSend(api, catalogue, 'post', '/api/staff/catalogue/news', NEWS)).news;
    expect(news.publishState).toBe('draft');
    expect(await publicNews()).not.toContain('下書きのお知らせ');
    expectApiError(await request(api.app).get(`/api/news/${news.id}`), 404, 'NOT_FOUND');
    await step('news', news.id, { intent: 'publish' });
    expect(await publicNews()).toContain('下書きのお知らせ');
    await step('news', news.id, { intent: 'unpublish' });
    expect(await publicNews()).not.toContain('下書きのお知らせ');
    expect((await auditOf('catalogue.news.unpublish', news.id))[0]).toMatchObject({ before: { publishState: 'published' }, after: { publishState: 'draft' } });
  });
});

describe('roles', () => {
  it('refuses every step and delete to a role without catalogue.write (403), and audits the refusal', async () => {
    const before = (await api.db.selectFrom('audit_log').select('id').where('action', '=', 'access.refused').execute()).length;
    expectApiError(await step('artists', artistId, { intent: 'publish' }, support), 403, 'FORBIDDEN');
    expectApiError(await remove('banners', 1, support), 403, 'FORBIDDEN');
    const after = (await api.db.selectFrom('audit_log').select('id').where('action', '=', 'access.refused').execute()).length;
    expect(after - before).toBe(2);
    expect((await api.db.selectFrom('artists').select('publish_state').where('id', '=', artistId).executeTakeFirstOrThrow()).publish_state).toBe('archived');
  });
});

describe('the one rule', () => {
  it('the SQL of api/db/public-at.ts says what shared/publish-state.ts says, state by state and time by time', async () => {
    const now = api.clock.now;
    const cases: { state: PublishState; at: Date | null }[] = [];
    for (const state of ['draft', 'published', 'archived'] as const) {
      for (const at of [null, new Date(now.getTime() - MINUTE), now, new Date(now.getTime() + MINUTE)]) cases.push({ state, at });
    }
    for (const c of cases) {
      const { rows } = await sql<{ yes: boolean }>`select ${publicAt('t', now)} as yes from (select ${c.state}::text as publish_state, ${c.at}::timestamptz as publish_at) t`.execute(api.db);
      expect(rows[0]?.yes, JSON.stringify(c)).toBe(isPublicAt({ publishState: c.state, publishAt: c.at?.toISOString() ?? null }, now));
    }
  });
});
