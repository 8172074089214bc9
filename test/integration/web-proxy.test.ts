import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/app.server.ts';
import { listenOnLoopback, silentLogger, testConfig } from '../support/stack.ts';

/**
 * The /api proxy against a real upstream HTTP server that records what reaches it, so the test
 * sees exactly what crosses the proxy in each direction.
 */
interface Seen {
  cookie?: string;
  requestId?: string;
  body?: string;
  contentType?: string;
}

const seen: Seen[] = [];
const upstream = express();
upstream.all('/api/echo', (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({
      cookie: req.headers.cookie,
      requestId: req.headers['x-request-id'] as string | undefined,
      body: Buffer.concat(chunks).toString('utf8'),
      contentType: req.headers['content-type'],
    });
    res.set('connection', 'close');
    res.cookie('oshibox_sid', 'token-from-api', { httpOnly: true, sameSite: 'lax' });
    res.json({ ok: true });
  });
});
/** The slow route answers only when the test lets it (`releaseSlow`), however long that takes. */
const slowWaiting: (() => void)[] = [];
const releaseSlow = () => slowWaiting.splice(0).forEach((answer) => answer());
upstream.get('/api/slow', (_req, res) => {
  slowWaiting.push(() => res.json({ late: true }));
});
upstream.get('/api/login/loginStatus', (req, res) => {
  seen.push({ requestId: req.headers['x-request-id'] as string | undefined, cookie: req.headers.cookie });
  res.json({ userId: null, user: null });
});

let upstreamServer: http.Server;
let web: express.Express;
let webServer: http.Server;
let webUrl: string;

function buildWeb(apiOrigin: string): express.Express {
  const config = testConfig({ API_ORIGIN: apiOrigin, PROXY_TIMEOUT_MS: '500' });
  return createWebApp({ config, logger: silentLogger, clientDir: path.resolve('dist/client') });
}

beforeAll(async () => {
  const up = await listenOnLoopback(upstream);
  upstreamServer = up.server;
  web = buildWeb(up.url);
  const listening = await listenOnLoopback(web);
  webServer = listening.server;
  webUrl = listening.url;
});
afterAll(async () => {
  await Promise.all([upstreamServer, webServer].map((s) => new Promise((r) => s.close(r))));
});

describe('/api proxy', () => {
  it('passes Cookie up and Set-Cookie down, and forwards the request id', async () => {
    seen.length = 0;
    const res = await request(web).get('/api/echo').set('cookie', 'oshibox_sid=abc; theme=pink').set('x-request-id', 'lb-req-000042').expect(200);
    expect(res.headers['set-cookie']?.[0]).toMatch(/^oshibox_sid=token-from-api; Path=\/; HttpOnly; SameSite=Lax/);
    expect(res.headers['x-request-id']).toBe('lb-req-000042');
    expect(seen[0]?.cookie).toBe('oshibox_sid=abc; theme=pink');
    expect(seen[0]?.requestId).toBe('lb-req-000042');
  });

  it('streams a request body through untouched', async () => {
    seen.length = 0;
    const raw = '{"name":"推し","note":"  spaces kept  ","n":1.50}';
    await request(web).post('/api/echo').set('content-type', 'application/json').send(raw).expect(200);
    expect(seen[0]?.body).toBe(raw);
    expect(seen[0]?.contentType).toBe('application/json');
  });

  it('never tells the browser connection: close, whatever the upstream said', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const { port } = webServer.address() as AddressInfo;
      http.get({ host: '127.0.0.1', port, path: '/api/echo', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      }).on('error', reject);
    });
    agent.destroy();
    expect(headers.connection).not.toBe('close');
  });

  it('answers 504 JSON when the upstream is too slow', async () => {
    const res = await request(web).get('/api/slow').expect(504);
    // The upstream cannot answer before releaseSlow(): this is the proxy's own deadline (PROXY_TIMEOUT_MS).
    releaseSlow();
    expect(res.body).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    expect(res.body.message).toMatch(/[ぁ-ん]/);
  });

  it('answers 502 JSON at once when the API is down', async () => {
    const closed = await listenOnLoopback(express());
    await new Promise((r) => closed.server.close(r));
    const orphan = buildWeb(closed.url);
    // Not a 504: a proxy that hung or retried on the refused connection would reach its 500 ms
    // deadline (PROXY_TIMEOUT_MS, counted from the request's start) and answer UPSTREAM_TIMEOUT.
    const res = await request(orphan).get('/api/artist').expect(502);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(res.body.messageEn).toContain('try again');
  });
});

describe('server-side loaders', () => {
  it("call the API with the shopper's cookie and the same request id", async () => {
    seen.length = 0;
    await request(webUrl).get('/lineup').set('cookie', 'oshibox_sid=xyz').set('x-request-id', 'lb-ssr-000007');
    const status = seen.find((s) => s.requestId === 'lb-ssr-000007');
    expect(status?.cookie).toBe('oshibox_sid=xyz');
  });

  it('show the communication error of docs/spec.md §8 when the API cannot be reached', async () => {
    const closed = await listenOnLoopback(express());
    await new Promise((r) => closed.server.close(r));
    const web = buildWeb(closed.url);
    // A session's login status failed: the whole shell is the global error (docs/spec.md §2).
    const member = await request(web).get('/lineup').set('cookie', 'oshibox_sid=xyz');
    expect(member.status).toBe(503);
    expect(member.text).toContain('通信エラーが発生しました。通信環境の良い場所で再度お試しください。');
    expect(member.text).not.toContain('class="header"');
    // Without a session nothing asks for the login status (issue 11): the page's own call fails
    // and the page says so inside the shell.
    const anonymous = await request(web).get('/lineup');
    expect(anonymous.status).toBe(503);
    expect(anonymous.text).toContain('通信エラーが発生しました。通信環境の良い場所で再度お試しください。');
    expect(anonymous.text).toContain('class="header"');
  });
});
