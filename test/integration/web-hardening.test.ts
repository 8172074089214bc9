import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, requestBytes } from '../support/raw-http.ts';
import { startStack, type Stack } from '../support/stack.ts';

/** Requests a client can make that used to end in a 500, a wrong route or an empty answer. */
let stack: Stack;
let host: string;

beforeAll(async () => {
  stack = await startStack({ env: { PUBLIC_ORIGIN: 'https://shop.example' } });
  host = new URL(stack.webUrl).host;
});
afterAll(() => stack.close());

const BILINGUAL = /[ぁ-んァ-ン一-龥][\s\S]*[A-Za-z]{3}/;

describe('methods on pages', () => {
  // Regression: Node's fetch `Request` refuses TRACE/CONNECT/TRACK, so the SSR adapter threw a 500.
  it.each(['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'MKCOL'])('%s / is a small 405 with Allow', async (method) => {
    const res = await rawRequest(stack.webUrl, requestBytes(method, '/', host, ['Content-Length: 0']));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.body.length).toBeLessThan(2048);
    expect(res.body).toMatch(BILINGUAL);
  });

  it.each(['TRACK', 'FOO', 'get'])('%s, a method Node does not know, is refused by its parser with a 400', async (method) => {
    const res = await rawRequest(stack.webUrl, requestBytes(method, '/', host));
    expect(res.status).toBe(400);
  });

  it('CONNECT (a tunnel request Node hands to no one here) is closed without a byte (or a 400), never a 2xx or 5xx', async () => {
    const res = await rawRequest(stack.webUrl, requestBytes('CONNECT', 'shop.example:443', host));
    const outcome = res.raw === '' ? 'closed' : res.status === 400 ? '400' : `answered ${JSON.stringify(res.raw.slice(0, 60))}`;
    expect(['closed', '400']).toContain(outcome);
    // The server still answers the next request.
    expect((await rawRequest(stack.webUrl, requestBytes('GET', '/healthz', host))).status).toBe(200);
  });

  it.each(['/lineup', '/faq', '/news/1', '/no/such/page', '/assets/nothing.js', '/robots.txt'])('POST %s (no form there) is a 405 with Allow: GET, HEAD', async (path) => {
    const res = await request(stack.web).post(path).type('form').send('a=1');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('a page with a form names POST in Allow', async () => {
    const res = await request(stack.web).delete('/mypage/login');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
  });

  it('HEAD of a page answers like GET without a body', async () => {
    const res = await request(stack.web).head('/lineup');
    expect(res.status).toBe(200);
    expect(res.text ?? '').toBe('');
  });
});

describe('malformed paths', () => {
  it.each(['/%', '/lineup/%E0%A4%A', '/news/%zz', '/assets/%', '/api/artist/%E0%A4%A'])('%s is a small 400 before any route sees it', async (path) => {
    const res = await rawRequest(stack.webUrl, requestBytes('GET', path, host));
    expect(res.status).toBe(400);
    expect(res.body.length).toBeLessThan(2048);
    expect(res.body).toMatch(BILINGUAL);
  });

  it.each(['/api/../lineup', '/api/%2e%2e/healthz', '/api/./artist', '/lineup/..', '/%2E%2E/api/artist'])('%s (a dot segment no browser sends) is a 400, never proxied', async (path) => {
    const res = await rawRequest(stack.webUrl, requestBytes('GET', path, host));
    expect(res.status).toBe(400);
  });

  it('an encoded query value that is not valid UTF-8 does not break a page', async () => {
    const res = await rawRequest(stack.webUrl, requestBytes('GET', '/lineup?x=%E0%A4%A', host));
    expect(res.status).toBe(200);
  });
});

describe('Host and forwarded scheme', () => {
  // Regression: each of these made `new URL(…)` in the SSR adapter throw, answered with a 500.
  it.each([['x y'], ['a:b:c'], [''], ['exa mple.com:80'], ['ex<ample'], ['[::1']])('Host %j is a 400', async (badHost) => {
    const res = await rawRequest(stack.webUrl, requestBytes('GET', '/lineup', badHost));
    expect(res.status).toBe(400);
    expect(res.body).toMatch(BILINGUAL);
  });

  it('a missing Host is a 400', async () => {
    const res = await rawRequest(stack.webUrl, requestBytes('GET', '/lineup', null));
    expect(res.status).toBe(400);
  });

  it('a bad Host on /api is a 400 in the one JSON error shape', async () => {
    const res = await rawRequest(stack.webUrl, requestBytes('GET', '/api/artist', 'x y'));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_REQUEST', messageEn: expect.stringContaining('Host') });
  });

  it.each([['X-Forwarded-Proto: a b'], ['X-Forwarded-Proto: javascript'], ['X-Forwarded-Host: x y']])('%s from a trusted hop is a 400', async (header) => {
    const res = await rawRequest(stack.webUrl, requestBytes('GET', '/', host, [header]));
    expect(res.status).toBe(400);
  });

  // Well-formed and ours (PUBLIC_ORIGIN is https://shop.example here); a well-formed foreign name is a 421 (web-hardening-hosts).
  it('good hosts still work: PUBLIC_ORIGIN’s name, with a port, an IPv4 address, a bracketed IPv6 address', async () => {
    for (const good of ['shop.example', 'shop.example:8443', '127.0.0.1', '[::1]:3000']) {
      const res = await rawRequest(stack.webUrl, requestBytes('GET', '/faq', good));
      expect(res.status, good).toBe(200);
    }
  });
});

describe('what the /api proxy takes', () => {
  // Regression: the path filter `/api` was a prefix, so these went to the API and got its JSON 404.
  it.each(['/apix', '/api-docs', '/api.json', '/apiary/x'])('%s is a page of the web tier, not the API', async (path) => {
    const res = await request(stack.web).get(path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it.each(['/api', '/api/artist', '/api?x=1'])('%s still goes to the API', async (path) => {
    const res = await request(stack.web).get(path);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  // Regression: a URL just under Node's 16 KB header limit passed the web tier, and the API,
  // seeing the forwarding headers on top, answered an empty 431.
  it.each([8_300, 16_200])('an /api URL of %i characters is a small JSON 414 with both languages', async (length) => {
    const path = `/api/artist?q=${'a'.repeat(length)}`;
    const res = await rawRequest(stack.webUrl, requestBytes('GET', path, host));
    expect(res.status).toBe(414);
    const body = JSON.parse(res.body) as { message: string; messageEn: string };
    expect(body.message).toMatch(/URL/);
    expect(body.messageEn).toMatch(/too long/);
    expect(res.body.length).toBeLessThan(512);
  });

  it('an over-long page URL is a small 414 page', async () => {
    const res = await rawRequest(stack.webUrl, requestBytes('GET', `/lineup/${'b'.repeat(9000)}`, host));
    expect(res.status).toBe(414);
    expect(res.body.length).toBeLessThan(2048);
  });

  it('a header block near the limit is a small JSON 431 from the web tier, not an empty one from the API', async () => {
    const res = await rawRequest(stack.webUrl, requestBytes('GET', '/api/artist', host, [`Cookie: junk=${'c'.repeat(14_000)}`]));
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ messageEn: expect.stringContaining('too large') });
  });
});

describe('cross-site form posts (server-side actions)', () => {
  const form = 'email=a%40example.com&password=wrongpass1';

  it.each([
    ['Sec-Fetch-Site: cross-site', 'sec-fetch-site', 'cross-site'],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', 'sec-fetch-site', 'same-site'],
    ['an Origin of another site', 'origin', 'https://evil.example'],
    ['Origin: null (a sandboxed frame)', 'origin', 'null'],
  ])('refuses %s with a small bilingual 403 and runs no action', async (_what, name, value) => {
    const res = await request(stack.web).post('/mypage/login').set(name, value).set('accept', 'text/html').type('form').send(form);
    expect(res.status).toBe(403);
    expect(res.text).toMatch(BILINGUAL);
    expect(res.text.length).toBeLessThan(2048);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses it as JSON for a client that does not take HTML', async () => {
    const res = await request(stack.web).post('/mypage/login').set('origin', 'https://evil.example').set('accept', 'application/json').type('form').send(form);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets the shop’s own form through (same-origin, or Origin = PUBLIC_ORIGIN)', async () => {
    const sameOrigin = await request(stack.web).post('/mypage/login').set('sec-fetch-site', 'same-origin').type('form').send(form);
    expect(sameOrigin.status).not.toBe(403);
    const ownOrigin = await request(stack.web).post('/mypage/login').set('origin', 'https://shop.example').type('form').send(form);
    expect(ownOrigin.status).not.toBe(403);
  });

  it('leaves /api to the API: Origin and Sec-Fetch-Site pass through to its own check', async () => {
    const res = await request(stack.web).post('/api/login/emailLogin').set('origin', 'https://evil.example').set('sec-fetch-site', 'cross-site').send({ email: 'a@example.com', password: 'wrongpass1' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});
