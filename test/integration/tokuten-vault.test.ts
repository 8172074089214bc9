import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserOverview } from '../../shared/api/overview.ts';
import type { DownloadLink, StaffBonus } from '../../shared/api/vault.ts';
import { BONUS_FILE_MAX_BYTES, BONUS_IMAGE_MAX_SIDE, VAULT_UNLOCK_DAYS } from '../../shared/vault.ts';
import { TEST_OPS_TOKEN, expectApiError, buildArtist, buildPlan, buildRound, insertArtist, insertPlan, insertRound } from './api-fixtures.ts';
import { pngOf } from './api-staff-catalogue-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, withStaff } from './api-staff-fixtures.ts';
import { billingContext, runPass, secureCookie } from './billing-fixtures.ts';
import { unlockDueBonuses } from '../../api/vault/unlock.ts';
import { staffDashboard } from '../../api/dashboard/dashboard.service.ts';
import { insertCharge, insertSubscription } from './dashboard-fixtures.ts';
import { historiesOf, newShopper, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Catalogue, type Shopper } from './api-user-plan-fixtures.ts';
import { addCodes, appendCodes, asStaffApi, deleteBonus, deliverBoxes, EXE, PDF, shipBoxes, staffBonuses, uploadBonus, vaultOf } from './vault-fixtures.ts';

/**
 * Issue 33, 特典 unlocked on delivery: staff attach files and code lists to a round in the console
 * (checked by content, bounded, pictures resized); a fan's box opens them at delivery (the
 * warehouse's delivered file) or the set days after shipping (the billing pass), with one mail;
 * nothing is named before; downloads are signed, short-lived, the fan's alone and counted; each
 * box gets its own code until the list runs out; a milestone of 6 boxes in a row opens with a mail.
 */
let api: AccountApi;
let shop: Catalogue;
let catalogue: string;
let support: string;
let catalogueSecret: string;
let fans: { a: Shopper; b: Shopper; c: Shopper; refunded: Shopper };
const SHIP_DATE = new Date('2026-12-25T01:00:00Z');
const DAY = 86_400_000;
const PICTURE = 'ひみつの壁紙';
const SECRET_NAMES = [PICTURE, 'ないしょのPDF', 'ボイスのシリアル'];

beforeAll(async () => {
  api = await startSubscriptionApi({ staff: { adminOrigin: ADMIN_ORIGIN, opsToken: TEST_OPS_TOKEN } });
  shop = await seedCatalogue(api.db);
  const tokens: string[] = [];
  for (const role of ['catalogue', 'support'] as const) {
    const { secret } = await enrolledStaff(asStaffApi(api), `${role}@oshibox.example`, role);
    if (role === 'catalogue') catalogueSecret = secret;
    tokens.push(await signedIn(asStaffApi(api), `${role}@oshibox.example`, secret));
  }
  [catalogue, support] = tokens as [string, string];
  api.clock.now = new Date('2026-11-20T03:00:00Z');
  fans = { a: await newShopper(api), b: await newShopper(api), c: await newShopper(api), refunded: await newShopper(api) };
  for (const fan of Object.values(fans)) expect((await subscribe(api, fan, { planId: shop.light, count: 1 })).status).toBe(201);
});
afterAll(async () => api?.close());

const round = () => ({ round: shop.openRound.light });
/** The member signs in again once the test clock has jumped past their session (a step of 30 s). */
const signIn = async () => (catalogue = await signedIn(asStaffApi(api), 'catalogue@oshibox.example', catalogueSecret));
const boxOf = async (fan: Shopper) => (await historiesOf(api, fan.userId))[0]!;
const mailsTo = (fan: Shopper, subject: string) => api.mailbox.mails.filter((m) => m.to.includes(fan.email) && m.subject.includes(subject));
const linkFor = async (fan: Shopper, itemId: number) =>
  request(api.app).post(`/api/vault/items/${itemId}/link`).set('cookie', await secureCookie(api, fan.userId)).send({});

