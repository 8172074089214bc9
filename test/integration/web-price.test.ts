import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { unglued } from '../support/unglued.ts';
import { KNOWN_USER, buildArtist, buildPlan, buildRound, insertArtist, insertPlan, insertRound, insertSession, insertUser } from './api-fixtures.ts';

/**
 * Issue 18 as a browser without JavaScript gets it: every page that names a plan's price heads it
 * with what one delivery costs with tax and shipping (「1回のお届け ¥3,960（税込・送料込）」) and the
 * breakdown beneath; the bare ¥3,300 is never the headline. Checkout, the final confirmation
 * screen, and the legal notice also state the returns policy (特商法 第12条の6).
 */
let stack: Stack;
let light: number;
let quarter: number;
let serial = 0;
const SLUG = 'price-artist';
const DAY = 86_400_000;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  const db = stack.database.handle.db;
  const artist = await insertArtist(db, buildArtist({ slug: SLUG, name: '価格テスト・アーティスト', sort: 1 }));
  light = await insertPlan(db, buildPlan(artist, { name: 'ライトプラン', price: 3300, pre_tax_price: 3000, sort: 1 }));
  quarter = await insertPlan(db, buildPlan(artist, { name: '3ヶ月まとめてプラン', price: 16500, pre_tax_price: 15000, period: 3, sort: 2 }));
  const now = Date.now();
  for (const plan of [light, quarter]) {
    await insertRound(db, buildRound(plan, new Date(now - 5 * DAY), new Date(now + 10 * DAY), new Date(now + 40 * DAY), '受付中の回'));
  }
});
afterAll(async () => stack?.close());

/** A signed-in shopper with an address and the given payment method; optionally subscribed. */
async function shopper(paymentMethod: 'CARD' | 'GMOAB' = 'CARD', subscribed: { planId: number; count: number } | null = null) {
  serial += 1;
  const db = stack.database.handle.db;
  const userId = await insertUser(db, { ...KNOWN_USER, email: `price-${serial}@example.com`, payment_method: paymentMethod });
  const token = `price-web-session-${serial}-0123456789abcdef`;
  await insertSession(db, { token, userId, expiresAt: new Date(Date.now() + DAY), secureUntil: new Date(Date.now() + 30 * 60_000) });
  if (subscribed) {
    const at = new Date();
    await db.insertInto('user_plans').values({ user_id: userId, plan_id: subscribed.planId, count: subscribed.count, status: 'ACTIVE', created_at: at, updated_at: at }).execute();
  }
  return `${SESSION_COOKIE}=${token}`;
}

/** The page as a reader sees its words: up to the hydration data, without React's `<!-- -->`. */
async function page(path: string, cookie?: string): Promise<string> {
  const req = request(stack.web).get(path);
  if (cookie) req.set('cookie', cookie);
  const res = await req.expect(200);
  const end = res.text.indexOf('<script');
  return unglued((end === -1 ? res.text : res.text.slice(0, end)).replaceAll('<!-- -->', ''));
}

const headline = (yen: string) => `<span class="price-main">${yen}</span><span class="price-note">（税込・送料込）</span>`;
const checkoutPath = (planId: number, count = 1) => `${href('checkout', { slug: SLUG, planId })}${count > 1 ? `?count=${count}` : ''}`;

/** No headline, card or option names the bare plan price. */
function expectNoBarePrice(html: string): void {
  expect(html).not.toContain('<span class="price-main">¥3,300</span>');
  expect(html).not.toContain('¥3,300〜');
  expect(html).not.toContain('¥3,300（税込）');
}

describe('the price a fan sees is the price a fan pays', () => {
  it('home, lineup and the artist page head each price with the round total incl. shipping', async () => {
    for (const path of ['/', href('lineup')]) {
      const html = await page(path);
      expect(html).toContain('<span class="artist-card-price">1回のお届け ¥3,960〜<span class="artist-card-price-note">税込・送料込</span></span>');
      expectNoBarePrice(html);
    }
    const artist = await page(href('artist', { slug: SLUG }));
    expect(artist).toContain(`<span class="plan-cost-label">1回のお届け</span> <strong class="plan-cost-amount"><span class="price">${headline('¥3,960')}`);
    expect(artist).toContain('<span class="plan-cost-line">商品 ¥3,300</span><span class="price-pretax">（税抜 ¥3,000）</span>');
    expect(artist).toContain('送料（1回分） ¥660');
    expect(artist).toContain('1回のお届け（3か月ごと）');
    expect(artist).toContain(`${headline('¥17,160')}<span class="price-month">1か月あたり ¥5,720</span>`);
    expectNoBarePrice(artist);
  });

  it('checkout states the round total with its breakdown, for the chosen count', async () => {
    const cookie = await shopper();
    const one = await page(checkoutPath(light), cookie);
    expect(one).toContain(headline('¥3,960'));
    expect(one).toContain('商品 ¥3,300');
    expect(one).toContain('送料（1回分） ¥660');
    expect(one).not.toContain('後払い手数料');
    expectNoBarePrice(one);
    const two = await page(checkoutPath(light, 2), cookie);
    expect(two).toContain('1回のお届け（2箱）');
    expect(two).toContain(headline('¥7,260'));
    expect(two).toContain('商品（¥3,300 × 2箱） ¥6,600');
    const months = await page(checkoutPath(quarter), cookie);
    expect(months).toContain('1回のお届け（3か月ごと）');
    expect(months).toContain(`${headline('¥17,160')}<span class="price-month">1か月あたり ¥5,720</span>`);
  });

  it('checkout with GMO deferred payment counts its fee in the total', async () => {
    const html = await page(checkoutPath(light), await shopper('GMOAB'));
    expect(html).toContain(headline('¥4,290'));
    expect(html).toContain('後払い手数料 ¥330');
  });

  it('my plans states the next round\'s total and prices each tier the same way', async () => {
    const html = await page(href('plan'), await shopper('CARD', { planId: light, count: 2 }));
    expect(html).toContain('<dt>1回のお届け（2箱）</dt>');
    expect(html).toContain(headline('¥7,260'));
    expect(html).toContain('商品（¥3,300 × 2箱） ¥6,600');
    expect(html).toContain('ライトプラン：¥7,260（税込・送料込）');
    expect(html).toContain('3ヶ月まとめてプラン：¥33,660（税込・送料込）');
    expectNoBarePrice(html);
  });
});

describe('the returns policy (特商法 第12条の6)', () => {
  const POLICY = ['お客様のご都合による返品・交換（開封後の返品', '商品到着後8日以内', '写真を添えて', '交換品をお送りします'];

  it('checkout states it beside how to cancel, with the address to write to', async () => {
    const html = await page(checkoutPath(light), await shopper());
    const cancel = html.indexOf('<dt>解約方法</dt>');
    const returns = html.indexOf('<dt>返品・交換</dt>');
    expect(cancel).toBeGreaterThan(-1);
    expect(returns).toBeGreaterThan(cancel);
    const policy = html.slice(returns, html.indexOf('</dd>', returns));
    for (const words of [...POLICY, stack.config.COMPANY_EMAIL]) expect(policy).toContain(words);
  });

  it('the legal notice states the same text, and shipping per delivery', async () => {
    const html = await page('/transactions');
    for (const words of POLICY) expect(html).toContain(words);
    expect(html).toContain(`href="mailto:${stack.config.COMPANY_EMAIL}"`);
    expect(html).toContain('送料：1回のお届けにつき660円');
    const english = await page('/transactions?lang=en');
    expect(english).toContain('within 8 days of its arrival');
  });
});
