import request from 'supertest';
import type { StaffBonus } from '../../shared/api/vault.ts';
import type { UserVault } from '../../shared/api/vault.ts';
import { importShipments } from '../../api/billing/shipments.ts';
import { ADMIN_ORIGIN, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { billingContext, secureCookie } from './billing-fixtures.ts';
import type { AccountApi } from './api-user-plan-fixtures.ts';

/** The 特典 vault's tests (issue 33): the console's calls, the fan's, and the warehouse's files. */
export const asStaffApi = (a: AccountApi): StaffApi => ({ ...a, databaseUrl: null });

export type Owner = { round: number } | { artist: number; milestone: number };

const ownerQuery = (owner: Owner) => new URLSearchParams(Object.entries(owner).map(([k, v]) => [k, String(v)])).toString();

export const uploadBonus = (api: AccountApi, token: string, owner: Owner, name: string, bytes: Buffer) =>
  request(api.app).post(`/api/staff/bonus-files?${ownerQuery(owner)}&name=${encodeURIComponent(name)}`)
    .set('origin', ADMIN_ORIGIN).set('cookie', withStaff(token)).set('content-type', 'application/octet-stream').send(bytes);

export const addCodes = (api: AccountApi, token: string, owner: Owner, name: string, codes: string) =>
  request(api.app).post('/api/staff/bonuses').set('origin', ADMIN_ORIGIN).set('cookie', withStaff(token)).send({ ...owner, name, codes });

export const appendCodes = (api: AccountApi, token: string, id: number, codes: string) =>
  request(api.app).post(`/api/staff/bonuses/${id}/codes`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(token)).send({ codes });

export const deleteBonus = (api: AccountApi, token: string, id: number) =>
  request(api.app).delete(`/api/staff/bonuses/${id}`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(token));

export async function staffBonuses(api: AccountApi, token: string, owner: { round: number } | { artist: number }): Promise<StaffBonus[]> {
  const res = await request(api.app).get(`/api/staff/bonuses?${ownerQuery(owner as Owner)}`).set('cookie', withStaff(token)).expect(200);
  return (res.body as { bonuses: StaffBonus[] }).bonuses;
}

export async function vaultOf(api: AccountApi, userId: number): Promise<{ vault: UserVault; text: string }> {
  const res = await request(api.app).get('/api/vault').set('cookie', await secureCookie(api, userId)).expect(200);
  return { vault: res.body as UserVault, text: res.text };
}

/** The warehouse's shipped file (tracking numbers), then its delivered file, as `npm run ops` imports them. */
export async function shipBoxes(api: AccountApi, historyIds: number[]) {
  const lines = historyIds.map((id, i) => `${id},1234-5678-${String(9000 + i)}`).join('\n');
  return importShipments(billingContext(api), `orderHistoryId,trackingNumber\n${lines}\n`, 'shipped');
}

export async function deliverBoxes(api: AccountApi, historyIds: number[]) {
  return importShipments(billingContext(api), `orderHistoryId,trackingNumber\n${historyIds.map((id) => `${id},`).join('\n')}\n`, 'delivered');
}

/** A minimal PDF: the magic bytes and a body. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A Windows program, named like a picture. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);
