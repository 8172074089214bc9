import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleApp, startConsole, type ConsoleServer } from '../support/console.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { hashSourceOf, runnableScriptsOf } from '../support/page-data.ts';

/**
 * The operator console (issue 19): its own listener with the web tier's house rules, and never
 * reachable through the shop's public port.
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

describe('the console listener', () => {
  it('answers /login with the login form, a strict CSP that names the hash of its one inline script, never stored', async () => {
    const res = await request(admin.app).get('/login');
    expect(res.status).toBe(200);
    for (const name of ['email', 'password', 'otp']) expect(res.text).toContain(`name="${name}"`);
    expect(res.text).toContain('スタッフログイン');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).not.toContain('unsafe-inline\';script');
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = runnableScriptsOf(res.text);
    expect(scripts).toHaveLength(1);
    expect(csp).toContain(hashSourceOf(scripts[0]?.text ?? ''));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('speaks English when asked with ?lang=en, as the shop does', async () => {
    const res = await request(admin.app).get('/login?lang=en');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain('Staff log in');
    expect(res.text).toContain('Verification code');
  });

  it('loads the console’s own bundle, and the shop’s bundle carries no console code', async () => {
    const res = await request(admin.app).get('/login');
    const entry = /"\/assets\/(admin-[A-Z0-9]+\.js)"/.exec(res.text)?.[1];
    expect(entry).toBeDefined();
    expect((await request(admin.app).get(`/assets/${entry}`)).status).toBe(200);
    const shopAssets = path.resolve('dist/client/assets');
    const shopJs = readdirSync(shopAssets).filter((f) => f.endsWith('.js'));
    expect(shopJs.some((f) => f.startsWith('admin'))).toBe(false);
    for (const file of shopJs) expect(readFileSync(path.join(shopAssets, file), 'utf8'), file).not.toContain('/api/staff');
    // …and the console's port does not serve the shop's pages or bundle.
    const shopEntry = shopJs.find((f) => f.startsWith('entry.client-'));
    expect((await request(admin.app).get(`/assets/${shopEntry}`)).status).toBe(404);
    expect((await request(admin.app).get('/lineup')).status).toBe(404);
  });

  it('sends a visitor without a staff session from the console home to the login page', async () => {
    const res = await request(admin.app).get('/');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('forwards the staff API to the API, cookies and all', async () => {
    const res = await request(admin.app).get('/api/staff/me');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('forwards only the staff API: the rest of the shop API is a 404 on the console', async () => {
    const res = await request(admin.app).get('/api/banner');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers only ADMIN_ORIGIN’s name (and loopback), not the shop’s nor a rebinding one', async () => {
    const app = createConsoleApp(stack, { ADMIN_ORIGIN: 'https://console.shop.example', PUBLIC_ORIGIN: 'https://shop.example' });
    expect((await request(app).get('/login').set('host', 'console.shop.example')).status).toBe(200);
    for (const host of ['shop.example', 'rebind.attacker.example', 'console.shop.example.attacker.example']) {
      expect((await request(app).get('/login').set('host', host)).status, host).toBe(421);
    }
    // The probes answer any Host, as on the web tier.
    expect((await request(app).get('/healthz').set('host', 'rebind.attacker.example')).status).toBe(200);
  });

  it('refuses a form posted from another site before any action runs', async () => {
    const res = await request(admin.app).post('/login').set('origin', 'https://evil.example').type('form').send('email=a%40b.jp&password=x&otp=123456');
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a method no page takes is a 405 with Allow', async () => {
    const res = await request(admin.app).put('/login');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
  });
});

describe('the public web port never serves the console', () => {
  it.each(['/admin', '/admin/', '/admin/login', '/ADMIN/setup/x', '/admin.php'])('GET %s is a 404', async (page) => {
    const res = await request(stack.web).get(page);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('name="otp"');
  });

  it.each([
    ['GET', '/api/staff/me'],
    ['GET', '/api/staff'],
    ['POST', '/api/staff/login'],
    ['GET', '/API/Staff/me'],
    ['GET', '/api/%73taff/me'],
    ['GET', '/api//staff/setup/abc'],
  ])('%s %s is the web tier’s own 404, never forwarded to the API', async (method, url) => {
    const res = method === 'GET' ? await request(stack.web).get(url) : await request(stack.web).post(url).send({ email: 'a@b.jp', password: 'x', otp: '000000' });
    expect(res.status).toBe(404);
    // The web tier's text (JSON under /api, else its small page), not the API's ("API endpoint not found").
    expect(res.text).toContain('ページが見つかりません。');
    expect(res.text).not.toContain('API endpoint');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('the shop’s own API still goes through', async () => {
    expect((await request(stack.web).get('/api/banner')).status).toBe(200);
    expect((await request(stack.web).get('/api/staffing')).status).toBe(404);
  });
});
