import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { createWebApp } from '../../server/app.server.ts';
import { rawRequest } from '../support/raw-http.ts';
import { listenOnLoopback, silentLogger, testConfig } from '../support/stack.ts';

/**
 * The web tier against a fake shop API (a real `node:http` server) that can stall, fail, answer
 * early or record what reaches it: what a shopper sees when the API misbehaves, and what the API
 * is told about the shopper.
 */
type Mode = 'ok' | 'stall' | 'fail';
let mode: Mode = 'ok';
const seen: http.IncomingHttpHeaders[] = [];
const paths: string[] = [];
const stalled = new Set<http.ServerResponse>();

const upstream = http.createServer((req, res) => {
  seen.push(req.headers);
  paths.push(req.url ?? '');
  if (req.url?.startsWith('/api/early413')) {
    // Refuses at once, without reading the body, as an API's size limit does.
    res.writeHead(413, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'BAD_REQUEST', message: '大きすぎます。', messageEn: 'Too large.' }));
    return;
  }
  if (mode === 'stall') {
    stalled.add(res);
    return;
  }
  if (mode === 'fail') {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'INTERNAL', message: 'エラー', messageEn: 'Error' }));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(req.url?.startsWith('/api/login/loginStatus') ? '{"userId":null,"user":null}' : '[]');
});

let upstreamUrl: string;

function buildWeb(env: Record<string, string> = {}, apiOrigin = upstreamUrl): express.Express {
  const config = testConfig({ API_ORIGIN: apiOrigin, PROXY_TIMEOUT_MS: '500', ...env });
  return createWebApp({ config, logger: silentLogger, clientDir: path.resolve('dist/client') });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of stalled) res.destroy();
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});
beforeEach(() => {
  mode = 'ok';
  seen.length = 0;
  paths.length = 0;
});

