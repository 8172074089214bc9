import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { OutboxEntry } from '../../api/mail/mailer.ts';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import type { PlanOrderHistory } from '../../shared/api/types.ts';
import { shopEnv, type ShopProcess } from './process-fixtures.ts';

/**
 * What the README's rehearsals do as a shopper and an operator on a running shop
 * (process-rehearsal*.test.ts): fans signed in over HTTP, the sandbox's hosted card page, the
 * outbox under DATA_DIR, and README lines typed into a shell in a checkout of the package.
 */
export const run = promisify(execFile);

/** A shopper signed in over HTTP: her session cookie follows each answer. */
export interface Fan {
  email: string;
  cookie: string;
}

export function newFan(name: string): Fan {
  return { email: `${name}-${Date.now()}@example.com`, cookie: '' };
}

export class RehearsalShop {
  /** Where the user types: a checkout of this one (the package, its build, scripts, modules, docs), so the files the lines write stay out of the worktree. */
  readonly checkout = mkdtempSync(path.join(tmpdir(), 'oshibox-checkout-'));
  shop!: ShopProcess;
  dataDir!: string;

  constructor() {
    for (const name of ['package.json', 'dist', 'scripts', 'node_modules', 'docs']) symlinkSync(path.resolve(name), path.join(this.checkout, name));
  }

  started(shop: ShopProcess, dataDir: string): void {
    this.shop = shop;
    this.dataDir = dataDir;
  }

  removeCheckout(): void {
    rmSync(this.checkout, { recursive: true, force: true });
  }

  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return shopEnv({ API_PORT: String(this.shop.ports.api), DATA_DIR: this.dataDir, ...extra });
  }

  async callAs(fan: Fan, method: string, url: string, body?: unknown, type = 'application/json'): Promise<Response> {
    const res = await fetch(`${this.shop.webUrl}${url}`, {
      method, redirect: 'manual',
      headers: { cookie: fan.cookie, ...(body === undefined ? {} : { 'content-type': type }) },
      body: body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : String(body),
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (setCookie) fan.cookie = setCookie.split(';')[0]!;
    return res;
  }

  outbox(fan: Fan): OutboxEntry[] {
    const folder = path.join(this.dataDir, 'outbox');
    return readdirSync(folder).sort().map((f) => JSON.parse(readFileSync(path.join(folder, f), 'utf8')) as OutboxEntry).filter((m) => m.to === fan.email);
  }

  /** An operator command run directly (`node dist/ops.js …`): its JSON summary. */
  async ops(...args: string[]): Promise<Record<string, unknown>> {
    const { stdout } = await run(process.execPath, ['dist/ops.js', ...args], { env: this.env(), timeout: 60_000 });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
  }

  /** A README line as a user types it: a shell in the checkout runs it, npm's banner and all. Its exit status and what it printed. */
  async typed(line: string): Promise<{ code: number; stdout: string; stderr: string }> {
    return run('sh', ['-c', line], { cwd: this.checkout, env: this.env(), timeout: 60_000 })
      .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }), (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }));
  }

  /** A typed line that must succeed: its JSON summary (the last line, after npm's banner) and what it said on stderr. */
  async typedOps(line: string): Promise<{ summary: Record<string, unknown>; stderr: string }> {
    const outcome = await this.typed(line);
    expect(outcome, line).toMatchObject({ code: 0 });
    return { summary: JSON.parse(outcome.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>, stderr: outcome.stderr };
  }

  /** The sandbox's hosted card page, as a shopper fills it in, and the way back to the shop. */
  async registerCard(number: string, fan: Fan): Promise<string | null> {
    const start = await this.callAs(fan, 'GET', '/api/credit?retUrl=%2Fmypage%2Fprofile%2Fpayment');
    const { url } = (await start.json()) as { url: string };
    const form = new URLSearchParams({ cardNumber: number, expiry: '12/30', cvc: '123', holder: 'HANAKO OSHINO' });
    const posted = await this.callAs(fan, 'POST', url, form.toString(), 'application/x-www-form-urlencoded');
    const back = await this.callAs(fan, 'GET', posted.headers.get('location')!);
    return back.headers.get('location');
  }

  /** Sign-up as at /mypage/signup: the code from the mail, then the form. */
  async signUp(fan: Fan): Promise<void> {
    expect((await this.callAs(fan, 'POST', '/api/mail/sendMail?langType=ja', { email: fan.email, type: 'signup' })).status).toBe(200);
    // The code mail is written after the reply (expect.poll is for tests, not beforeAll).
    for (const deadline = Date.now() + 10_000; !(existsSync(path.join(this.dataDir, 'outbox')) && this.outbox(fan).length > 0); ) {
      if (Date.now() > deadline) throw new Error('no code mail in the outbox within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const code = /\b(\d{6})\b/.exec(this.outbox(fan).at(-1)!.text)![1];
    const signup = await this.callAs(fan, 'POST', '/api/user', {
      email: fan.email, code, name: '推野 花子', zip: '1500002', address: '東京都渋谷区渋谷', address2: '2-24-12', birthday: '1995-04-01',
      gender: 'FEMALE', tel: '0312345678', password: 'Passw0rd-rehearsal', passwordConfirm: 'Passw0rd-rehearsal', agreement: true,
    });
    expect(signup.status).toBe(201);
  }

  async historiesOf(fan: Fan): Promise<PlanOrderHistory[]> {
    return (await (await this.callAs(fan, 'GET', '/api/planOrderHistory')).json()) as PlanOrderHistory[];
  }

  /** A page's text as a reader sees it (tags and React's text separators dropped). */
  async pageText(url: string, fan: Fan): Promise<string> {
    const res = await this.callAs(fan, 'GET', url);
    expect(res.status, url).toBe(200);
    return (await res.text()).replace(/<[^>]*>/g, '');
  }

  /** Checkout over HTTP, as the plan's 申し込む does with the registered card: its status. */
  async subscribe(fan: Fan, planId: number, extra: Record<string, unknown> = {}): Promise<number> {
    const res = await fetch(`${this.shop.webUrl}/api/userPlan`, {
      method: 'POST', headers: { cookie: fan.cookie, 'content-type': 'application/json', 'idempotency-key': `rehearsal-${planId}-${Date.now()}` },
      body: JSON.stringify({ planId, ...extra }),
    });
    return res.status;
  }
}
