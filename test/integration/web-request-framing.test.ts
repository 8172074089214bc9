import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleServer } from '../support/console.ts';
import { rawRequest, requestBytes } from '../support/raw-http.ts';
import { startStack, type Stack } from '../support/stack.ts';

/**
 * How a request is framed, through both listeners (issue 29, Low): a browser's `Connection: close`
 * on a proxied `/api` call, and multipart bodies a form action cannot read.
 */
let stack: Stack;
let admin: ConsoleServer;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  admin = await startConsole(stack);
});
afterAll(async () => {
  await admin.close();
  await stack.close();
});

const hostOf = (url: string) => new URL(url).host;
/** Well under the 8 s an idle kept-alive socket is held: a server that honours `close` ends at once. */
const CLOSE_DEADLINE_MS = 3000;

describe('a browser’s Connection: close on /api through the web and console tiers', () => {
  it.each([
    ['web', '/api/banner'],
    ['console', '/api/staff/me'],
  ])('%s %s: the answer says close and the server ends the connection', async (tier, path) => {
    const baseUrl = tier === 'web' ? stack.webUrl : admin.url;
    const res = await rawRequest(baseUrl, requestBytes('GET', path, hostOf(baseUrl)), CLOSE_DEADLINE_MS);
    expect(res.status).toBeGreaterThan(0);
    expect(res.headers.connection).toBe('close');
    expect(res.headers['keep-alive']).toBeUndefined();
    expect(res.closedByServer).toBe(true);
  });

  it('an HTTP/1.0 request without keep-alive is closed too', async () => {
    const res = await rawRequest(stack.webUrl, `GET /api/banner HTTP/1.0\r\nHost: ${hostOf(stack.webUrl)}\r\n\r\n`, CLOSE_DEADLINE_MS);
    expect(res.status).toBe(200);
    expect(res.closedByServer).toBe(true);
  });

  it('a request that keeps the connection still gets keep-alive', async () => {
    const bytes = `GET /api/banner HTTP/1.1\r\nHost: ${hostOf(stack.webUrl)}\r\n\r\n`;
    // Read until our own short deadline: the server must still be holding the connection then.
    const res = await rawRequest(stack.webUrl, bytes, 1000);
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('keep-alive');
    expect(res.closedByServer).toBe(false);
  });
});

function multipartPost(baseUrl: string, path: string, contentType: string, body: string): Promise<ReturnType<typeof rawRequest> extends Promise<infer R> ? R : never> {
  // No Origin: a client that is not a browser (a browser's would be the configured origin's).
  const head = requestBytes('POST', path, hostOf(baseUrl), [`Content-Type: ${contentType}`, `Content-Length: ${Buffer.byteLength(body)}`, 'Accept: text/html']);
  return rawRequest(baseUrl, head + body);
}

const PART = '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.jp\r\n--x--\r\n';
const MALFORMED: Array<[string, string, string]> = [
  ['an empty body without a boundary', 'multipart/form-data', ''],
  ['an empty body', 'multipart/form-data; boundary=x', ''],
  ['a body that is not multipart', 'multipart/form-data; boundary=x', 'email=a%40b.jp'],
  ['another boundary than the one named', 'multipart/form-data; boundary=y', PART],
  ['parts without the boundary parameter', 'multipart/form-data', PART],
  ['a part cut off', 'multipart/form-data; boundary=x', PART.slice(0, 40)],
];

describe('a multipart body a form action cannot read, from an anonymous client', () => {
  it.each(MALFORMED)('console /login, %s: a small bilingual 400, never a 500', async (_what, contentType, body) => {
    const res = await multipartPost(admin.url, '/login', contentType, body);
    expect(res.status).toBe(400);
    expect(res.body).toContain('フォーム');
    expect(res.body).toMatch(/form could not be read/i);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('console /login with a well-formed multipart body still reaches the action (a field error, not a refusal)', async () => {
    const res = await multipartPost(admin.url, '/login', 'multipart/form-data; boundary=x', PART);
    expect(res.status).toBe(400);
    expect(res.body).not.toMatch(/form could not be read/i);
    expect(res.body).toContain('name="password"');
  });

  it.each(MALFORMED)('shop /mypage/login, %s: refused as a form encoding it does not take (415), never a 500', async (_what, contentType, body) => {
    const res = await multipartPost(stack.webUrl, '/mypage/login', contentType, body);
    expect(res.status).toBe(415);
    expect(res.body).toContain('フォーム');
  });
});
