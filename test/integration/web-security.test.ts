import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.ts';
import { hashSourceOf, pageDataTextOf, runnableScriptsOf } from '../support/page-data.ts';

let stack: Stack;
const HOSTILE_TITLE = '</script><script>window.__pwned=1</script><!-- \u2028';

beforeAll(async () => {
  stack = await startStack();
  await stack.database.handle.db
    .insertInto('news')
    .values({ title: HOSTILE_TITLE, message: 'test', publish_state: 'published', published_at: new Date(Date.now() + 60_000) })
    .execute();
});
afterAll(() => stack.close());

describe('content security policy', () => {
  it('runs no inline script but the one whose hash the policy names, the same on every page, and no unsafe-inline', async () => {
    const [a, b] = await Promise.all([request(stack.web).get('/'), request(stack.web).get('/lineup')]);
    const csp = a.headers['content-security-policy'] as string;
    expect(b.headers['content-security-policy']).toBe(csp);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('nonce-');
    for (const res of [a, b]) {
      const scripts = runnableScriptsOf(res.text);
      // The loader, and nothing else: no <script src> before the first paint (decision 0015).
      expect(scripts).toHaveLength(1);
      expect(scripts[0]?.attrs).toBe('');
      expect(scriptSrc.split(' ')).toContain(hashSourceOf(scripts[0]?.text ?? ''));
    }
  });

  it('allows no analytics host unless an analytics id is configured', async () => {
    const res = await request(stack.web).get('/');
    expect(res.headers['content-security-policy']).not.toContain('googletagmanager');
  });

  it('sends the usual hardening headers', async () => {
    const res = await request(stack.web).get('/lineup');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('hydration data', () => {
  it('cannot be closed by a string from the database', async () => {
    const res = await request(stack.web).get('/').expect(200);
    // The title is shown as text…
    expect(res.text).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned=1');
    // …and inside the inline data script it is escaped, so the script tag count is unchanged.
    expect(res.text).not.toContain('<script>window.__pwned');
    const data = pageDataTextOf(res.text);
    expect(data).toContain('"loaderData"');
    expect(data).not.toMatch(/[<>\u2028]/);
  });
});

describe('request id', () => {
  it('echoes a well-formed incoming id and makes one otherwise', async () => {
    const given = await request(stack.web).get('/lineup').set('x-request-id', 'lb-abc-123');
    expect(given.headers['x-request-id']).toBe('lb-abc-123');
    const made = await request(stack.web).get('/lineup').set('x-request-id', 'bad id with spaces');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
