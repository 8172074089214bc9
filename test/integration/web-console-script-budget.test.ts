import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageScriptUrls, scriptBytes } from '../../scripts/bench/page-script.ts';
import { consoleMemberCookie, startConsole, type ConsoleServer } from '../support/console.ts';
import { startStack, type Stack } from '../support/stack.ts';

/**
 * What a console page makes the browser download before it hydrates (issue 32, "Lighter and
 * safer"): the entry and the chunks its data block preloads, gzip bytes as the server sends them.
 * Every console page works without JavaScript, so a page's script is the shared core (React, the
 * router, the route table) and its own route's modules; decision 0083 has the figures. A page
 * over its budget has pulled in another route's code or a heavy library.
 */
const KB = 1024;
/** The shared core: React, React DOM, React Router and the console's route table, its nav and API client (≈116 KB today; issue 34's 振込返金 added ≈0.6 KB). */
const CORE_GZIP_BUDGET = 116 * KB;
/** A whole page's initial script: the core and its own route's modules (the customer page is the largest, ≈140 KB). */
const PAGE_GZIP_BUDGET = 150 * KB;

const adminDir = path.resolve('dist/client/admin');
let stack: Stack;
let admin: ConsoleServer;
let cookie = '';
let customerId = 0;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  admin = await startConsole(stack);
  cookie = await consoleMemberCookie(stack, 'owner', 'console-script.example');
  customerId = (await stack.database.handle.db.insertInto('users')
    .values({ email: 'script-budget@example.com', password_hash: 'scrypt$test$not-a-real-hash', name: '推野 花子', payment_method: 'CARD' })
    .returning('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => {
  await admin?.close();
  await stack?.close();
});

async function scriptsOf(pagePath: string, signedIn = true): Promise<string[]> {
  const res = await request(admin.app).get(pagePath).set('cookie', signedIn ? cookie : '');
  expect(res.status).toBe(200);
  return pageScriptUrls(res.text);
}

describe('the console pages’ initial script', () => {
  const pages = [
    { name: 'a customer', path: () => `/customers/${customerId}` },
    { name: 'the dashboard', path: () => '/' },
    { name: 'the order list', path: () => '/orders' },
    { name: 'the sign-in page', path: () => '/login', signedIn: false },
    // The catalogue's forms check with the import's schema (shared/catalogue-import-schema.ts).
    { name: 'the news list and form', path: () => '/catalogue/news' },
  ];

  it.each(pages)('$name stays within its budget, served hashed and immutable', async ({ path: pagePath, signedIn }) => {
    const urls = await scriptsOf(pagePath(), signedIn);
    const bytes = await scriptBytes(adminDir, urls);
    expect(bytes.gzip, `${pagePath()}: ${urls.length} files, ${bytes.raw} bytes raw`).toBeLessThanOrEqual(PAGE_GZIP_BUDGET);
    for (const url of urls) {
      expect(url).toMatch(/^\/assets\/[\w-]+-[A-Z0-9]{8}\.js$/);
      const asset = await request(admin.app).get(url).set('accept-encoding', 'gzip');
      expect(asset.status).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    }
  });

  it('shares one core, and each page adds only its own route’s modules', async () => {
    const scripts = await Promise.all(pages.map(({ path: pagePath, signedIn }) => scriptsOf(pagePath(), signedIn)));
    const [customer = [], , orders = []] = scripts;
    const core = customer.filter((url) => scripts.every((page) => page.includes(url)));
    expect((await scriptBytes(adminDir, core)).gzip).toBeLessThanOrEqual(CORE_GZIP_BUDGET);
    // The entry is the same file on every page; a page's own module is only on that page.
    expect(new Set(scripts.map((page) => page[0])).size).toBe(1);
    expect(customer.some((url) => url.startsWith('/assets/customer-'))).toBe(true);
    expect(orders.some((url) => url.startsWith('/assets/customer-'))).toBe(false);
    expect(orders.some((url) => url.startsWith('/assets/orders-'))).toBe(true);
  });
});