describe('page loaders while the API stalls or fails', () => {
  // Regression: the loaders' API calls had no deadline, so a stalled API stalled every page.
  it('a public page answers at the deadline with the §8 communication error, a 503, never cached', async () => {
    mode = 'stall';
    const started = Date.now();
    const res = await request(buildWeb()).get('/lineup');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.status).toBe(503);
    expect(res.text).toContain(MESSAGES.communicationError.ja);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  // Regression (issue 17): the loaders' signal was `AbortSignal.any([…, AbortSignal.timeout()])`,
  // which Node 20 holds weakly: under load a garbage collection dropped it and the page waited
  // for the API to come back. Collections are forced here, as load brings them.
  it('a page answers at the deadline while garbage collections run during its wait', async () => {
    mode = 'stall';
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const collecting = setInterval(gc, 50);
    try {
      // Built before the clock starts: the bound is on the answers, not on making five apps.
      const webs = Array.from({ length: 5 }, () => buildWeb());
      const started = Date.now();
      const statuses = await Promise.all(
        webs.map((web) => request(web).get('/lineup').timeout(8000).then((res) => res.status, (error: Error) => error.message)),
      );
      expect(statuses).toEqual([503, 503, 503, 503, 503]);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      clearInterval(collecting);
    }
  });

  // Regression: the guard read a failed login status as "signed out" and sent the shopper to login.
  it.each(['/mypage/profile', '/mypage/plan', '/mypage/profile/payment'])('member page %s shows the §8 error, not the login page, while the API is stalled', async (page) => {
    mode = 'stall';
    const res = await request(buildWeb()).get(page).set('cookie', 'oshibox_sid=member-session');
    expect(res.status).toBe(503);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain(MESSAGES.communicationError.ja);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a member page shows the §8 server error while the API answers 500', async () => {
    mode = 'fail';
    const res = await request(buildWeb()).get('/mypage/plan').set('cookie', 'oshibox_sid=member-session');
    expect(res.status).toBe(503);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain(MESSAGES.serverError.ja);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a member page shows the communication error while the API refuses connections', async () => {
    const closed = await listenOnLoopback(express());
    await new Promise((r) => closed.server.close(r));
    const res = await request(buildWeb({}, closed.url)).get('/mypage/profile').set('cookie', 'oshibox_sid=member-session');
    expect(res.status).toBe(503);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain(MESSAGES.communicationError.ja);
  });

  it('a signed-out visitor is still sent to login while the API answers', async () => {
    const res = await request(buildWeb()).get('/mypage/plan');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/mypage/login?url=%2Fmypage%2Fplan');
  });

  it('a stalled API does not hold the web server open: close() finishes once the page has answered', async () => {
    mode = 'stall';
    const { server, url } = await listenOnLoopback(buildWeb());
    const asked = paths.length;
    const page = request(url).get('/faq').set('connection', 'close').set('cookie', 'oshibox_sid=member-session').then((res) => res);
    // The page's call has reached the stalled API: the web server is holding the page open.
    await expect.poll(() => paths.length).toBeGreaterThan(asked);
    const started = Date.now();
    const closed = new Promise((r) => server.close(r));
    expect((await page).status).toBe(503);
    await closed;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('login status lookups (issue 11)', () => {
  const loginStatusCalls = () => paths.filter((p) => p.startsWith('/api/login/loginStatus')).length;

  it('an anonymous request (no session cookie) never asks the API for its login status', async () => {
    await request(buildWeb()).get('/faq').set('cookie', 'theme=pink').expect(200);
    await request(buildWeb()).get('/mypage/plan').expect(302);
    expect(loginStatusCalls()).toBe(0);
  });

  it('a member page asks once, though the root loader and the guard both need the answer', async () => {
    const res = await request(buildWeb()).get('/mypage/plan').set('cookie', 'oshibox_sid=ended-session');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/mypage/login?url=%2Fmypage%2Fplan');
    expect(loginStatusCalls()).toBe(1);
  });
});

describe('what the API is told about the client', () => {
  const FORGED = {
    'x-forwarded-for': '6.6.6.6',
    forwarded: 'for=6.6.6.6;proto=https;host=evil.example',
    'x-real-ip': '6.6.6.6',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    'true-client-ip': '6.6.6.6',
  };

  function expectOnlyTheSocketAddress(headers: http.IncomingHttpHeaders | undefined) {
    expect(headers?.['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers?.['x-forwarded-proto']).toBe('http');
    expect(headers?.['x-forwarded-host']).not.toContain('evil');
    expect(headers?.forwarded).toBeUndefined();
    expect(headers?.['x-real-ip']).toBeUndefined();
    expect(headers?.['true-client-ip']).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain('6.6.6.6');
  }

  // Regression: `trust proxy` was `true` and the proxy appended to the client's own X-Forwarded-For.
  it('through /api, an untrusted client cannot name another address, scheme or host', async () => {
    await request(buildWeb({ TRUST_PROXY: '10.0.0.0/8' })).get('/api/artist').set(FORGED).expect(200);
    expectOnlyTheSocketAddress(seen.at(-1));
  });

  it('in the page loaders’ calls, neither', async () => {
    await request(buildWeb({ TRUST_PROXY: '10.0.0.0/8' })).get('/news').set(FORGED).expect(200);
    expect(seen.length).toBeGreaterThan(0);
    for (const headers of seen) expectOnlyTheSocketAddress(headers);
  });

  it('from a trusted proxy (one hop), the API gets the one address that proxy saw, not the chain', async () => {
    const web = buildWeb({ TRUST_PROXY: '1' });
    await request(web).get('/api/artist').set('x-forwarded-for', '6.6.6.6, 203.0.113.7').expect(200);
    expect(seen.at(-1)?.['x-forwarded-for']).toBe('203.0.113.7');
    seen.length = 0;
    await request(web).get('/news').set('x-forwarded-for', '6.6.6.6, 203.0.113.7').expect(200);
    expect(seen.at(-1)?.['x-forwarded-for']).toBe('203.0.113.7');
  });

  it('passes Origin and Sec-Fetch-Site to the API untouched, for its own CSRF check', async () => {
    await request(buildWeb()).post('/api/artist').set('origin', 'https://evil.example').set('sec-fetch-site', 'cross-site').send({});
    expect(seen.at(-1)?.origin).toBe('https://evil.example');
    expect(seen.at(-1)?.['sec-fetch-site']).toBe('cross-site');
  });
});

describe('proxy edges', () => {
  // Regression: the client's `Connection: close` went upstream; the API closed its socket after
  // its early 413 while the proxy was still writing the body, and the browser got a 502.
  it('a large body with Connection: close gets the API’s own early answer (413), not a 502', async () => {
    const { server, url } = await listenOnLoopback(buildWeb());
    const body = Buffer.alloc(8 * 1024 * 1024, 'x');
    const head = ['POST /api/early413 HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${body.length}`, 'Connection: close', '', ''].join('\r\n');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const res = await rawRequest(url, Buffer.concat([Buffer.from(head), body]));
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ messageEn: 'Too large.' });
    }
    expect(seen.every((headers) => headers.connection !== 'close')).toBe(true);
    await new Promise((r) => server.close(r));
  });

  it('hop-by-hop headers named in Connection do not reach the API', async () => {
    await request(buildWeb()).get('/api/artist').set('connection', 'keep-alive, x-secret-hop').set('x-secret-hop', '1');
    expect(seen.at(-1)?.['x-secret-hop']).toBeUndefined();
  });
});

describe('the /api proxy’s deadline (issue 17)', () => {
  /**
   * An upstream whose connections never complete: a stopped process listening with a backlog of
   * one, its queue filled, so the kernel drops every further SYN (the API stopped under load).
   */
  async function blackHoleUpstream(): Promise<{ url: string; release(): void }> {
    const child = spawn(process.execPath, ['-e', "const s=require('node:net').createServer().listen({port:0,host:'127.0.0.1',backlog:1},()=>console.log(s.address().port))"], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<number>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    process.kill(child.pid ?? 0, 'SIGSTOP');
    const fillers = Array.from({ length: 4 }, () => net.connect(port, '127.0.0.1').on('error', () => undefined));
    return {
      url: `http://127.0.0.1:${port}`,
      release() {
        for (const socket of fillers) socket.destroy();
        child.kill('SIGKILL');
      },
    };
  }

  // Regression: the agent's 4 s idle timeout also ran while a socket was connecting, and
  // http-proxy's timeout callback turned it into a 504 after 4 s, before PROXY_TIMEOUT_MS.
  it('a connection that never completes is a 504 at PROXY_TIMEOUT_MS, not at the agent’s 4 s idle timeout', async () => {
    const upstreamHole = await blackHoleUpstream();
    try {
      const started = Date.now();
      const res = await request(buildWeb({ PROXY_TIMEOUT_MS: '6000' }, upstreamHole.url)).get('/api/artist');
      const elapsed = Date.now() - started;
      expect(res.status).toBe(504);
      expect(elapsed).toBeGreaterThanOrEqual(5900);
      expect(elapsed).toBeLessThan(12_000);
    } finally {
      upstreamHole.release();
    }
  }, 30_000);
});