describe('the console attaches 特典 to a round', () => {
  it('takes a picture (resized), a PDF and a code list; refuses a program named .png, an oversized file and a code twice, naming the field', async () => {
    const picture = await uploadBonus(api, catalogue, round(), PICTURE, await pngOf(3000, 1500));
    expect(picture.status, picture.text).toBe(201);
    expect(picture.body).toMatchObject({ kind: 'image', name: PICTURE, contentType: 'image/png' });
    const stored = await api.db.selectFrom('bonuses').select('body').where('id', '=', (picture.body as StaffBonus).id).executeTakeFirstOrThrow();
    expect(await sharp(Buffer.from(stored.body!)).metadata()).toMatchObject({ width: BONUS_IMAGE_MAX_SIDE, height: BONUS_IMAGE_MAX_SIDE / 2, format: 'png' });
    expect((await uploadBonus(api, catalogue, round(), SECRET_NAMES[1]!, PDF).expect(201)).body).toMatchObject({ kind: 'pdf', bytes: PDF.byteLength });

    expect(expectApiError(await uploadBonus(api, catalogue, round(), 'photo.png', EXE), 400, 'BAD_REQUEST', ['file']).message).toContain('PNG');
    expectApiError(await uploadBonus(api, catalogue, round(), 'big', Buffer.alloc(BONUS_FILE_MAX_BYTES + 1, 0x25)), 400, 'BAD_REQUEST', ['file']);
    expectApiError(await addCodes(api, catalogue, round(), 'dup', 'X-1\nX-1\n'), 400, 'BAD_REQUEST', ['codes']);
    expect((await uploadBonus(api, support, round(), 'x', PDF)).status).toBe(403);
    expect((await request(api.app).get(`/api/staff/bonuses?round=${shop.openRound.light}`).set('cookie', withStaff(support))).status).toBe(403);

    const codes = await addCodes(api, catalogue, round(), SECRET_NAMES[2]!, 'SERIAL-AAA\r\n\nSERIAL-BBB\n');
    expect(codes.status, codes.text).toBe(201);
    expect(codes.body).toMatchObject({ kind: 'codes', codes: { total: 2, given: 0, left: 2, shortfall: 0 } });
    expect((await staffBonuses(api, catalogue, round())).map((b) => b.name)).toEqual(SECRET_NAMES);
    const audit = await api.db.selectFrom('audit_log').select(['action', 'outcome']).where('action', '=', 'catalogue.bonus.add').execute();
    expect(audit).toHaveLength(3);
  });
});

