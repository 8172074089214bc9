import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { href } from '../../shared/routes.ts';
import { startStack, type Stack } from '../support/stack.ts';

/** Page forms as a browser without JavaScript sends them: a URL-encoded POST to the page itself. */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ seed: false });
});
afterAll(() => stack.close());

function postForm(path: string, fields: Record<string, string>) {
  return request(stack.web).post(path).type('form').set('sec-fetch-site', 'same-origin').send(fields);
}

describe('a page form posted without JavaScript', () => {
  it('re-renders the form with 400 and each field message, tied to its field, keeping what was typed', async () => {
    const res = await postForm(href('login'), { email: 'not-an-address', password: '' }).expect(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toContain(MESSAGES.emailInvalid.ja);
    expect(res.text).toContain(MESSAGES.passwordRequired.ja);
    expect(res.text).toContain('value="not-an-address"');
    const invalid = [...res.text.matchAll(/<input[^>]*aria-invalid="true"[^>]*>/g)].map((m) => m[0]);
    expect(invalid).toHaveLength(2);
    for (const input of invalid) {
      const describedBy = /aria-describedby="([^"]+)"/.exec(input)?.[1] ?? '';
      expect(res.text).toContain(`id="${describedBy}"`);
    }
  });

  it('never sends a password back into the page', async () => {
    const res = await postForm(href('login'), { email: 'x', password: 'secret-Passw0rd' }).expect(400);
    expect(res.text).not.toContain('secret-Passw0rd');
  });

  it('refuses a body over 16 KB with 413 and other encodings with 415', async () => {
    await postForm(href('login'), { email: 'a'.repeat(17 * 1024), password: 'x' }).expect(413);
    await request(stack.web).post(href('login')).set('content-type', 'application/json').send('{"email":"a"}').expect(415);
  });

  it('answers 405 for a page that has no form', async () => {
    await postForm(href('faq'), { a: 'b' }).expect(405);
  });
});
