import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, startApi, type ApiTest } from './api-fixtures.ts';

let api: ApiTest;
/** The icon of the first demo artist, as the catalogue links it, and its stored bytes. */
let iconUrl: string;
let iconBody: Buffer;

beforeAll(async () => {
  api = await startApi();
  const artist = await api.db.selectFrom('artists').select('icon').orderBy('sort').orderBy('id').executeTakeFirstOrThrow();
  iconUrl = artist.icon;
  const media = await api.db
    .selectFrom('media')
    .select('body')
    .where('path', '=', iconUrl.replace(/^\/api\/media\//, ''))
    .executeTakeFirstOrThrow();
  iconBody = Buffer.from(media.body);
});

afterAll(async () => {
  await api?.database.destroy();
});

function getMedia(path: string) {
  // Binary-safe: collect the raw bytes whatever the content type.
  return request(api.app)
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

describe('GET /api/media/*', () => {
  it('serves a seeded icon as SVG, cacheable by anyone', async () => {
    expect(iconUrl).toMatch(/^\/api\/media\/artists\/[a-z0-9_-]+\/icon\.svg$/);
    const res = await getMedia(iconUrl);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.headers['cache-control']).not.toContain('no-store');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const body = res.body as Buffer;
    expect(body.equals(iconBody)).toBe(true);
    expect(body.toString('utf8')).toMatch(/^<svg[\s>]/);
  });

  it('answers 304 to a GET or HEAD with the current ETag', async () => {
    const { headers } = await getMedia(iconUrl);
    const etag = String(headers.etag);
    const get = await getMedia(iconUrl).set('if-none-match', etag);
    expect(get.status).toBe(304);
    expect((get.body as Buffer).length).toBe(0);
    const head = await request(api.app).head(iconUrl).set('if-none-match', etag);
    expect(head.status).toBe(304);
    expect(head.headers.etag).toBe(etag);
  });

  it('answers HEAD without a body and a stale ETag with the full image', async () => {
    const head = await request(api.app).head(iconUrl);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(head.headers['content-length']).toBe(String(iconBody.length));
    const stale = await getMedia(iconUrl).set('if-none-match', '"stale"');
    expect(stale.status).toBe(200);
    expect((stale.body as Buffer).equals(iconBody)).toBe(true);
  });

  it('changes the ETag when the picture changes', async () => {
    const path = 'test/changing.svg';
    const encoder = new TextEncoder();
    await api.db.insertInto('media').values({ path, content_type: 'image/svg+xml', body: encoder.encode('<svg>1</svg>') }).execute();
    const first = await getMedia(`/api/media/${path}`);
    await api.db.updateTable('media').set({ body: encoder.encode('<svg>2</svg>') }).where('path', '=', path).execute();
    const second = await request(api.app).get(`/api/media/${path}`).set('if-none-match', String(first.headers.etag));
    expect(second.status).toBe(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers 404 JSON for an unknown picture', async () => {
    const body = expectApiError(await request(api.app).get('/api/media/artists/nobody/icon.svg'), 404, 'NOT_FOUND');
    expect(body.message).toBe('画像が見つかりません。');
  });

  it.each([
    '/api/media/../x',
    '/api/media/..%2Fx',
    '/api/media/artists/../../etc/passwd',
    '/api/media/artists/%2e%2e/%2e%2e/etc/passwd',
    '/api/media/%2e%2e%2fapi%2fbanner',
    '/api/media/.hidden',
    '/api/media/',
    `/api/media/ARTISTS/x/icon.svg`,
  ])('answers 404 to %s', async (path) => {
    const res = await request(api.app).get(path);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('does not resolve dot segments, even ones leading back inside the media tree', async () => {
    // The client sends this path verbatim; the router must not resolve the dots into a real file.
    const res = await request(api.app).get(iconUrl.replace('/icon.svg', '/../icon.svg'));
    expect(res.status).toBe(404);
  });
});
