import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_COOKIE } from '../../api/staff/staff-session.ts';
import { createApiProxy } from '../../server/proxy.server.ts';
import { startConsole, type ConsoleServer } from '../support/console.ts';
import { rawRequest, requestBytes, type RawResponse } from '../support/raw-http.ts';
import { listenOnLoopback, startStack, type Stack } from '../support/stack.ts';

/**
 * Every spelling of a path that some hop between the browser and the API might read as another
 * (issue 29, High): `\` (http-proxy's url.parse made it `/`), encoded separators, doubled slashes,
 * dot segments raw and encoded, case, absolute-form targets. Raw sockets: no client normalises them.
 * What the API received is read at its door, not guessed from the answer.
 */
let stack: Stack;
let admin: ConsoleServer;
const reachedApi: string[] = [];

beforeAll(async () => {
  stack = await startStack({ seed: false, onApiRequest: (req) => reachedApi.push(req.url ?? '') });
  admin = await startConsole(stack);
});
afterAll(async () => {
  await admin.close();
  await stack.close();
});
beforeEach(() => {
  reachedApi.length = 0;
});

const hostOf = (url: string) => new URL(url).host;

function send(baseUrl: string, target: string, method = 'GET', extra: string[] = []): Promise<RawResponse> {
  return rawRequest(baseUrl, requestBytes(method, target, hostOf(baseUrl), extra));
}

const LOGIN_BODY = JSON.stringify({ email: 'owner@oshibox.example', password: 'x', otp: '000000' });
function postLogin(baseUrl: string, target: string): Promise<RawResponse> {
  const head = requestBytes('POST', target, hostOf(baseUrl), ['Content-Type: application/json', `Content-Length: ${LOGIN_BODY.length}`]);
  return rawRequest(baseUrl, head + LOGIN_BODY);
}

/**
 * The most any server behind might make of a path it received: separators decoded, `\` as `/`,
 * dot segments resolved, case and doubled slashes folded.
 */
function widestReading(target: string): string {
  const path = target.replace(/^[a-z]+:\/\/[^/\\]*/i, '').replace(/%2f|%5c/gi, '/').replace(/\\/g, '/');
  let pathname = new URL(path.startsWith('/') ? path : `/${path}`, 'http://api.internal').pathname;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // Left encoded: a server could not decode it either.
  }
  return pathname.toLowerCase().replace(/\/{2,}/g, '/');
}

const isStaffOrOps = (target: string) => /^\/(?:api\/staff|ops)(?:\/|$)/.test(widestReading(target));

/** Spellings of `/api/staff/…` and `/ops/…` that the public port must refuse, never forward. */
function staffSpellings(host: string): string[] {
  return [
    // Backslashes, alone and mixed with slashes.
    '/api\\staff\\me',
    '/api\\staff/me',
    '/api/staff\\me',
    '\\api\\staff\\me',
    '/api/\\staff/me',
    '/api\\\\staff\\\\me',
    // Encoded separators, both cases.
    '/api%5cstaff%5cme',
    '/api%5Cstaff/me',
    '/api%2fstaff%2fme',
    '/api%2Fstaff/me',
    '/api/x%2f..%2fstaff/me',
    // Doubled slashes.
    '/api//staff/me',
    '//api/staff/me',
    '/api///staff//me',
    // Dot segments, raw and encoded, with either separator.
    '/api/x/../staff/me',
    '/api/./staff/me',
    '/api\\..\\ops\\billing',
    '/api/..\\ops/billing',
    '/api/%2e%2e/ops/billing',
    '/api/.%2E/ops/billing',
    '/api/x/%2E%2E/staff/me',
    '/api/%2e/staff/me',
    // Case.
    '/API\\Staff\\me',
    '/Api/%53taff/me',
    '/API/STAFF/ME',
    // Absolute-form request targets.
    `http://${host}/api/staff/me`,
    `http://${host}/api\\staff\\me`,
    `HTTP://${host}/API/Staff/me`,
    `http://${host}/api/..%2fops/billing`,
    `http://${host}\\api\\staff\\me`,
  ];
}