describe('a fan\'s 特典', () => {
  it('are nowhere before the box arrives: no item, no name, no link', async () => {
    const { vault, text } = await vaultOf(api, fans.a.userId);
    expect(vault.boxes).toEqual([]);
    expect(vault.locked).toHaveLength(1);
    for (const name of SECRET_NAMES) expect(text).not.toContain(name);
    const [first] = await staffBonuses(api, catalogue, round());
    expect((await linkFor(fans.a, first!.id)).status).toBe(404);
  });

  it('open when the delivered file is imported, with a code and one mail', async () => {
    api.clock.now = new Date(SHIP_DATE.getTime() + 3_600_000);
    expect(await shipBoxes(api, [(await boxOf(fans.a)).id, (await boxOf(fans.b)).id, (await boxOf(fans.c)).id])).toMatchObject({ applied: 3 });
    api.clock.now = new Date(SHIP_DATE.getTime() + DAY);
    expect(await deliverBoxes(api, [(await boxOf(fans.a)).id])).toMatchObject({ applied: 1 });
    await api.mailbox.waitFor(fans.a.email, (m) => m.subject.includes('特典が届きました'));

    const { vault } = await vaultOf(api, fans.a.userId);
    expect(vault.locked).toEqual([]);
    expect(vault.boxes).toHaveLength(1);
    expect(vault.boxes[0]!.items.map((i) => i.name)).toEqual(SECRET_NAMES);
    expect(vault.boxes[0]!.items.find((i) => i.kind === 'codes')?.code).toBe('SERIAL-AAA');
    // Still a surprise for the fan whose box is on its way.
    for (const name of SECRET_NAMES) expect((await vaultOf(api, fans.b.userId)).text).not.toContain(name);

    // My page's overview says so, to that fan only.
    const readyOf = async (fan: Shopper) =>
      ((await request(api.app).get('/api/user/overview').set('cookie', await secureCookie(api, fan.userId)).expect(200)).body as UserOverview).bonusesReady;
    expect([await readyOf(fans.a), await readyOf(fans.b)]).toEqual([1, 0]);

    await runPass(api);
    await runPass(api);
    expect(mailsTo(fans.a, '特典が届きました')).toHaveLength(1);
    expect(mailsTo(fans.a, '特典が届きました')[0]!.text).toContain('/mypage/tokuten');
    expect(mailsTo(fans.b, '特典が届きました')).toHaveLength(0);
  });

  it('download through a signed link: the bytes, counted; expired, forged or another fan\'s link refused', async () => {
    await signIn();
    const picture = (await staffBonuses(api, catalogue, round())).find((b) => b.kind === 'image')!;
    const made = await linkFor(fans.a, picture.id);
    expect(made.status, made.text).toBe(201);
    const link = made.body as DownloadLink;
    const cookieA = await secureCookie(api, fans.a.userId);
    const got = await request(api.app).get(link.url).set('cookie', cookieA).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(got.status).toBe(200);
    const stored = await api.db.selectFrom('bonuses').select('body').where('id', '=', picture.id).executeTakeFirstOrThrow();
    expect(Buffer.compare(got.body as Buffer, Buffer.from(stored.body!))).toBe(0);
    expect(got.headers['content-disposition']).toMatch(/^attachment; /);
    expect(got.headers['cache-control']).toBe('private, no-store');
    await request(api.app).get(link.url).set('cookie', cookieA).expect(200);
    expect((await staffBonuses(api, catalogue, round())).find((b) => b.id === picture.id)).toMatchObject({ downloads: 2, unlocked: 1 });

    const other = await request(api.app).get(link.url).set('cookie', await secureCookie(api, fans.b.userId));
    expect(other.status).toBe(403);
    expect(other.text).toContain('このダウンロードのリンクは使えません');
    expect((await request(api.app).get(link.url)).status).toBe(403);
    const forged = link.url.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect((await request(api.app).get(forged).set('cookie', cookieA)).status).toBe(403);
    expect((await linkFor(fans.b, picture.id)).status).toBe(404);
    api.clock.now = new Date(api.clock.now.getTime() + 6 * 60_000);
    // A fan's browser gets a small page with the way back; an API client the one error shape.
    const expired = await request(api.app).get(link.url).set('cookie', await secureCookie(api, fans.a.userId)).set('accept', 'text/html,*/*;q=0.8');
    expect(expired.status).toBe(410);
    expect(expired.headers['content-type']).toMatch(/^text\/html/);
    expect(expired.text).toContain('href="/mypage/tokuten"');
    expectApiError(await request(api.app).get(link.url).set('cookie', await secureCookie(api, fans.a.userId)), 410, 'GONE');
    expect(expired.text.length).toBeLessThan(1000);
    expect(expired.text).toContain('期限が切れました');
  });

  it(`open ${VAULT_UNLOCK_DAYS.fallback} days after shipping with no delivery record; each box its own code, then 「準備中」 and the shortfall`, async () => {
    // Refunded before it left the warehouse: it never ships, and never opens.
    await api.db.updateTable('plan_order_histories').set({ refund_status: 'refunded', refunded_at: api.clock.now }).where('id', '=', (await boxOf(fans.refunded)).id).execute();
    const shipped = (await boxOf(fans.b)).shipped_at!;
    api.clock.now = new Date(shipped.getTime() + VAULT_UNLOCK_DAYS.fallback * DAY - 60_000);
    await runPass(api);
    expect((await vaultOf(api, fans.b.userId)).vault.boxes).toEqual([]);
    api.clock.now = new Date(shipped.getTime() + VAULT_UNLOCK_DAYS.fallback * DAY + 60_000);
    // Two API copies' passes at once (on PostgreSQL truly side by side): no code given twice, no box two.
    await Promise.all([unlockDueBonuses(billingContext(api)), unlockDueBonuses(billingContext(api))]);
    await runPass(api);
    await api.mailbox.waitFor(fans.b.email, (m) => m.subject.includes('特典が届きました'));
    await api.mailbox.waitFor(fans.c.email, (m) => m.subject.includes('特典が届きました'));
    expect((await vaultOf(api, fans.refunded.userId)).vault).toMatchObject({ boxes: [], locked: [] });
    const codeOf = async (fan: Shopper) => (await vaultOf(api, fan.userId)).vault.boxes[0]!.items.find((i) => i.kind === 'codes')?.code;
    const given = [await codeOf(fans.a), await codeOf(fans.b), await codeOf(fans.c)];
    expect(given.filter(Boolean).sort()).toEqual(['SERIAL-AAA', 'SERIAL-BBB']);
    expect(given[2] === null || given[1] === null).toBe(true);
    await signIn();
    const list = (await staffBonuses(api, catalogue, round())).find((b) => b.kind === 'codes')!;
    expect(list.codes).toEqual({ total: 2, given: 2, left: 0, shortfall: 1 });
    expect(await api.db.selectFrom('bonus_unlocks').select('history_id').where('history_id', 'is not', null).execute()).toHaveLength(3);
    // More codes for the list: the fan who waited gets one at once; a code already in the list is refused.
    expectApiError(await appendCodes(api, catalogue, list.id, 'SERIAL-AAA\n'), 400, 'BAD_REQUEST', ['codes']);
    expect((await appendCodes(api, catalogue, list.id, 'SERIAL-CCC\n')).body).toMatchObject({ codes: { total: 3, given: 3, left: 0, shortfall: 0 } });
    const refilled = [await codeOf(fans.a), await codeOf(fans.b), await codeOf(fans.c)];
    expect(refilled.sort()).toEqual(['SERIAL-AAA', 'SERIAL-BBB', 'SERIAL-CCC']);
    // The dashboard's 「解放された特典」: B's and C's this (Tokyo) month, A's in December; A's two downloads.
    expect((await staffDashboard(api.db, api.clock.now)).vault).toEqual({ unlocksThisMonth: 2, downloads: 2 });
  });

  it('stay: an item a fan holds cannot be deleted (409, audited); one nobody holds can', async () => {
    await signIn();
    const [held] = await staffBonuses(api, catalogue, round());
    expectApiError(await deleteBonus(api, catalogue, held!.id), 409, 'CONFLICT', ['id']);
    const spare = (await uploadBonus(api, catalogue, { round: shop.nextRound.light }, 'spare', PDF).expect(201)).body as StaffBonus;
    await deleteBonus(api, catalogue, spare.id).expect(204);
    const rows = await api.db.selectFrom('audit_log').select(['outcome']).where('action', '=', 'catalogue.bonus.delete').orderBy('id').execute();
    expect(rows.map((r) => r.outcome)).toEqual(['refused', 'success']);
  });
});

