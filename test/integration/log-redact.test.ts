import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/app.server.ts';
import { createLogger } from '../../server/logger.server.ts';
import { redactUrl, SECRET_FIELDS } from '../../shared/log-redact.ts';
import { startStack, testConfig, type Stack } from '../support/stack.ts';

/**
 * Secrets never reach the logs of either tier: both loggers write to memory while a shopper's
 * credentials pass through the web tier's /api proxy to the API, and straight to the API.
 */
const SECRETS = {
  authorization: 'Bearer authz-SECRET-7f3a',
  'proxy-authorization': 'Basic cHJveHktU0VDUkVULTliMmM=',
  'x-api-key': 'apikey-SECRET-41d0',
  cookie: 'oshibox_session=cookie-SECRET-88e1',
} as const;

function memoryLogger(name: string) {
  const lines: string[] = [];
  return { lines, logger: createLogger('info', name, { write: (line: string) => void lines.push(line) }) };
}

let stack: Stack;
const api = memoryLogger('api');
const web = memoryLogger('web');

beforeAll(async () => {
  stack = await startStack({ loggers: { api: api.logger, web: web.logger } });
});

afterAll(async () => {
  await stack?.close();
});

function expectNoSecret(lines: string[]): void {
  const text = lines.join('\n');
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret.split(' ').pop());
  expect(text).not.toContain('SECRET');
}

async function sendWithSecrets(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { ...SECRETS, ...init.headers } });
}

