import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner, News } from '../../shared/api/types.ts';
import { NOW, bodyOf, daysFromNow, expectApiError, minutesFromNow, startApi, type ApiTest } from './api-fixtures.ts';

/** Banners around NOW: the window is [starts_at, ends_at). */
const BANNERS = {
  expired: { title: 'KNOWN expired', ends_at: minutesFromNow(-1), starts_at: daysFromNow(-10) },
  endsNow: { title: 'KNOWN ends now', ends_at: NOW, starts_at: null },
  future: { title: 'KNOWN future', starts_at: minutesFromNow(1), ends_at: null },
  startsNow: { title: 'KNOWN starts now', starts_at: NOW, ends_at: minutesFromNow(1) },
  unbounded: { title: 'KNOWN unbounded', starts_at: null, ends_at: null },
} as const;

const NEWS = {
  latest: { title: 'KNOWN latest news', message: '本文A', publish_state: 'published', published_at: minutesFromNow(-1) },
  draft: { title: 'KNOWN draft', message: '下書き', publish_state: 'draft', published_at: minutesFromNow(-0.5) },
  old: { title: 'KNOWN old news', message: '本文B', publish_state: 'published', published_at: new Date('2000-01-01T00:00:00Z') },
} as const;

let api: ApiTest;
const newsIds: Record<keyof typeof NEWS, number> = { latest: 0, draft: 0, old: 0 };

beforeAll(async () => {
  api = await startApi();
  for (const [i, banner] of Object.values(BANNERS).entries()) {
    await api.db.insertInto('banners').values({ ...banner, image: `/api/media/test/banner-${i}.svg`, link: '/lineup', sort: -10 + i }).execute();
  }
  for (const key of Object.keys(NEWS) as (keyof typeof NEWS)[]) {
    newsIds[key] = (await api.db.insertInto('news').values(NEWS[key]).returning('id').executeTakeFirstOrThrow()).id;
  }
});

afterAll(async () => {
  await api?.database.destroy();
});

describe('GET /api/banner', () => {
  it('gives only the banners whose window contains now, in display order', async () => {
    const res = await request(api.app).get('/api/banner');
    expect(res.status).toBe(200);
    const banners = bodyOf<Banner[]>(res);
    const titles = banners.map((b) => b.title);
    expect(titles.slice(0, 2)).toEqual(['KNOWN starts now', 'KNOWN unbounded']);
    expect(titles).not.toContain('KNOWN expired');
    expect(titles).not.toContain('KNOWN ends now');
    expect(titles).not.toContain('KNOWN future');
    expect(banners[0]).toEqual({
      id: expect.any(Number),
      title: 'KNOWN starts now',
      subtitle: '',
      titleEn: null,
      subtitleEn: null,
      image: '/api/media/test/banner-3.svg',
      link: '/lineup',
      sort: -7,
    });
  });

  it('agrees with the windows stored for every banner, demo ones included', async () => {
    const rows = await api.db.selectFrom('banners').selectAll().orderBy('sort').orderBy('id').execute();
    const active = rows.filter((r) => (r.starts_at === null || r.starts_at <= NOW) && (r.ends_at === null || r.ends_at > NOW));
    expect(active.length).toBeLessThan(rows.length);
    const res = await request(api.app).get('/api/banner');
    expect(bodyOf<Banner[]>(res).map((b) => b.id)).toEqual(active.map((r) => r.id));
  });

  it('answers 400 for a query it does not take', async () => {
    expectApiError(await request(api.app).get('/api/banner?all=1'), 400, 'BAD_REQUEST');
  });
});

describe('GET /api/news', () => {
  it('gives only open news, newest first', async () => {
    const res = await request(api.app).get('/api/news');
    expect(res.status).toBe(200);
    const news = bodyOf<News[]>(res);
    expect(news[0]).toEqual({
      id: newsIds.latest,
      title: 'KNOWN latest news',
      message: '本文A',
      openFlag: true,
      publishedAt: minutesFromNow(-1).toISOString(),
      titleEn: null,
      messageEn: null,
      link: null,
    });
    expect(news.at(-1)?.id).toBe(newsIds.old);
    expect(news.every((n) => n.openFlag)).toBe(true);
    expect(news.map((n) => n.title)).not.toContain('KNOWN draft');
    const times = news.map((n) => Date.parse(n.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('lists exactly the open rows of the table', async () => {
    const open = await api.db.selectFrom('news').select('id').where('publish_state', '=', 'published').orderBy('published_at', 'desc').orderBy('id', 'desc').execute();
    const drafts = await api.db.selectFrom('news').select('id').where('publish_state', '=', 'draft').execute();
    expect(drafts.length).toBeGreaterThan(0);
    const res = await request(api.app).get('/api/news');
    expect(bodyOf<News[]>(res).map((n) => n.id)).toEqual(open.map((r) => r.id));
  });

  it('respects limit', async () => {
    const res = await request(api.app).get('/api/news?limit=1');
    expect(bodyOf<News[]>(res).map((n) => n.id)).toEqual([newsIds.latest]);
  });
});

describe('GET /api/news/{id}', () => {
  it('gives an open news item', async () => {
    const res = await request(api.app).get(`/api/news/${newsIds.old}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: newsIds.old,
      title: 'KNOWN old news',
      message: '本文B',
      openFlag: true,
      publishedAt: '2000-01-01T00:00:00.000Z',
      titleEn: null,
      messageEn: null,
      link: null,
    });
  });

  it('accepts the user query of docs/spec.md §7', async () => {
    const res = await request(api.app).get(`/api/news/${newsIds.latest}?user=1`);
    expect(res.status).toBe(200);
    expect(bodyOf<News>(res).id).toBe(newsIds.latest);
  });

  it('answers 404 for a draft, exactly as for a missing item', async () => {
    const draft = expectApiError(await request(api.app).get(`/api/news/${newsIds.draft}`), 404, 'NOT_FOUND');
    const missing = expectApiError(await request(api.app).get('/api/news/999999'), 404, 'NOT_FOUND');
    expect(draft).toEqual(missing);
    expect(draft.message).toBe('お知らせが見つかりません。');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
    expectApiError(await request(api.app).get(`/api/news/${id}`), 400, 'BAD_REQUEST', ['newsId']);
  });
});
