import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { adminHref } from '../../shared/admin-routes.ts';
import { href } from '../../shared/routes.ts';
import { startConsole, type ConsoleServer } from '../support/console.ts';
import { describeProblems, validateHtml, type HtmlProblem } from '../support/html-validator.ts';
import { listPublicPages } from '../support/public-pages.ts';
import { signInConsoleOwner, signInDemoCustomer, type SignedInPage } from '../support/signed-in-pages.ts';
import { startStack, type Stack } from '../support/stack.ts';

/**
 * Valid HTML on every page (issue 31): the pages as the server renders them, before any script,
 * through an HTML validator with the Nu checker's rules (test/support/html-validator.ts). A failure
 * lists each error as page:line:column [rule] message (selector). No browser: the HTML is the server's.
 */
let stack: Stack;
let admin: ConsoleServer;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  // The demo shop with its customers: my pages and the console have rows to show.
  await seedDemo(stack.database.handle.db, new Date(), { customers: true });
  admin = await startConsole(stack);
});
afterAll(async () => {
  await admin?.close();
  await stack?.close();
});

async function problemsOf(app: Stack['web'], pages: readonly SignedInPage[], cookie = ''): Promise<HtmlProblem[]> {
  const problems: HtmlProblem[] = [];
  for (const page of pages) {
    const res = await request(app).get(page.path).set('cookie', cookie);
    expect(res.status, `${page.name} ${page.path}`).toBe(page.name === 'not-found' ? 404 : 200);
    problems.push(...(await validateHtml(page.name, res.text)));
  }
  return problems;
}

describe('valid HTML', () => {
  it('on every public page of the shop, in Japanese and in English', async () => {
    const pages = await listPublicPages(stack);
    const english = pages.filter((p) => ['home', 'lineup', 'artist'].includes(p.name)).map((p) => ({ name: `${p.name}-en`, path: `${p.path}?lang=en` }));
    const problems = await problemsOf(stack.web, [...pages, ...english]);
    expect(describeProblems(problems)).toBe('');
  });

  it('on a customer’s my pages, checkout and the completion page', async () => {
    const { cookie, pages } = await signInDemoCustomer(stack.database.handle.db);
    const problems = await problemsOf(stack.web, pages, cookie);
    expect(describeProblems(problems)).toBe('');
  });

  it('on the console’s login page and its main pages', async () => {
    const { cookie, pages } = await signInConsoleOwner(stack.database.handle.db);
    const signedOut = await problemsOf(admin.app, [{ name: 'console-login', path: adminHref('login') }]);
    const problems = [...signedOut, ...(await problemsOf(admin.app, pages, cookie))];
    expect(describeProblems(problems)).toBe('');
  });

  it('counts as an error what the Nu checker found on the shop (a <style> in <body>, aria-label on a <span>)', async () => {
    const page = (body: string) => `<!DOCTYPE html><html lang="ja"><head><title>t</title></head><body><main><div>${body}</div></main></body></html>`;
    expect(await validateHtml('style', page('<noscript><style>a{}</style></noscript>'))).not.toEqual([]);
    expect(await validateHtml('span', page('<span aria-label="x">y</span>'))).not.toEqual([]);
    expect(await validateHtml('clean', page(`<a href="${href('lineup')}">lineup</a>`))).toEqual([]);
  });
});