describe('milestone 特典', () => {
  it('open when the streak reaches 6 paid rounds, with a mail 「継続6回の特典が届きました」', async () => {
    await signIn();
    const artist = await insertArtist(api.db, buildArtist({ slug: 'milestone-artist', name: 'マイルストーン' }));
    const planId = await insertPlan(api.db, buildPlan(artist, { name: 'ライトプラン', price: 3300, pre_tax_price: 3000 }));
    await addCodes(api, catalogue, { artist, milestone: 6 }, '6回記念コード', 'SIX-1\n').expect(201);
    await uploadBonus(api, catalogue, { artist, milestone: 12 }, '12回記念', PDF).expect(201);
    const fan = await newShopper(api);
    const sub = await insertSubscription(api.db, { userId: fan.userId, planId, created: '2026-05-01T00:00:00Z' });
    const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10'];
    const roundIds = [];
    for (const month of months) roundIds.push(await insertRound(api.db, buildRound(planId, new Date(`${month}-01T00:00:00Z`), new Date(`${month}-10T00:00:00Z`), new Date(`${month}-25T01:00:00Z`), `${month}`)));
    for (const id of roundIds) await insertCharge(api.db, { id: sub, userId: fan.userId, planId, price: 3300, preTax: 3000 }, id, { paid_at: api.clock.now, updated_at: api.clock.now });
    await runPass(api);
    expect((await vaultOf(api, fan.userId)).vault.milestones).toEqual([{ artist: { name: 'マイルストーン', slug: 'milestone-artist' }, streak: 5, reached: [], next: 6 }]);

    const sixth = await insertRound(api.db, buildRound(planId, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-10T00:00:00Z'), new Date('2026-11-25T01:00:00Z'), '11'));
    await insertCharge(api.db, { id: sub, userId: fan.userId, planId, price: 3300, preTax: 3000 }, sixth, { paid_at: api.clock.now, updated_at: api.clock.now });
    await runPass(api);
    const mail = await api.mailbox.waitFor(fan.email, (m) => m.subject.includes('継続6回の特典が届きました'));
    expect(mail.text).toContain('/mypage/tokuten');
    const { milestones } = (await vaultOf(api, fan.userId)).vault;
    expect(milestones).toMatchObject([{ streak: 6, next: 12, reached: [{ rounds: 6, items: [{ name: '6回記念コード', code: 'SIX-1' }] }] }]);
    await runPass(api);
    expect(api.mailbox.mails.filter((m) => m.to.includes(fan.email) && m.subject.includes('継続6回'))).toHaveLength(1);
  });
});
