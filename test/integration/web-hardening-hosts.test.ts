import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/app.server.ts';
import { MAIL_PAGE_PATH } from '../../server/mail-page.server.tsx';
import { silentLogger, startStack, testConfig, type Stack } from '../support/stack.ts';

/**
 * DNS rebinding (issue 17): a page on a name the attacker controls re-points that name at
 * 127.0.0.1 and reads a loopback install's answers as its own — the outbox mail page (everyone's
 * codes), the pages, the API and /ops. Its requests carry the attacker's name in Host, so both
 * tiers answer only their own names (shared/allowed-hosts.ts): anything else is a small 421.
 */
const REBOUND = 'rebind.attacker.example';
const BILINGUAL = /[ぁ-んァ-ン一-龥][\s\S]*[A-Za-z]{3}/;

let stack: Stack;
let dataDir: string;
let port: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-hosts-'));
  stack = await startStack({ env: { DATA_DIR: dataDir, PUBLIC_ORIGIN: 'https://shop.example' } });
  port = new URL(stack.webUrl).port;
  await request(stack.api).post('/api/mail/sendMail').send({ email: 'rebind-victim@example.jp', type: 'signup' }).expect(200);
});
afterAll(async () => {
  await stack.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function webWith(env: Record<string, string>) {
  const config = testConfig({ API_ORIGIN: stack.apiUrl, DATA_DIR: dataDir, PUBLIC_ORIGIN: 'https://shop.example', ...env });
  return createWebApp({ config, logger: silentLogger, clientDir: path.resolve('dist/client') });
}

function expectMisdirectedPage(res: request.Response): void {
  expect(res.status).toBe(421);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.text).toMatch(BILINGUAL);
  expect(res.text.length).toBeLessThan(2048);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('the web tier answers only its own names', () => {
  it('the outbox mail page with a rebinding Host is a 421 that shows no mail', async () => {
    // The page is there for the shop's own names…
    // (The code mail is written after sendMail has answered: wait for it.)
    await expect.poll(async () => (await request(stack.web).get(MAIL_PAGE_PATH).set('host', `localhost:${port}`)).text).toContain('rebind-victim@example.jp');
    for (const host of [`${REBOUND}:${port}`, REBOUND]) {
      const res = await request(stack.web).get(MAIL_PAGE_PATH).set('host', host);
      expectMisdirectedPage(res);
      expect(res.text).not.toContain('rebind-victim@example.jp');
    }
  });

  it.each(['/', '/lineup', '/faq', '/mypage/login', '/robots.txt', '/no/such/page'])('%s with a foreign Host is a small bilingual 421', async (page) => {
    expectMisdirectedPage(await request(stack.web).get(page).set('host', `${REBOUND}:${port}`));
  });

  it('a form post with a foreign Host is a 421 before any action runs', async () => {
    const res = await request(stack.web).post('/mypage/login').set('host', REBOUND).type('form').send('email=a%40example.com&password=x');
    expect(res.status).toBe(421);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('/api with a foreign Host is a JSON 421 in the one error shape, never proxied', async () => {
    const res = await request(stack.web).get('/api/banner').set('host', `${REBOUND}:${port}`);
    expect(res.status).toBe(421);
    expect(res.body).toMatchObject({ code: 'MISDIRECTED_REQUEST', message: expect.stringContaining('ホスト名'), messageEn: expect.stringContaining('host name') });
  });

  it('PUBLIC_ORIGIN’s name, the loopback names on any port and IP addresses are answered', async () => {
    const hosts = ['shop.example', 'shop.example:443', 'SHOP.example.', `localhost:${port}`, 'localhost', 'localhost:8080', `127.0.0.1:${port}`, `[::1]:${port}`, '10.0.3.7:3000', '[fd00::7]'];
    for (const host of hosts) expect((await request(stack.web).get('/faq').set('host', host)).status, host).toBe(200);
    expect((await request(stack.web).get(MAIL_PAGE_PATH).set('host', `127.0.0.1:${port}`)).status).toBe(200);
  });

  it('names that only look like ours are refused', async () => {
    for (const host of ['shop.example.attacker.example', 'attacker-shop.example', 'localhost.attacker.example', '127.0.0.1.nip.io', 'xn--shop-example']) {
      expect((await request(stack.web).get('/faq').set('host', host)).status, host).toBe(421);
    }
  });

  it('X-Forwarded-Host from a trusted hop is checked too, and cannot vouch for a foreign Host', async () => {
    // A proxy that rewrote Host to our loopback address but names the foreign one it was asked for:
    const behindProxy = await request(stack.web).get('/faq').set('host', `127.0.0.1:${port}`).set('x-forwarded-host', REBOUND);
    expect(behindProxy.status).toBe(421);
    // A rebinding page adding X-Forwarded-Host to its own same-origin request: Host still decides.
    const forged = await request(stack.web).get(MAIL_PAGE_PATH).set('host', REBOUND).set('x-forwarded-host', `localhost:${port}`);
    expect(forged.status).toBe(421);
    const good = await request(stack.web).get('/faq').set('host', `127.0.0.1:${port}`).set('x-forwarded-host', 'shop.example');
    expect(good.status).toBe(200);
  });

  it('the probes answer any Host (a kubelet sends the pod address, a load balancer its own name)', async () => {
    for (const probe of ['/healthz', '/readyz']) expect((await request(stack.web).get(probe).set('host', REBOUND)).status, probe).toBe(200);
  });

  it('ALLOWED_HOSTS adds names: bare on any port, name:port on that port only', async () => {
    const web = webWith({ ALLOWED_HOSTS: 'shop-alias.example, lb.internal:8443' });
    for (const host of ['shop-alias.example', 'shop-alias.example:3000', 'lb.internal:8443', 'shop.example']) {
      expect((await request(web).get('/faq').set('host', host)).status, host).toBe(200);
    }
    for (const host of ['lb.internal', 'lb.internal:9000', REBOUND]) expect((await request(web).get('/faq').set('host', host)).status, host).toBe(421);
  });

  it('a name only the web tier allows still reaches the API: the proxy and the loaders send the API its own Host', async () => {
    // The stack's API knows only shop.example and loopback; the alias is the web tier's alone.
    const web = webWith({ ALLOWED_HOSTS: 'shop-alias.example' });
    expect((await request(web).get('/api/banner').set('host', 'shop-alias.example')).status).toBe(200);
    const page = await request(web).get('/lineup').set('host', 'shop-alias.example');
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('通信エラー');
  });
});

describe('the API answers only its own names', () => {
  it('a foreign Host is a JSON 421 on every path, /ops included', async () => {
    for (const [method, target] of [['get', '/api/banner'], ['get', '/api/artist'], ['post', '/api/login/emailLogin'], ['post', '/ops/billing']] as const) {
      const res = await request(stack.api)[method](target).set('host', `${REBOUND}:3001`).send({});
      expect(res.status, target).toBe(421);
      expect(res.body).toMatchObject({ code: 'MISDIRECTED_REQUEST', messageEn: expect.stringContaining('host name') });
    }
  });

  it('a rebinding page cannot vouch for itself with X-Forwarded-Host', async () => {
    expect((await request(stack.api).get('/api/banner').set('host', REBOUND).set('x-forwarded-host', 'localhost:3001')).status).toBe(421);
  });

  it('its own loopback address, PUBLIC_ORIGIN’s name and IP addresses are answered; probes answer any Host', async () => {
    for (const host of [new URL(stack.apiUrl).host, 'localhost:3001', 'shop.example', '10.0.3.8:3001']) {
      expect((await request(stack.api).get('/api/banner').set('host', host)).status, host).toBe(200);
    }
    for (const probe of ['/healthz', '/readyz']) expect((await request(stack.api).get(probe).set('host', REBOUND)).status, probe).toBe(200);
  });
});
