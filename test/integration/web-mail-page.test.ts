import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/app.server.ts';
import { MAIL_PAGE_PATH } from '../../server/mail-page.server.tsx';
import { silentLogger, startStack, testConfig, type Stack } from '../support/stack.ts';

/** The outbox mail page: the embedded default's way to read a code, and nowhere else. */
let stack: Stack;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-outbox-'));
  stack = await startStack({ seed: false, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await stack.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Asks for a code and waits for its mail in the outbox (it is written after the reply). */
async function sendCode(email: string): Promise<void> {
  await request(stack.api).post('/api/mail/sendMail').send({ email, type: 'signup' }).expect(200);
  const folder = path.join(dataDir, 'outbox');
  const mailed = () => existsSync(folder) && readdirSync(folder).some((f) => readFileSync(path.join(folder, f), 'utf8').includes(email));
  await expect.poll(mailed, { timeout: 10_000 }).toBe(true);
}

function webWith(env: Record<string, string>) {
  const config = testConfig({ API_ORIGIN: stack.apiUrl, DATA_DIR: dataDir, ...env });
  return createWebApp({ config, logger: silentLogger, clientDir: path.resolve('dist/client') });
}

describe('the mail page while mail goes to the outbox and the site listens on loopback', () => {
  it('lists the outbox newest first and shows a message with its code, never cached or indexed', async () => {
    await sendCode('first@example.jp');
    await new Promise((r) => setTimeout(r, 5));
    await sendCode('second@example.jp');
    const list = await request(stack.web).get(MAIL_PAGE_PATH).expect(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['x-robots-tag']).toMatch(/noindex/);
    expect(list.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(list.text.indexOf('second@example.jp')).toBeGreaterThan(-1);
    expect(list.text.indexOf('second@example.jp')).toBeLessThan(list.text.indexOf('first@example.jp'));

    const link = /href="(\/dev\/mail\/[^"]+)"/.exec(list.text)?.[1] ?? '';
    const one = await request(stack.web).get(link).expect(200);
    expect(one.headers['cache-control']).toBe('no-store');
    expect(one.text).toContain('second@example.jp');
    expect(one.text).toMatch(/\b\d{6}\b/);

    const html = await request(stack.web).get(`${link}/html`).expect(200);
    expect(html.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
  });

  it('shows each code mail\'s code in the list, and the opening words of any other mail', async () => {
    await sendCode('glance@example.jp');
    const folder = path.join(dataDir, 'outbox');
    const file = readdirSync(folder).find((f) => readFileSync(path.join(folder, f), 'utf8').includes('glance@example.jp')) ?? '';
    const code = /^\d{6}$/m.exec((JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { text: string }).text)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    // A reminder for an address with no account is a mail without a code.
    await request(stack.api).post('/api/mail/sendMail').send({ email: 'stranger@example.jp', type: 'reminder' }).expect(200);
    const mailed = () => readdirSync(folder).some((f) => readFileSync(path.join(folder, f), 'utf8').includes('stranger@example.jp'));
    await expect.poll(mailed, { timeout: 10_000 }).toBe(true);

    const list = (await request(stack.web).get(MAIL_PAGE_PATH).expect(200)).text.replaceAll('<!-- -->', '');
    const rowOf = (email: string) => list.slice(list.lastIndexOf('<tr>', list.indexOf(email)), list.indexOf('</tr>', list.indexOf(email)));
    expect(rowOf('glance@example.jp')).toContain(`認証コード / Code: <strong>${code}</strong>`);
    expect(rowOf('stranger@example.jp')).toContain('このメールアドレスは登録されていません。');
    expect(rowOf('stranger@example.jp')).not.toContain('認証コード / Code');
  });

  it('answers 404 for an unknown message or a path that tries to leave the folder', async () => {
    await request(stack.web).get(`${MAIL_PAGE_PATH}/2020-01-01T00-00-00-000Z-abc`).expect(404);
    // The web tier may refuse the encoded slash itself (400) before the page sees it.
    const escape = await request(stack.web).get(`${MAIL_PAGE_PATH}/..%2f..%2fpackage`);
    expect([400, 404]).toContain(escape.status);
    expect(escape.text).not.toContain('"dependencies"');
    await request(stack.web).get(`${MAIL_PAGE_PATH}/x/raw`).expect(404);
  });
});

describe('the mail page elsewhere', () => {
  it('does not exist once SMTP_URL is set', async () => {
    const res = await request(webWith({ SMTP_URL: 'smtp://127.0.0.1:2525' })).get(MAIL_PAGE_PATH).expect(404);
    expect(res.text).not.toContain('first@example.jp');
  });

  it('does not exist when the web service listens beyond loopback', async () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.10']) {
      const res = await request(webWith({ HOST })).get(MAIL_PAGE_PATH).expect(404);
      expect(res.text).not.toContain('first@example.jp');
    }
  });

  it('exists for each loopback spelling', async () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) await request(webWith({ HOST })).get(MAIL_PAGE_PATH).expect(200);
  });
});
