import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../api/staff/totp.ts';
import { STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import type { ArtistDetail, Plan, PlanOrderHistory, UserPlanWithTiers } from '../../shared/api/types.ts';
import { href } from '../../shared/routes.ts';
import type { DownloadLink, UserVault } from '../../shared/api/vault.ts';
import { killAll, startShop, tempDataDir } from './process-fixtures.ts';
import { newFan, RehearsalShop, type Fan } from './rehearsal-fans.ts';
import { readParcelRehearsal } from './rehearsal-readme.ts';

/**
 * Issue 33's "done when", as the README's "Two artists in one parcel, a 特典 and a milestone" says
 * it on a fresh demo shop: a fan of 天音くるり and 星野ミライ, whose rounds ship the same day, pays
 * shipping once for the two boxes; staff add a 特典 to 天音くるり's round and a milestone 特典 at 2
 * rounds to 星野ミライ in the console (over its API, as its forms post); the README's lines, typed,
 * charge both boxes, put them on one carrier line, ship and deliver them under one tracking number,
 * and open the 特典 and the milestone, with their mails.
 */
const rs = new RehearsalShop();
const fan: Fan = newFan('rehearsal-parcel');
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const block = readParcelRehearsal(readme);
let staffCookie = '';
/** The two monthly plans and the round My plans names next for each. */
const plans: Record<'kururi' | 'mirai', { plan: Plan; nextRoundId: number }> = {} as never;
let deadline = 0;

afterAll(async () => {
  await killAll();
  rs.removeCheckout();
});

beforeAll(async () => {
  const dataDir = tempDataDir();
  rs.started(await startShop('all', { DATA_DIR: dataDir, BILLING_INTERVAL_MS: '3600000', SEED_DEMO_CUSTOMERS: 'false' }), dataDir);
  await rs.signUp(fan);
  expect(await rs.registerCard(block.card, fan)).toContain('card=registered');
}, 90_000);

const lightPlanOf = async (slug: string): Promise<Plan> => {
  const artist = (await (await rs.callAs(fan, 'GET', `/api/artist/${slug}`)).json()) as ArtistDetail;
  return artist.plans.find((p) => p.name === 'ライトプラン')!;
};

/** The staff API as the console's pages call it: from the console's origin (ADMIN_ORIGIN's default, localhost). */
async function staff(method: string, url: string, body?: Buffer | object, type = 'application/json') {
  return fetch(`${rs.shop.apiUrl}${url}`, {
    method, headers: { origin: `http://localhost:${rs.shop.ports.admin}`, cookie: staffCookie, ...(body ? { 'content-type': type } : {}) },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
}

/** The README's `staff add`, its setup link opened, and a sign-in with the next authenticator code. */
async function enrolOwner(): Promise<void> {
  const { stderr } = await rs.typedOps(block.staffAdd);
  const token = /\/setup\/([A-Za-z0-9_-]+)/.exec(stderr)![1]!;
  const setup = await staff('GET', `/api/staff/setup/${token}`);
  const secret = new URL(((await setup.json()) as { otpauthUri: string }).otpauthUri).searchParams.get('secret')!;
  const password = 'rehearsal-owner-pass-1';
  const done = await staff('POST', `/api/staff/setup/${token}`, { password, passwordConfirm: password, otp: totpCodeAt(secret, new Date()) });
  expect(done.status).toBe(200);
  // A code is taken once: the sign-in waits for the app's next one, as a person would.
  const step = 30_000 - (Date.now() % 30_000) + 500;
  await new Promise((resolve) => setTimeout(resolve, step));
  const email = /staff add (\S+)/.exec(block.staffAdd)![1]!;
  const login = await staff('POST', '/api/staff/login', { email, password, otp: totpCodeAt(secret, new Date()) });
  expect(login.status).toBe(200);
  staffCookie = login.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`))!.split(';')[0]!;
}

const historiesOf = () => rs.historiesOf(fan);
const boxOf = async (roundId: number): Promise<PlanOrderHistory> => (await historiesOf()).find((h) => h.order.id === roundId)!;
const subjects = () => rs.outbox(fan).map((m) => m.subject);

describe("the README's two artists in one parcel, a 特典 and a milestone", () => {
  it('charges the second checkout without shipping and says so, and My plans says the same of the next round', async () => {
    plans.kururi = { plan: await lightPlanOf('amane_kururi'), nextRoundId: 0 };
    plans.mirai = { plan: await lightPlanOf('hoshino_mirai'), nextRoundId: 0 };
    expect(plans.kururi.plan.currentOrder!.shipDate).toBe(plans.mirai.plan.currentOrder!.shipDate);
    expect(await rs.subscribe(fan, plans.kururi.plan.id)).toBe(201);
    const checkout = await rs.pageText(href('checkout', { slug: 'hoshino_mirai', planId: plans.mirai.plan.id }), fan);
    expect(checkout).toContain('同梱で送料 ¥660 お得');
    expect(await rs.subscribe(fan, plans.mirai.plan.id)).toBe(201);
    const paid = (await historiesOf()).map((h) => [h.plan.id, h.total]).sort();
    expect(paid).toEqual([[plans.kururi.plan.id, 3_960], [plans.mirai.plan.id, 3_300]].sort());
    const mine = (await (await rs.callAs(fan, 'GET', '/api/userPlan')).json()) as UserPlanWithTiers[];
    for (const p of mine) {
      const key = p.plan.id === plans.kururi.plan.id ? 'kururi' : 'mirai';
      plans[key].nextRoundId = p.nextBilledRound!.id;
    }
    const myPlans = await rs.pageText(href('plan'), fan);
    expect(myPlans).toContain('同梱で送料 ¥660 お得');
    const shown = /次回の決済：(\d{1,2}月号) — 申込締切 (\d{4}\/\d{2}\/\d{2} \d{2}:\d{2})/.exec(myPlans)!;
    deadline = Date.parse(`${shown[2]!.replaceAll('/', '-').replace(' ', 'T')}:00+09:00`);
  });

  it('takes a 特典 on 天音くるり\'s next round and a milestone at 2 rounds on 星野ミライ in the console', async () => {
    await enrolOwner();
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#4f6fd6' } }).png().toBuffer();
    const round = await staff('POST', `/api/staff/bonus-files?round=${plans.kururi.nextRoundId}&name=${encodeURIComponent('壁紙.png')}`, picture, 'image/png');
    expect(round.status).toBe(201);
    const artistId = plans.mirai.plan.artistId;
    const milestone = await staff('POST', `/api/staff/bonus-files?artist=${artistId}&milestone=2&name=${encodeURIComponent('継続2回の壁紙.png')}`, picture, 'image/png');
    expect(milestone.status).toBe(201);
  }, 60_000);

  it('charges both boxes at the deadline with one shipping fee, and the second round of 星野ミライ reaches the milestone', { timeout: 120_000 }, async () => {
    const summary = (await rs.typedOps(block.moved(block.lines.charge, deadline))).summary;
    expect(summary).toMatchObject({ reserved: 2, charged: 2, declined: 0 });
    const kururi = await boxOf(plans.kururi.nextRoundId);
    const mirai = await boxOf(plans.mirai.nextRoundId);
    expect([kururi.total, mirai.total].sort()).toEqual([3_300, 3_960]);
    await expect.poll(subjects).toContainEqual(expect.stringContaining('継続2回の特典が届きました'));
  });

  it('puts the two boxes on one carrier line, ships and delivers them under one tracking number, and opens the 特典', { timeout: 180_000 }, async () => {
    expect((await rs.typedOps(block.moved(block.lines.preparing, deadline))).summary).toMatchObject({ preparing: 2 });
    const roundIds = [plans.kururi.nextRoundId, plans.mirai.nextRoundId];
    let lines: string[] = [];
    for (const id of roundIds) {
      const exported = await rs.typed(block.lines.export.replace('<id>', String(id)));
      expect(exported).toMatchObject({ code: 0 });
      lines = readFileSync(path.join(rs.checkout, 'parcel.csv'), 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
      if (lines.length > 1) break;
    }
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('天音くるり');
    expect(lines[1]).toContain('星野ミライ');
    writeFileSync(path.join(rs.checkout, 'parcel.csv'), `${lines[0]}\n${lines[1]!.replace(/,,$/, ',yamato,1234-5678-9012')}\n`);
    expect((await rs.typedOps(block.lines.import)).summary).toMatchObject({ applied: 1, refused: [] });
    for (const id of roundIds) expect((await boxOf(id)).shipNumber).toBe('1234-5678-9012');
    expect(await rs.typedOps(block.lines.delivered)).toMatchObject({ summary: expect.objectContaining({ refused: [] }) });
    for (const id of roundIds) expect((await boxOf(id)).paymentStatusLabel.ja).toBe('決済完了・配達完了');
    await expect.poll(subjects).toContainEqual(expect.stringContaining('特典が届きました'));
    const history = await rs.pageText(href('orderHistory'), fan);
    expect(history).toMatch(/同梱: .*（1個口）/);
    expect(history).toContain('送料は同梱の');
    const vault = await rs.pageText('/mypage/tokuten', fan);
    expect(vault).toContain('壁紙.png');
    expect(vault).toContain('継続2回の壁紙.png');
    // The download: a link for this fan alone, then the picture's bytes.
    const { boxes } = (await (await rs.callAs(fan, 'GET', '/api/vault')).json()) as UserVault;
    const item = boxes.flatMap((b) => b.items).find((i) => i.name === '壁紙.png')!;
    const { url } = (await (await rs.callAs(fan, 'POST', `/api/vault/items/${item.id}/link`, {})).json()) as DownloadLink;
    const download = await rs.callAs(fan, 'GET', url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await sharp(Buffer.from(await download.arrayBuffer())).metadata()).format).toBe('png');
  });
});
