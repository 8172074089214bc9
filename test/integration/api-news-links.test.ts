import request from 'supertest';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { News } from '../../shared/api/types.ts';
import { bodyOf, minutesFromNow, startApi, type ApiTest } from './api-fixtures.ts';

/** Issue 10: news links to what it announces — site paths and https only, never a script. */
let api: ApiTest;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await api?.database.destroy();
});

function newsRow(link: string) {
  return { title: `KNOWN link ${link.slice(0, 20)}`, message: '本文', publish_state: 'published', published_at: minutesFromNow(-5), link };
}

async function newsById(id: number): Promise<News> {
  const res = await request(api.app).get(`/api/news/${id}`);
  expect(res.status).toBe(200);
  return bodyOf<News>(res);
}

describe('news links', () => {
  it('serves the demo news with the page it announces and its English', async () => {
    const res = await request(api.app).get('/api/news');
    const premium = bodyOf<News[]>(res).find((n) => n.link === '/lineup/hoshino_mirai');
    expect(premium?.title).toContain('星野ミライ');
    expect(premium?.titleEn).toMatch(/Premium plan/);
    expect(premium?.messageEn).toMatch(/limited item/);
    // The demo's news is complete in both languages (issue 31), with and without a link.
    expect(bodyOf<News[]>(res).some((n) => n.link === null)).toBe(true);
    expect(bodyOf<News[]>(res).every((n) => n.titleEn !== null && n.messageEn !== null)).toBe(true);
  });

  it('stores and serves a site path and an https address', async () => {
    for (const link of ['/lineup/hoshino_mirai/1', 'https://example.com/event']) {
      const { id } = await api.db.insertInto('news').values(newsRow(link)).returning('id').executeTakeFirstOrThrow();
      expect((await newsById(id)).link).toBe(link);
    }
  });

  it.each(['javascript:alert(1)', '//evil.example/x', 'http://example.com/', '/\\evil.example', 'https://u:p@evil.example/', ' /lineup'])(
    'the database refuses %j',
    async (link) => {
      await expect(api.db.insertInto('news').values(newsRow(link)).execute()).rejects.toThrow(/news_link_check|check constraint/);
    },
  );

  it('serves no link for a row that got past a missing check', async () => {
    // An older or hand-altered database without the check: the API still applies the rule.
    await sql`alter table news drop constraint news_link_check`.execute(api.db);
    const { id } = await api.db.insertInto('news').values(newsRow('javascript:alert(document.cookie)')).returning('id').executeTakeFirstOrThrow();
    const protocolRelative = await api.db.insertInto('news').values(newsRow('//evil.example')).returning('id').executeTakeFirstOrThrow();
    expect((await newsById(id)).link).toBeNull();
    expect((await newsById(protocolRelative.id)).link).toBeNull();
  });
});
