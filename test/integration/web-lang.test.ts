import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { documentLang, japaneseOutsideJa } from '../support/html-lang.ts';
import { listPublicPages } from '../support/public-pages.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/**
 * The document's language as the server writes it: `<html lang="en">` for a page asked in
 * English (`?lang=en`, the switch without JavaScript), and whatever stays Japanese in it (artist
 * names, the company's name and address, catalogue text with no English) marked `lang="ja"`.
 */
let stack: Stack;
let pages: { name: string; path: string }[] = [];
let cookie = '';

beforeAll(async () => {
  stack = await startStack();
  pages = await listPublicPages(stack);
  const userId = await insertUser(stack.database.handle.db, { ...KNOWN_USER, email: 'lang-ssr@example.com' });
  const token = 'lang-ssr-session-0123456789abcdef';
  await insertSession(stack.database.handle.db, { token, userId, expiresAt: new Date(Date.now() + 86_400_000), secureUntil: null });
  cookie = `${SESSION_COOKIE}=${token}`;
});
afterAll(() => stack?.close());

async function html(path: string, withCookie = false): Promise<string> {
  const req = request(stack.web).get(path);
  return (await (withCookie ? req.set('cookie', cookie) : req)).text;
}

describe('the document language', () => {
  it('is Japanese by default, English when the page is asked in English', async () => {
    for (const { name, path } of pages) {
      expect(documentLang(await html(path)), name).toBe('ja');
      expect(documentLang(await html(`${path}?lang=en`)), name).toBe('en');
    }
  });

  it('marks every Japanese text left in an English page lang="ja"', async () => {
    const found: string[] = [];
    for (const { name, path } of pages) {
      for (const text of japaneseOutsideJa(await html(`${path}?lang=en`))) found.push(`${name}: ${text}`);
    }
    for (const path of [href('profile'), href('profileAddress'), href('plan'), href('orderHistory')]) {
      for (const text of japaneseOutsideJa(await html(`${path}?lang=en`, true))) found.push(`${path}: ${text}`);
    }
    expect(found).toEqual([]);
  });
});
