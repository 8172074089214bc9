import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedImage } from '../../shared/api/catalogue-admin.ts';
import type { MediaPage } from '../../shared/api/media-library.ts';
import { bodyOf, expectApiError } from './api-fixtures.ts';
import { pngOf, signInAs, staffGet } from './api-staff-catalogue-fixtures.ts';
import { ADMIN_ORIGIN, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';

/**
 * The console's media library over HTTP (issue 32): /api/staff/media lists the uploaded pictures
 * with their name, size, date and where the catalogue uses them; a picture in use is not deleted
 * (409, in Japanese and English, naming where); uploads and deletions are audited; the catalogue
 * role only.
 */
let api: StaffApi;
let catalogue: string;
let support: string;

beforeAll(async () => {
  api = await startStaffApi();
  catalogue = await signInAs(api, 'catalogue');
  support = await signInAs(api, 'support');
});
afterAll(async () => {
  await api.close();
});

const uploadNamed = async (kind: string, name: string, bytes: Buffer) =>
  bodyOf<UploadedImage>(await request(api.app).post(`/api/staff/catalogue/images?kind=${kind}&name=${encodeURIComponent(name)}`)
    .set('origin', ADMIN_ORIGIN).set('cookie', withStaff(catalogue)).set('content-type', 'application/octet-stream').send(bytes).expect(201));
const remove = (token: string, path: string) =>
  request(api.app).delete(`/api/staff/media?path=${encodeURIComponent(path)}`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(token));
const pathOf = (image: UploadedImage) => image.url.replace('/api/media/', '');

describe('/api/staff/media', () => {
  it('lists each uploaded picture with its file name, size, date and the artist that shows it', async () => {
    const icon = await uploadNamed('icon', 'hanako-icon.png', await pngOf(600, 600));
    const spare = await uploadNamed('cover', 'spare cover.png', await pngOf(900, 500));
    await api.db.insertInto('artists').values({ slug: 'media-hanako', name: '画像花子', type: 'VTUBER', attribute: JSON.stringify({ links: [] }), icon: icon.url }).execute();

    const page = bodyOf<MediaPage>(await staffGet(api, catalogue, '/api/staff/media').expect(200));
    const listed = new Map(page.images.map((image) => [image.url, image]));
    expect(listed.get(icon.url)).toMatchObject({ name: 'hanako-icon.png', bytes: icon.bytes, contentType: 'image/webp', usedBy: [{ kind: 'artist.icon', label: '画像花子' }] });
    expect(listed.get(spare.url)).toMatchObject({ name: 'spare cover.png', bytes: spare.bytes, usedBy: [] });
    expect(Date.parse(listed.get(icon.url)!.uploadedAt)).not.toBeNaN();
    const uploads = await api.db.selectFrom('audit_log').select(['target_id', 'outcome']).where('action', '=', 'catalogue.image.upload').execute();
    expect(uploads).toEqual(expect.arrayContaining([{ target_id: pathOf(icon), outcome: 'success' }]));
  });

  it('refuses to delete a picture in use, saying where, and deletes one nothing uses; both audited', async () => {
    const used = await uploadNamed('banner', 'used-banner.png', await pngOf(1200, 400));
    await api.db.insertInto('banners').values({ title: '夏のバナー', image: used.url }).execute();
    const refused = expectApiError(await remove(catalogue, pathOf(used)), 409, 'CONFLICT', ['path']);
    expect(refused.message).toContain('バナー（夏のバナー）');
    expect(refused.messageEn).toContain('banner (夏のバナー)');
    expect(await api.db.selectFrom('media').select('path').where('path', '=', pathOf(used)).executeTakeFirst()).toBeDefined();

    const unused = await uploadNamed('box', 'old-box.png', await pngOf(300, 300));
    await remove(catalogue, pathOf(unused)).expect(204);
    expect(await api.db.selectFrom('media').select('path').where('path', '=', pathOf(unused)).executeTakeFirst()).toBeUndefined();
    const rows = await api.db.selectFrom('audit_log').select(['target_id', 'outcome']).where('action', '=', 'catalogue.image.delete').orderBy('id').execute();
    expect(rows).toEqual([{ target_id: pathOf(used), outcome: 'refused' }, { target_id: pathOf(unused), outcome: 'success' }]);
    await remove(catalogue, pathOf(unused)).expect(404);
  });

  it('is the catalogue role’s: support is refused, and a bad path or page is a 400 naming the field', async () => {
    expect((await staffGet(api, support, '/api/staff/media')).status).toBe(403);
    expect((await remove(support, 'uploads/icon/x.webp')).status).toBe(403);
    expectApiError(await remove(catalogue, '../etc/passwd'), 400, 'BAD_REQUEST', ['path']);
    expectApiError(await staffGet(api, catalogue, '/api/staff/media?page=0'), 400, 'BAD_REQUEST', ['page']);
  });
});
