import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVaultCard } from '../../api/payment/sandbox/sandbox.repository.ts';
import { hashPassword } from '../../api/password/password-hash.ts';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href, loginHref } from '../../shared/routes.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { KNOWN_USER, buildArtist, buildPlan, buildRound, insertArtist, insertPlan, insertRound, insertSession, insertUser } from './api-fixtures.ts';

/**
 * Issue 31, "words a fan reads once", as a browser without JavaScript gets them: a signed-out
 * 申し込む says why it asks for a login and names the plan; the completion page shows the 注文番号
 * that 注文履歴 shows; a card registered from checkout (3-D Secure passed) returns to checkout;
 * empty lists say what to do next, with a link.
 */
let stack: Stack;
let light: number;
let serial = 0;
const SLUG = 'words-artist';
const DAY = 86_400_000;
const PASSWORD = 'Passw0rd-words';
let passwordHash: string;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  const db = stack.database.handle.db;
  const artist = await insertArtist(db, buildArtist({ slug: SLUG, name: '言葉テスト・アーティスト', sort: 1 }));
  light = await insertPlan(db, buildPlan(artist, { name: 'ライトプラン', name_en: 'Light plan', price: 3300, pre_tax_price: 3000, sort: 1 }));
  const now = Date.now();
  await insertRound(db, buildRound(light, new Date(now - 5 * DAY), new Date(now + 10 * DAY), new Date(now + 40 * DAY), '受付中の回'));
  passwordHash = await hashPassword('words-test', PASSWORD);
});
afterAll(async () => stack?.close());

const checkout = () => href('checkout', { slug: SLUG, planId: light });

