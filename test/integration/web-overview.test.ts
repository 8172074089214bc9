import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import { formatDate, formatDateTime } from '../../shared/format.ts';
import { href } from '../../shared/routes.ts';
import { deadlineTimeLabel, issueLabel } from '../../shared/subscription-rules.ts';
import { seedOverviewRows } from '../support/overview-rows.ts';
import { startStack, type Stack } from '../support/stack.ts';
import { unglued } from '../support/unglued.ts';
import { KNOWN_USER, insertSession, insertUser } from './api-fixtures.ts';

/** My page as a home (issue 18), as a browser without JavaScript gets it: one server-rendered page. */
let stack: Stack;
let serial = 0;

beforeAll(async () => {
  stack = await startStack({ seed: false });
});
afterAll(async () => stack?.close());

async function shopper(): Promise<{ userId: number; cookie: string }> {
  serial += 1;
  const db = stack.database.handle.db;
  const userId = await insertUser(db, { ...KNOWN_USER, email: `overview-web-${serial}@example.com` });
  const token = `overview-web-session-${serial}-0123456789abcdef`;
  await insertSession(db, { token, userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return { userId, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The page's HTML without React's text-node separators (`<!-- -->`), as a reader sees the words. */
const pageOf = async (path: string, cookie: string) => unglued((await request(stack.web).get(path).set('cookie', cookie).expect(200)).text.replaceAll('<!-- -->', ''));

describe('/mypage/profile overview', () => {
  it('shows the failed charge and the expiring card first, then the next box and the next payment, above the profile', async () => {
    const { userId, cookie } = await shopper();
    const rows = await seedOverviewRows(stack.database.handle.db, userId, `overview-web-${serial}`);
    const html = await pageOf(href('profile'), cookie);
    const declined = issueLabel({ shipDate: rows.declinedRound.shipDate.toISOString() }).ja;
    const open = issueLabel({ shipDate: rows.openRound.shipDate.toISOString() }).ja;
    expect(html).toContain('お手続きが必要です');
    expect(html).toContain(`${declined}（${rows.artistName}）のお支払い ¥3,960（税込）ができませんでした。${formatDateTime(rows.nextAttemptAt)} に再度決済します。`);
    expect(html).toContain(`ご登録のカード（Visa 末尾 4242）の有効期限は ${rows.cardExpiry} です。`);
    expect(html).toContain(`href="${href('profilePayment')}"`);
    // The next box: the open round (the declined one is not on its way), its deadline and ship date.
    const box = html.slice(html.indexOf('id="overview-next-box"'), html.indexOf('id="overview-next-charge"'));
    expect(box).toContain(open);
    // 申込締切 said once: by the label, beside the last minute (issue 31).
    expect(box).toContain(`<dt>申込締切</dt><dd>${deadlineTimeLabel({ endDate: rows.openRound.endDate.toISOString() }).ja}</dd>`);
    expect(box).toContain(formatDate(rows.openRound.shipDate));
    expect(box).toContain('申込締切時に決済');
    expect(box).toContain(`href="${href('plan')}"`);
    // The next payment: at the open round's deadline, goods + shipping, on the card.
    const charge = html.slice(html.indexOf('id="overview-next-charge"'));
    expect(charge).toContain(formatDate(rows.openRound.endDate));
    // Stated as every price of the shop is (shared/price-display.ts).
    expect(charge).toMatch(/¥3,960<\/span><span class="price-note">（税込・送料込）/);
    expect(charge).toContain('送料（1回分） ¥660');
    expect(charge).toContain('Visa 末尾 4242');
    // The profile keeps its content and links below.
    expect(html.indexOf('ご利用状況')).toBeLessThan(html.indexOf('お客様情報・お届け先'));
    expect(html).toContain(`href="${href('profileAddress')}"`);
  });

  it('in English too (?lang=en)', async () => {
    const { userId, cookie } = await shopper();
    const rows = await seedOverviewRows(stack.database.handle.db, userId, `overview-web-${serial}`);
    const html = await pageOf(`${href('profile')}?lang=en`, cookie);
    expect(html).toContain('Needs your attention');
    expect(html).toContain(`Your card (Visa ending in 4242) expires ${rows.cardExpiry}`);
    expect(html).toContain(issueLabel({ shipDate: rows.openRound.shipDate.toISOString() }).en);
    expect(html).toContain('Next payment');
  });

  it('without a plan, a friendly line and a link to the lineup', async () => {
    const { cookie } = await shopper();
    const html = await pageOf(href('profile'), cookie);
    expect(html).toContain('お申し込み中のプランはまだありません。');
    expect(html).toMatch(new RegExp(`<a[^>]*href="${href('lineup')}"[^>]*>ラインナップを見る</a>`));
    expect(html).not.toContain('お手続きが必要です');
    expect(html).toContain('お客様情報・お届け先');
  });
});
