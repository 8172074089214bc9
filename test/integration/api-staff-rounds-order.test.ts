import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundList } from '../../shared/api/rounds.ts';
import { expectApiError } from './api-fixtures.ts';
import { enrolledStaff, signedIn, START, startStaffApi, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { addBox, seedExportRound, type ExportRound } from './round-export-fixtures.ts';

/**
 * 号・出荷 opens on what needs action (issue 32): rounds past their deadline with boxes to ship
 * (oldest ship date first), then rounds taking orders (nearest deadline first), then the rest;
 * filtered by status, artist and ship month. A round's deadline is 10 days before its ship date.
 */
const DAY = 86_400_000;
let api: StaffApi;
let token = '';
const r: Record<string, ExportRound> = {};

const list = async (query = '') => {
  const res = await request(api.app).get(`/api/staff/rounds${query}`).set('cookie', withStaff(token));
  expect(res.status).toBe(200);
  return res.body as RoundList;
};
const names = (body: RoundList) => body.rounds.map((round) => Object.entries(r).find(([, v]) => v.roundId === round.id)?.[0]);

beforeAll(async () => {
  api = await startStaffApi();
  const at = (days: number) => new Date(START.getTime() + days * DAY);
  const seed = async (key: string, days: number, status: string | null) => {
    r[key] = await seedExportRound(api.db, `order-${key.toLowerCase()}`, at(days), `アーティスト${key}`);
    if (status) await addBox(api.db, r[key], status);
  };
  await seed('far', 300, null);
  await seed('shippedOld', -100, null);
  await seed('late', -30, 'WAITING');
  await seed('next', 20, 'SUCCESS');
  await seed('delivered', -60, 'DELIVERED');
  await seed('charged', -3, 'SUCCESS');
  await seed('later', 40, null);
  const { secret } = await enrolledStaff(api, 'fulfilment@round-order.example', 'fulfilment');
  token = await signedIn(api, 'fulfilment@round-order.example', secret);
}, 60_000);
afterAll(async () => api?.close());

describe('the rounds list opens on what needs action', () => {
  it('lists rounds to ship first (oldest ship date), then open rounds (nearest deadline), then the done ones', async () => {
    const body = await list();
    expect(names(body)).toEqual(['late', 'charged', 'next', 'later', 'far', 'delivered', 'shippedOld']);
    expect(body.rounds.map((round) => round.state)).toEqual(['ship', 'ship', 'open', 'open', 'open', 'done', 'done']);
    expect(body.rounds[0]).toMatchObject({ toShip: 1, waiting: 1 });
    expect(body.artists.map((a) => a.name)).toContain('アーティストlate');
  });

  it('filters by status, artist and the month of the ship date', async () => {
    expect(names(await list('?state=ship'))).toEqual(['late', 'charged']);
    expect(names(await list('?state=open'))).toEqual(['next', 'later', 'far']);
    expect(names(await list('?state=done'))).toEqual(['delivered', 'shippedOld']);
    const artist = (await list()).artists.find((a) => a.name === 'アーティストnext');
    expect(names(await list(`?artist=${artist?.id}`))).toEqual(['next']);
    // START - 30 days is 2026-10-23 (JST): the October ship month holds that round alone.
    expect(names(await list('?month=2026-10'))).toEqual(['late']);
    expect(names(await list('?state=ship&month=2026-11'))).toEqual(['charged']);
  });

  it('refuses a filter it does not know, naming it', async () => {
    expectApiError(await request(api.app).get('/api/staff/rounds?state=later').set('cookie', withStaff(token)), 400, 'BAD_REQUEST');
    expectApiError(await request(api.app).get('/api/staff/rounds?month=2026-13').set('cookie', withStaff(token)), 400, 'BAD_REQUEST');
  });
});
