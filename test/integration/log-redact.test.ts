import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger.server.ts';
import { SECRET_FIELDS } from '../../shared/log-redact.ts';
import { startStack, type Stack } from '../support/stack.ts';

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
    // The requests were logged, with the headers' names and the censor in place of their values.
    expect(web.lines.join('\n')).toContain('/api/banner');
    expect(api.lines.join('\n')).toContain('/api/banner');
    expect(api.lines.join('\n')).toContain('[redacted]');
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
