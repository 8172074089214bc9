import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { href } from '../../shared/routes.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { insertSession } from './api-fixtures.ts';

/**
 * Issue 31, "one name for each thing", on the pages a demo customer reads (server-rendered, no
 * JavaScript), in both languages: a round is 「1月号」 / "Jan 2027 box" (never 「…お届け分」 nor "the
 * January issue"), a tier is a プラン / plan (never コース / tier), and a deadline names 締切 once.
 */
let stack: Stack;
let cookie: string;
const pages: Record<string, string> = {};

const DAY = 86_400_000;

beforeAll(async () => {
  stack = await startStack({ seed: false });
  const db = stack.database.handle.db;
  await seedDemo(db, new Date(), { customers: true });
  // A demo customer with a live plan and a charged order the receipt can be issued for.
  const fan = await db.selectFrom('plan_order_histories as h')
    .innerJoin('user_plans as up', 'up.id', 'h.user_plan_id')
    .innerJoin('plans as p', 'p.id', 'up.plan_id')
    .innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['h.id as historyId', 'h.user_id as userId', 'p.id as planId', 'a.id as artistId', 'a.slug'])
    .where('up.status', '=', 'ACTIVE').where('h.payment_method', '=', 'CARD').where('h.payment_status', 'in', ['SUCCESS', 'SHIPSTART'])
    .orderBy('h.id').limit(1).executeTakeFirstOrThrow();
  // Another plan of the same artist, with an open round: the fan's checkout for it.
  const other = await db.selectFrom('plans').select('id').where('artist_id', '=', fan.artistId).where('id', '<>', fan.planId).orderBy('sort').limit(1).executeTakeFirstOrThrow();
  const token = 'one-name-web-session-0123456789abcdef';
  await insertSession(db, { token, userId: fan.userId, expiresAt: new Date(Date.now() + DAY), secureUntil: new Date(Date.now() + 30 * 60_000) });
  cookie = `${SESSION_COOKIE}=${token}`;
  const paths = {
    artist: href('artist', { slug: fan.slug }),
    overview: href('profile'),
    plans: href('plan'),
    history: href('orderHistory'),
    receipt: href('receipt', { id: fan.historyId }),
    checkout: href('checkout', { slug: fan.slug, planId: other.id }),
    complete: href('complete', { slug: fan.slug, planId: fan.planId }),
  };
  for (const [name, path] of Object.entries(paths)) {
    pages[name] = await page(path);
    pages[`${name} (en)`] = await page(`${path}?lang=en`);
  }
}, 120_000);
afterAll(async () => stack?.close());

/** The page's words up to the hydration data, without React's `<!-- -->`. */
async function page(path: string): Promise<string> {
  const res = await request(stack.web).get(path).set('cookie', cookie).expect(200);
  const end = res.text.indexOf('<script');
  return (end === -1 ? res.text : res.text.slice(0, end)).replaceAll('<!-- -->', '');
}

/**
 * The page as a reader meets it: one string per paragraph, list item, table cell or definition
 * list (a <dt> and its <dd> read as one phrase), tags removed.
 */
function blocksOf(html: string): string[] {
  return html.split(/<\/(?:p|div|li|h[1-6]|td|th|dl|section|article|option|label|summary|title)>/)
    .map((block) => block.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim())
    .filter((block) => block !== '');
}

/** Sentences that give a date: each may say 締切 once at most (「申込締切 2026/12/11 23:59」). */
function deadlineSentences(html: string): string[] {
  return blocksOf(html).flatMap((block) => block.split('。')).filter((s) => /\d{4}\/\d{2}\/\d{2}/.test(s) && s.includes('締切'));
}

const JAPANESE = ['artist', 'overview', 'plans', 'history', 'receipt', 'checkout', 'complete'];

describe('a demo customer reads one name for each thing', () => {
  it.each(JAPANESE)('%s (ja): the round is 「◯月号」, a tier a プラン, never 「お届け分」 nor コース', (name) => {
    const words = blocksOf(pages[name]!).join('\n');
    expect(words).toMatch(/\d{1,2}月号/);
    expect(words).not.toContain('お届け分');
    expect(words).not.toContain('コース');
  });

  it.each(JAPANESE)('%s (ja): a deadline says 締切 once', (name) => {
    for (const sentence of deadlineSentences(pages[name]!)) expect(sentence).not.toMatch(/締切.*締切/);
  });

  it('reads the deadline as 「申込締切 2026/12/11 23:59」 where it stands alone, and beside its label elsewhere', () => {
    // My plans: the next charge's line, and the card's fact under its label.
    expect(pages.plans).toMatch(/次回の決済：\d{1,2}月号 — <time[^>]*>申込締切 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}<\/time>/);
    expect(pages.plans).toMatch(/<dt>申込締切<\/dt><dd>\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}<\/dd>/);
    expect(pages.plans).toContain('<label>プラン');
    expect(pages.artist).toMatch(/<dt>申込締切<\/dt><dd><time[^>]*>\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}<\/time><\/dd>/);
    expect(pages.history).toMatch(/<dt>プラン<\/dt>/);
  });

  it.each(JAPANESE)('%s (en): the round is "Jan 2027 box", a tier a plan, never "the January issue" nor "tier"', (name) => {
    const html = pages[`${name} (en)`]!;
    // The words, not the markup: a class name such as `user-plan-tier` is no word a fan reads.
    const words = blocksOf(html).join('\n');
    expect(words).toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} box\b/);
    expect(words).not.toMatch(/\b(January|February|March|April|May|June|July|August|September|October|November|December) issue\b/);
    expect(words).not.toMatch(/\btiers?\b/i);
    expect(words).not.toContain('お届け分');
  });

  it('English sentences carry the article the label leaves out', () => {
    expect(pages['complete (en)']).toMatch(/your boxes start with the [A-Z][a-z]{2} \d{4} box\./);
    expect(pages['complete (en)']).toMatch(/The [A-Z][a-z]{2} \d{4} box ships around \d{4}\/\d{2}\/\d{2}\./);
    expect(pages['checkout (en)']).toMatch(/Applications for the [A-Z][a-z]{2} \d{4} box are open until \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} \(JST\)/);
    expect(pages['plans (en)']).toMatch(/Next charge: [A-Z][a-z]{2} \d{4} box — <time[^>]*>Order by \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} \(JST\)<\/time>/);
  });
});
