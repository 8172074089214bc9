import { Writable } from 'node:stream';
import type { Express } from 'express';
import type { Kysely } from 'kysely';
import request, { type Response } from 'supertest';
import { createApiApp } from '../../api/app.ts';
import type { DB } from '../../api/db/schema.ts';
import { createMailer, type Mailer } from '../../api/mail/mailer.ts';
import { STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import { createSecretBox, type SecretBox } from '../../api/staff/secret-box.ts';
import { totpCodeAt } from '../../api/staff/totp.ts';
import type { StaffInvite, StaffRole } from '../../shared/staff-roles.ts';
import { createLogger } from '../../server/logger.server.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { TEST_OPS_TOKEN } from './api-fixtures.ts';
import type { CarrierSettings } from '../../shared/carrier-layout.ts';

/**
 * Set-up of the staff API tests (issue 19): the API over a fresh database, a clock the test
 * moves, the console's origin, and the production logger writing into memory.
 */
export const ADMIN_ORIGIN = 'http://localhost:3002';
export const START = new Date('2026-11-22T03:00:00.000Z');
export const MINUTE = 60_000;
export const STAFF_PASSWORD = 'console-pass-1';
/** STAFF_SECRET_KEY of the test API, so `npm run ops` on PostgreSQL seals with the same key. */
export const TEST_STAFF_SECRET_KEY = Buffer.alloc(32, 0x5a).toString('base64');

export interface StaffApi {
  app: Express;
  db: Kysely<DB>;
  /** The PostgreSQL database's URL when DATABASE_URL is set, else null (PGlite in memory). */
  databaseUrl: string | null;
  mailer: Mailer;
  logs: string[];
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/**
 * `smtpUrl`: mail goes over SMTP (a test's mailbox) instead of the in-memory outbox.
 * `staffSecrets`: the box the API seals and opens TOTP secrets with (default: TEST_STAFF_SECRET_KEY alone).
 * `carrierSettings`: SENDER_* and the carriers' codes as configured.
 * `consolidationWindowDays`: CONSOLIDATION_WINDOW_DAYS (同梱, shared/parcel.ts).
 */
export async function startStaffApi(options: { smtpUrl?: string; staffSecrets?: SecretBox; carrierSettings?: CarrierSettings; consolidationWindowDays?: number } = {}): Promise<StaffApi> {
  const database: TestDatabase = await createTestDatabase();
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const clock = {
    now: START,
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://', smtpUrl: options.smtpUrl });
  const app = createApiApp({
    db: database.handle.db,
    logger: createLogger('trace', 'api', sink),
    now: () => clock.now,
    publicOrigin: 'http://localhost:3000',
    adminOrigin: ADMIN_ORIGIN,
    mailer,
    ops: { token: TEST_OPS_TOKEN, hosts: [] },
    staffSecrets: options.staffSecrets ?? createSecretBox(Buffer.from(TEST_STAFF_SECRET_KEY, 'base64')),
    carrierSettings: options.carrierSettings,
    consolidationWindowDays: options.consolidationWindowDays,
  });
  return { app, db: database.handle.db, databaseUrl: database.url, mailer, logs, clock, close: () => database.destroy() };
}

/** `npm run ops -- staff add` as the command line sends it to the running API. */
export async function opsStaffAdd(api: StaffApi, email: string, role: StaffRole): Promise<StaffInvite> {
  const res = await request(api.app).post('/ops/staff').set('authorization', `Bearer ${TEST_OPS_TOKEN}`).send({ email, role });
  if (res.status !== 201) throw new Error(`ops staff add answered ${res.status}: ${res.text}`);
  return res.body as StaffInvite;
}

export const tokenOf = (invite: StaffInvite) => invite.setupUrl.slice(`${ADMIN_ORIGIN}/setup/`.length);

/** The secret of the otpauth:// URI, as the authenticator app reads it from the QR code. */
export async function setupSecret(api: StaffApi, token: string): Promise<string> {
  const res = await request(api.app).get(`/api/staff/setup/${token}`);
  const uri = (res.body as { otpauthUri: string }).otpauthUri;
  return new URL(uri).searchParams.get('secret') ?? '';
}

/** The code the authenticator app shows now. */
export function codeNow(api: StaffApi, secret: string): string {
  return totpCodeAt(secret, api.clock.now);
}

/** Waits for the app's next code, as a person would after using one (a code is taken once). */
export function nextStep(api: StaffApi): void {
  api.clock.advance(30_000);
}

/** A member added by the operator who completed setup; returns the TOTP secret and recovery codes. */
export async function enrolledStaff(api: StaffApi, email: string, role: StaffRole) {
  const token = tokenOf(await opsStaffAdd(api, email, role));
  const secret = await setupSecret(api, token);
  const res = await request(api.app)
    .post(`/api/staff/setup/${token}`)
    .set('origin', ADMIN_ORIGIN)
    .send({ password: STAFF_PASSWORD, passwordConfirm: STAFF_PASSWORD, otp: codeNow(api, secret) });
  if (res.status !== 200) throw new Error(`setup answered ${res.status}: ${res.text}`);
  nextStep(api);
  return { secret, recoveryCodes: (res.body as { recoveryCodes: string[] }).recoveryCodes };
}

export function staffLogin(api: StaffApi, email: string, otp: string, password = STAFF_PASSWORD) {
  return request(api.app).post('/api/staff/login').set('origin', ADMIN_ORIGIN).send({ email, password, otp });
}

export function staffCookieFrom(res: Response): string | null {
  const raw = res.headers['set-cookie'] as unknown;
  const cookies = Array.isArray(raw) ? raw.filter((c): c is string => typeof c === 'string') : [];
  const value = cookies.find((c) => c.startsWith(`${STAFF_COOKIE}=`))?.slice(STAFF_COOKIE.length + 1).split(';')[0];
  return value ? decodeURIComponent(value) : null;
}

export const withStaff = (token: string | null) => (token ? `${STAFF_COOKIE}=${token}` : '');

/** Signs in with the current TOTP code (then waits a step) and returns the session token. */
export async function signedIn(api: StaffApi, email: string, secret: string): Promise<string> {
  const res = await staffLogin(api, email, codeNow(api, secret));
  const token = staffCookieFrom(res);
  if (res.status !== 200 || !token) throw new Error(`login answered ${res.status}: ${res.text}`);
  nextStep(api);
  return token;
}

export function me(api: StaffApi, token: string | null) {
  return request(api.app).get('/api/staff/me').set('cookie', withStaff(token));
}