describe('the public web port never reaches the staff API, however the path is spelled', () => {
  it('GET: a 400 or the web tier’s own 404, and the API never receives a staff or operator path', async () => {
    for (const target of staffSpellings(hostOf(stack.webUrl))) {
      reachedApi.length = 0;
      const res = await send(stack.webUrl, target);
      expect([400, 404], `${target} → ${res.status} ${res.body}`).toContain(res.status);
      expect(res.headers['set-cookie'], target).toBeUndefined();
      expect(res.body, target).not.toContain('API endpoint');
      expect(reachedApi.filter(isStaffOrOps), target).toEqual([]);
    }
  });

  it('POST to the staff login by a backslash: refused, no staff cookie, nothing reaches the API', async () => {
    for (const target of ['/api\\staff\\login', '/api\\staff/login', '/api%5cstaff%5clogin', `http://${hostOf(stack.webUrl)}/api\\staff\\login`]) {
      reachedApi.length = 0;
      const res = await postLogin(stack.webUrl, target);
      expect([400, 404], `${target} → ${res.status}`).toContain(res.status);
      expect(res.raw, target).not.toContain(STAFF_COOKIE);
      expect(reachedApi, target).toEqual([]);
    }
  });

  it('a refused spelling under /api is a small bilingual JSON 400; a page’s is the small HTML page', async () => {
    const api = await send(stack.webUrl, '/api\\banner');
    expect(api.status).toBe(400);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(api.body)).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/URL/), messageEn: expect.stringMatching(/path/) });
    const page = await send(stack.webUrl, '/faq\\..\\terms', 'GET', ['Accept: text/html']);
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(reachedApi).toEqual([]);
  });

  it('an absolute-form target naming another host than Host is refused', async () => {
    const res = await send(stack.webUrl, 'http://evil.example/api/banner');
    expect(res.status).toBe(400);
    expect(reachedApi).toEqual([]);
  });

  it('the shop’s own API and pages still work, in origin-form and absolute-form', async () => {
    const host = hostOf(stack.webUrl);
    for (const target of ['/api/banner', `http://${host}/api/banner`, '/faq', `http://${host}/faq`, '/']) {
      const res = await send(stack.webUrl, target, 'GET', ['Accept: text/html']);
      expect(res.status, target).toBe(200);
    }
  });

  it('an absolute-form target goes upstream in origin-form, its query kept', async () => {
    await send(stack.webUrl, `http://${hostOf(stack.webUrl)}/api/banner?x=1`);
    expect(reachedApi).toEqual(['/api/banner?x=1']);
  });
});

/** Ways out of the console's `/api/staff` and `/api/media` into the rest of the API or `/ops`. */
function consoleEscapes(host: string): string[] {
  return [
    '/api/staff\\..\\..\\ops\\billing',
    '/api/staff/..\\..\\ops\\billing',
    '/api/staff/%2e%2e/%2e%2e/ops/billing',
    '/api/staff/..%2f..%2fops%2fbilling',
    '/api/staff/..%5c..%5cbanner',
    '/api/media/..%2f..%2fbanner',
    '/api/media/../banner',
    '/api/staff/../../api/banner',
    '/api\\banner',
    '/API\\BANNER',
    '/api%5cbanner',
    '//api/banner',
    `http://${host}/api/staff/..\\..\\ops\\billing`,
    `http://${host}/api\\banner`,
  ];
}

const outsideConsoleApi = (target: string) => !/^\/api\/(?:staff|media)(?:\/|$)/.test(widestReading(target));

describe('the /api proxy on its own', () => {
  it('forwards the target it was given byte for byte: no url.parse re-reads it after the checks', async () => {
    const received: string[] = [];
    const upstream = await listenOnLoopback((req, res) => {
      received.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    const app = express();
    app.use(createApiProxy({ apiOrigin: upstream.url, timeoutMs: 2000 }));
    const proxy = await listenOnLoopback(app);
    try {
      for (const target of ['/api\\x\\y?z=\\', '/api/x?q=a#b']) {
        received.length = 0;
        expect((await send(proxy.url, target)).status, target).toBe(200);
        expect(received, target).toEqual([target]);
      }
    } finally {
      await Promise.all([proxy.server, upstream.server].map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});

describe('the console listener forwards its staff API and nothing else, however the path is spelled', () => {
  it('the staff API and the console pages work, in origin-form and absolute-form', async () => {
    const host = hostOf(admin.url);
    for (const target of ['/api/staff/me', `http://${host}/api/staff/me`]) {
      const res = await send(admin.url, target);
      expect(res.status, target).toBe(401);
      expect(JSON.parse(res.body), target).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect((await send(admin.url, '/login', 'GET', ['Accept: text/html'])).status).toBe(200);
  });

  it('a spelling that leaves /api/staff or /api/media is refused and never reaches the API', async () => {
    for (const target of [...consoleEscapes(hostOf(admin.url)), ...staffSpellings(hostOf(admin.url))]) {
      reachedApi.length = 0;
      const res = await send(admin.url, target);
      expect([400, 401, 404], `${target} → ${res.status} ${res.body}`).toContain(res.status);
      expect(reachedApi.filter(outsideConsoleApi), target).toEqual([]);
      // Only a plain spelling of the staff API (case, a doubled slash) may reach it.
      if (/\\|%2f|%5c|%2e|\/\.\.?(?:\/|\\|$)/i.test(target)) expect(res.status, target).toBe(400);
    }
  });
});
