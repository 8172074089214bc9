import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { listenOnLoopback, silentLogger, testConfig } from '../support/stack.ts';

/**
 * Issue 29 (M): the API's throttles key on the client the trusted hops name (TRUST_PROXY), not on
 * the hop itself. In deploy/compose.yaml a shopper's login reaches the API from HAProxy, with the
 * web copy's address appended to the one the web tier wrote: `X-Forwarded-For: shopper, web copy`.
 * Here HAProxy is 127.0.0.2 (another peer on the loopback range), the web copies are 10.0.0.0/8,
 * and 127.0.0.3 is a peer TRUST_PROXY does not name.
 */
const HAPROXY = '127.0.0.2';
const STRANGER = '127.0.0.3';
const WEB_COPY = '10.1.2.3';
const MINUTE = 60_000;

let database: TestDatabase;
let server: Server;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
  const config = testConfig({ TRUST_PROXY: `${HAPROXY},10.0.0.0/8` });
  const app = createApiApp({
    db: database.handle.db,
    logger: silentLogger,
    now: () => new Date(),
    publicOrigin: config.PUBLIC_ORIGIN,
    mailer,
    trustProxy: config.TRUST_PROXY,
    // Two wrong logins per client: the third is refused, whatever the e-mail.
    throttle: { loginClient: { limit: 2, windowMs: 15 * MINUTE }, loginEmail: { limit: 100, windowMs: 15 * MINUTE } },
  });
  ({ server } = await listenOnLoopback(app));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.destroy();
});

/** A wrong login sent from `from` (a local address of this machine) with the given X-Forwarded-For. */
function wrongLogin(from: string, forwardedFor: string, email: string): Promise<number> {
  const body = JSON.stringify({ email, password: 'wrong-pass-9' });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/login/emailLogin',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': forwardedFor, connection: 'close' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the client the API throttles (TRUST_PROXY)', () => {
  it('tells two shoppers apart behind HAProxy and the web copies: one locked out, the other still tries', async () => {
    const first = `198.51.100.1, ${WEB_COPY}`;
    const second = `198.51.100.2, ${WEB_COPY}`;
    expect(await wrongLogin(HAPROXY, first, 'a1@example.com')).toBe(401);
    expect(await wrongLogin(HAPROXY, first, 'a2@example.com')).toBe(401);
    expect(await wrongLogin(HAPROXY, first, 'a3@example.com')).toBe(429);
    expect(await wrongLogin(HAPROXY, second, 'b1@example.com')).toBe(401);
    expect(await wrongLogin(HAPROXY, second, 'b2@example.com')).toBe(401);
    expect(await wrongLogin(HAPROXY, second, 'b3@example.com')).toBe(429);
  });

  it('counts every attempt of a peer TRUST_PROXY does not name against that peer, whatever X-Forwarded-For it forges', async () => {
    expect(await wrongLogin(STRANGER, '203.0.113.1', 'c1@example.com')).toBe(401);
    expect(await wrongLogin(STRANGER, '203.0.113.2', 'c2@example.com')).toBe(401);
    expect(await wrongLogin(STRANGER, '203.0.113.3', 'c3@example.com')).toBe(429);
    // The forged addresses were never counted as clients: one of them, sent through HAProxy, still tries.
    expect(await wrongLogin(HAPROXY, `203.0.113.3, ${WEB_COPY}`, 'c4@example.com')).toBe(401);
  });
});