/** A fan with an address, signed in (password proved just now) unless `signedIn` is false. */
async function fan(options: { card?: boolean; method?: 'CARD' | 'NONE' } = {}) {
  serial += 1;
  const db = stack.database.handle.db;
  const email = `words-${serial}@example.com`;
  const userId = await insertUser(db, { ...KNOWN_USER, email, password_hash: passwordHash, payment_method: options.method ?? 'CARD' });
  if (options.card) {
    const details = { brand: 'Visa', last4: '4242', expiry: '12/30' };
    const token = await insertVaultCard(db, { ...details, declinesCharges: false }, new Date());
    await db.insertInto('user_cards').values({ user_id: userId, token, ...details, updated_at: new Date() }).execute();
  }
  const token = `words-web-session-${serial}-0123456789abcdef`;
  await insertSession(db, { token, userId, expiresAt: new Date(Date.now() + DAY), secureUntil: new Date(Date.now() + 30 * 60_000) });
  return { email, userId, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The page's words as a reader sees them: up to the hydration data, without React's `<!-- -->`. */
async function page(path: string, cookie?: string): Promise<string> {
  const req = request(stack.web).get(path);
  if (cookie) req.set('cookie', cookie);
  const res = await req.expect(200);
  const end = res.text.indexOf('<script');
  return (end === -1 ? res.text : res.text.slice(0, end)).replaceAll('<!-- -->', '');
}

const form = (agent: ReturnType<typeof request.agent>, path: string, fields: Record<string, string>) =>
  agent.post(path).type('form').set('sec-fetch-site', 'same-origin').send(fields);

describe('a signed-out 申し込む', () => {
  it('lands on a login page that says why and names the plan; the login goes on to that checkout', async () => {
    const artistPage = await page(href('artist', { slug: SLUG }));
    expect(artistPage).toContain(`href="${checkout()}"`);
    const guarded = await request(stack.web).get(checkout()).expect(302);
    expect(guarded.headers.location).toBe(loginHref(checkout()));

    const login = await page(loginHref(checkout()));
    expect(login).toContain('<p class="login-needed-title">ログインが必要です</p>');
    expect(login).toContain('言葉テスト・アーティスト「ライトプラン」のお申し込みには、会員登録（無料）とログインが必要です。ログインすると、お申し込み手続きに進みます。');
    // The sign-up link keeps the way back to the checkout too.
    expect(login).toContain(`href="${href('signup')}?url=${encodeURIComponent(checkout())}"`);
    const english = await page(`${loginHref(checkout())}&lang=en`);
    expect(english).toContain('Please log in');
    expect(english).toContain('To subscribe to 言葉テスト・アーティスト &quot;Light plan&quot;, please log in or sign up (free).');

    const { email } = await fan();
    const agent = request.agent(stack.web);
    const done = await form(agent, loginHref(checkout()), { email, password: PASSWORD }).expect(303);
    expect(done.headers.location).toBe(checkout());
    expect(await page(checkout(), String(done.headers['set-cookie']).split(';')[0])).toContain('お申し込み内容の確認');
  });

  it('a login asked for by any other page, or for a plan that is not there, names no plan', async () => {
    for (const path of [loginHref(href('plan')), href('login'), loginHref(href('checkout', { slug: 'other-artist', planId: light })), loginHref(href('checkout', { slug: SLUG, planId: 987654 }))]) {
      const html = await page(path);
      expect(html).not.toContain('ログインが必要です');
      expect(html).toContain('メールアドレスとパスワードを入力してください。');
    }
  });
});

describe('the completion page', () => {
  it('shows the 注文番号 of the checkout\'s charge, the number 注文履歴 shows for it', async () => {
    const shopper = await fan({ card: true });
    const agent = request.agent(stack.web).set('cookie', shopper.cookie);
    const posted = await form(agent, checkout(), { count: '1', expectedTotal: '3960', idempotencyKey: `words-${serial}-key-0123456789abcdef` }).expect(303);
    expect(posted.headers.location).toBe(href('complete', { slug: SLUG, planId: light }));
    const history = await stack.database.handle.db.selectFrom('plan_order_histories').select('id').where('user_id', '=', shopper.userId).executeTakeFirstOrThrow();
    const complete = await page(String(posted.headers.location), shopper.cookie);
    expect(complete).toContain(`<dl class="complete-facts"><div><dt>注文番号</dt><dd class="order-number">${history.id}</dd></div></dl>`);
    const orders = await page(href('orderHistory'), shopper.cookie);
    expect(orders).toContain(`<dt>注文番号</dt><dd class="order-number">${history.id}</dd>`);
    const english = await page(`${String(posted.headers.location)}?lang=en`, shopper.cookie);
    expect(english).toContain(`<dt>Order no.</dt><dd class="order-number">${history.id}</dd>`);
  });
});

describe('a card registered from checkout', () => {
  it('with 3-D Secure passed, goes back to checkout, saying so, not to the payment page', async () => {
    const shopper = await fan({ method: 'NONE' });
    const agent = request.agent(stack.web).set('cookie', shopper.cookie);
    const blocked = await page(checkout(), shopper.cookie);
    const paymentLink = `${href('profilePayment')}?url=${encodeURIComponent(checkout())}`;
    expect(blocked).toContain(`href="${paymentLink.replaceAll('&', '&amp;')}"`);
    // The payment page's card button, then the sandbox's hosted pages, each a plain form.
    const started = await form(agent, paymentLink, { intent: 'card' }).expect(303);
    const hosted = new URL(String(started.headers.location), stack.webUrl);
    const card = await form(agent, hosted.pathname, { cardNumber: '4000000000003220', expiry: '12/30', cvc: '123', holder: 'HANAKO OSHINO' }).expect(303);
    const challenge = String(card.headers.location);
    expect(challenge).toMatch(/\/3ds$/);
    const passed = await form(agent, challenge, { otp: '123456' }).expect(303);
    const confirmed = await agent.get(String(passed.headers.location)).expect(303);
    expect(confirmed.headers.location).toBe(`${paymentLink}&card=registered`);
    const onward = await agent.get(String(confirmed.headers.location)).expect(302);
    expect(onward.headers.location).toBe(`${checkout()}?card=registered`);
    const back = await page(String(onward.headers.location), shopper.cookie);
    expect(back).toContain('<p class="flash-notice" role="status">クレジットカードを登録しました。</p>');
    expect(back).toContain('クレジットカード Visa •••• 3220');
    expect(back).toContain('申し込む（決済する）');
  });

  it('declined, stays on the payment page with the reason; a return path off the site is never followed', async () => {
    const shopper = await fan({ card: true });
    const declined = await page(`${href('profilePayment')}?url=${encodeURIComponent(checkout())}&card=declined`, shopper.cookie);
    expect(declined).toContain('カードを登録できませんでした');
    for (const url of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example']) {
      const html = await page(`${href('profilePayment')}?url=${encodeURIComponent(url)}&card=registered`, shopper.cookie);
      expect(html).toContain('クレジットカードを登録しました。');
    }
  });
});

describe('empty lists say what to do next', () => {
  it('no plans, no orders, no news: each says so, what to do, and links to the lineup', async () => {
    const shopper = await fan();
    const lineupButton = `<a class="button button-primary" href="${href('lineup')}" data-discover="true">ラインナップを見る</a>`;
    const plans = await page(href('plan'), shopper.cookie);
    expect(plans).toContain('<p class="empty-state-title">お申し込み中のプランはありません。</p><p>ラインナップから推しのプランを選んで申し込むと、ここで確認・変更できます。</p>');
    expect(plans).toContain(lineupButton);
    const orders = await page(href('orderHistory'), shopper.cookie);
    expect(orders).toContain('<p class="empty-state-title">ご注文はまだありません。</p><p>プランに申し込むと、ご注文とお届けまでの状況がここに表示されます。</p>');
    expect(orders).toContain(lineupButton);
    const news = await page(href('news'));
    expect(news).toContain('<p class="empty-state-title">現在お知らせはありません。</p>');
    expect(news).toContain(lineupButton);
    const english = await page(`${href('plan')}?lang=en`, shopper.cookie);
    expect(english).toContain('<p class="empty-state-title">You have no plans yet.</p>');
    expect(english).toContain('See the lineup</a>');
  });
});