describe('request headers', () => {
  it('through the web tier to the API: neither log shows Authorization, Proxy-Authorization, X-Api-Key or Cookie', async () => {
    const res = await sendWithSecrets(`${stack.webUrl}/api/banner`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    // The requests were logged; no line carries the headers at all (issue 35), not even censored.
    expect(web.lines.join('\n')).toContain('/api/banner');
    expect(api.lines.join('\n')).toContain('/api/banner');
    for (const lines of [web.lines, api.lines]) expect(lines.join('\n')).not.toMatch(/"headers"|authorization|x-api-key|cookie/i);
    expectNoSecret(web.lines);
    expectNoSecret(api.lines);
  });

  it('straight to the API, on errors too (404, 400, 405)', async () => {
    for (const path of ['/api/no-such-call', '/api/news?limit=x']) await (await sendWithSecrets(`${stack.apiUrl}${path}`)).arrayBuffer();
    await (await sendWithSecrets(`${stack.apiUrl}/api/banner`, { method: 'POST' })).arrayBuffer();
    expectNoSecret(api.lines);
  });

  it('a page render through the web tier', async () => {
    await (await sendWithSecrets(`${stack.webUrl}/`)).arrayBuffer();
    expectNoSecret(web.lines);
  });
});

describe('card registration ids (issue 17)', () => {
  it('the sandbox page path and the return URL carry no registration id into either log', async () => {
    const id = 'reg_Capability0123456789AB';
    const paths = [`/api/sandbox/card/${id}`, `/api/sandbox/card/${id}/3ds`, `/api/credit-confirm?userId=1&retUrl=%2F&registrationId=${id}`];
    for (const path of paths) {
      await (await fetch(`${stack.webUrl}${path}`, { headers: { accept: 'text/html' } })).arrayBuffer();
      await (await fetch(`${stack.apiUrl}${path}`, { headers: { referer: `http://localhost${paths[0]}` } })).arrayBuffer();
    }
    expect(web.lines.join('\n')).toContain('/api/sandbox/card/[redacted]');
    expect(api.lines.join('\n')).toContain('/api/sandbox/card/[redacted]');
    for (const lines of [web.lines, api.lines]) expect(lines.join('\n')).not.toContain('Capability0123456789AB');
  });
});

describe('secret fields in logged objects', () => {
  it.each(SECRET_FIELDS)('%s is redacted at the top, one and two levels down', (field) => {
    const { lines, logger } = memoryLogger('test');
    const value = `field-SECRET-${field}`;
    logger.info({ [field]: value, body: { [field]: value }, req: { body: { [field]: value } } }, 'logged object');
    expect(lines.join('')).toContain('logged object');
    expectNoSecret(lines);
  });

  it('a response Set-Cookie is redacted', () => {
    const { lines, logger } = memoryLogger('test');
    logger.info({ res: { headers: { 'set-cookie': ['oshibox_session=setcookie-SECRET-1'] } } }, 'reply');
    expectNoSecret(lines);
  });
});

describe('the web tier request line (issue 11)', () => {
  it('holds id, method, path, status and time: no headers, no query string, well under 400 bytes', async () => {
    const before = web.lines.length;
    await (await sendWithSecrets(`${stack.webUrl}/lineup?email=someone%40example.com`)).arrayBuffer();
    const line = web.lines.slice(before).find((l) => l.includes('request completed')) ?? '';
    const entry = JSON.parse(line) as { req: Record<string, unknown>; res: Record<string, unknown>; responseTime: number };
    expect(entry.req).toEqual({ id: expect.any(String), method: 'GET', url: '/lineup' });
    expect(entry.res).toEqual({ statusCode: 200 });
    expect(entry.responseTime).toEqual(expect.any(Number));
    expect(line.length).toBeLessThan(400);
  });
});

describe('the API request line (issue 35)', () => {
  it('holds id, method, url, referer, status, length and time: no header dump, the id the answer carries', async () => {
    const before = api.lines.length;
    const res = await sendWithSecrets(`${stack.webUrl}/api/banner`, { headers: { referer: `${stack.webUrl}/lineup`, 'user-agent': 'agent-SHOWN-NOWHERE' } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const id = res.headers.get('x-request-id');
    await expect.poll(() => api.lines.slice(before).find((l) => l.includes('/api/banner'))).toBeDefined();
    const line = api.lines.slice(before).find((l) => l.includes('/api/banner')) ?? '';
    const entry = JSON.parse(line) as { req: Record<string, unknown>; res: Record<string, unknown>; responseTime: number; msg: string };
    expect(entry.req).toEqual({ id, method: 'GET', url: '/api/banner', referer: `${stack.webUrl}/lineup` });
    expect(entry.res).toEqual({ statusCode: 200, contentLength: expect.any(String) });
    expect(entry.responseTime).toEqual(expect.any(Number));
    expect(entry.msg).toBe('request completed');
    expect(line).not.toContain('agent-SHOWN-NOWHERE');
    expect(line.length).toBeLessThan(400);
  });

  it('a 4xx is a warning line with the request id the answer carries', async () => {
    const before = api.lines.length;
    const res = await fetch(`${stack.apiUrl}/api/news?limit=x`);
    expect(res.status).toBe(400);
    await res.arrayBuffer();
    await expect.poll(() => api.lines.length).toBeGreaterThan(before);
    const entry = JSON.parse(api.lines.slice(before).find((l) => l.includes('/api/news')) ?? '{}') as { level: number; req: { id: string } };
    expect(entry.level).toBe(40);
    expect(entry.req.id).toBe(res.headers.get('x-request-id'));
  });
});

describe('the API request log', () => {
  it('leaves out each web copy\'s successful catalogue-version poll, not its failure nor any other request', async () => {
    const before = api.lines.length;
    expect((await fetch(`${stack.apiUrl}/api/catalogue/version`)).status).toBe(200);
    expect((await fetch(`${stack.apiUrl}/api/catalogue/version?x=1`)).status).toBe(400);
    expect((await fetch(`${stack.apiUrl}/api/banner`)).status).toBe(200);
    const urls = api.lines.slice(before).map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toEqual(['/api/catalogue/version?x=1', '/api/banner']);
  });
});

describe('secret query values in logged urls (issue 17)', () => {
  const QUERY = 'token=secret-tok-7a1&code=123456';
  const VARIANTS = ['Token=secret-tok-7a1', 't%6Fken=secret-tok-7a1', 'code[]=123456', 'password=secret-tok-7a1'];

  function expectNoQuerySecret(lines: string[]): void {
    const text = lines.join('\n');
    expect(text).not.toContain('secret-tok-7a1');
    expect(text).not.toMatch(/(?<!\d)123456(?!\d)/);
  }

  it('?token=…&code=… never appears in a log line of either tier: through the proxy, straight, on a page, in a Referer', async () => {
    const [apiBefore, webBefore] = [api.lines.length, web.lines.length];
    const referer = `${stack.webUrl}/mypage/password/reset?${QUERY}`;
    for (const query of [QUERY, ...VARIANTS]) {
      await (await fetch(`${stack.webUrl}/api/banner?${query}`, { headers: { referer } })).arrayBuffer();
      await (await fetch(`${stack.apiUrl}/api/news?limit=1&${query}`, { headers: { referer } })).arrayBuffer();
      await (await fetch(`${stack.webUrl}/lineup?${query}`, { headers: { referer } })).arrayBuffer();
    }
    const apiLines = api.lines.slice(apiBefore);
    expectNoQuerySecret(apiLines);
    expectNoQuerySecret(web.lines.slice(webBefore));
    // The requests were logged, with the censor where the values were and the other keys kept.
    expect(apiLines.join('\n')).toContain('/api/news?limit=1&token=[redacted]&code=[redacted]');
    expect(apiLines.join('\n')).toContain('reset?token=[redacted]&code=[redacted]');
    expect(web.lines.length).toBeGreaterThan(webBefore);
  });
});

describe('redactUrl (the one rule for urls in logs)', () => {
  it.each([
    ['/api/banner', '/api/banner'],
    ['/api/news?limit=1', '/api/news?limit=1'],
    ['/x?token=a&code=1&limit=2', '/x?token=[redacted]&code=[redacted]&limit=2'],
    ['/x?TOKEN=a&t%6Fken=b&code[]=1&cardNumber=4111', '/x?TOKEN=[redacted]&t%6Fken=[redacted]&code[]=[redacted]&cardNumber=[redacted]'],
    ['/x?token&code=', '/x?token&code=[redacted]'],
    ['/x?%E0%A4%A=1&tokenish=2', '/x?%E0%A4%A=1&tokenish=2'],
    ['https://shop.example/reset?token=a#frag', 'https://shop.example/reset?token=[redacted]'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('request ids (issue 17)', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const idsIn = (lines: string[]) => lines.map((line) => (JSON.parse(line) as { req?: { id?: string }; reqId?: string }).req?.id).filter(Boolean);

  it('a client’s own X-Request-Id at the public edge is replaced: the answer and the API carry a generated one', async () => {
    // TRUST_PROXY names no proxy this test's loopback socket could be: the client is the public.
    const edge = memoryLogger('web');
    const config = testConfig({ API_ORIGIN: stack.apiUrl, TRUST_PROXY: '10.0.0.0/8' });
    const app = createWebApp({ config, logger: edge.logger, clientDir: path.resolve('dist/client') });
    const apiBefore = api.lines.length;
    for (const target of ['/api/banner', '/lineup']) {
      const res = await request(app).get(target).set('x-request-id', 'attacker-chosen');
      expect(res.status).toBe(200);
      const id = String(res.headers['x-request-id']);
      expect(id, target).toMatch(UUID);
      expect(idsIn(edge.lines), target).toContain(id);
      expect(idsIn(api.lines.slice(apiBefore)), target).toContain(id);
    }
    expect([...edge.lines, ...api.lines].join('\n')).not.toContain('attacker-chosen');
  });

  it('from a trusted hop (TRUST_PROXY) a strict id is kept by both tiers; a loose one is replaced', async () => {
    const apiBefore = api.lines.length;
    const kept = await request(stack.web).get('/api/banner').set('x-request-id', 'lb-7f3a9c2e41d0');
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c2e41d0');
    expect(idsIn(api.lines.slice(apiBefore))).toContain('lb-7f3a9c2e41d0');
    for (const loose of ['short', 'has spaces in it', '-leading-dash', 'a'.repeat(65), 'id;drop']) {
      const res = await request(stack.web).get('/faq').set('x-request-id', loose);
      expect(res.headers['x-request-id'], loose).toMatch(UUID);
    }
  });
});
