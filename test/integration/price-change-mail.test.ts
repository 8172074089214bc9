import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMails } from '../../api/billing/billing-mails.ts';
import { queueReminders } from '../../api/billing/reminders.ts';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { silentLogger } from '../support/stack.ts';
import { seedPricedPlan, signInAs, staffSend, type PricedPlan } from './api-staff-catalogue-fixtures.ts';
import { startStaffApi, type StaffApi } from './api-staff-fixtures.ts';

/**
 * Money mails speak the shop's price rule (issue 30): the price-change mail states what one
 * delivery costs this subscriber, tax and shipping included, as the pages and the reminder do,
 * never a bare goods price 「（送料別）」. Read as they arrive over SMTP.
 */
let api: StaffApi;
let mailbox: Mailbox;
let shop: PricedPlan;
const emails: string[] = [];

const ctxOf = (a: StaffApi) => ({ db: a.db, logger: silentLogger, now: () => a.clock.now, publicOrigin: 'http://localhost:3000', mailer: a.mailer });

beforeAll(async () => {
  mailbox = await startMailbox();
  api = await startStaffApi({ smtpUrl: mailbox.url });
  const catalogue = await signInAs(api, 'catalogue');
  shop = await seedPricedPlan(api);
  const [two, deferred] = shop.subscribers;
  // One fan takes two boxes by card and reads Japanese; the other one box, paying later, in English.
  await api.db.updateTable('user_plans').set({ count: 2 }).where('id', '=', two!.userPlanId).execute();
  await api.db.updateTable('users').set({ lang: 'en', payment_method: 'GMOAB' }).where('id', '=', deferred!.userId).execute();
  for (const s of shop.subscribers) emails.push((await api.db.selectFrom('users').select('email').where('id', '=', s.userId).executeTakeFirstOrThrow()).email);
  const res = await staffSend(api, catalogue, 'post', `/api/staff/catalogue/plans/${shop.planId}/price`, { preTaxPrice: 4000, fromRoundId: shop.rounds.dec });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await api.close();
  await mailbox.close();
});

describe('the price-change mail', () => {
  it('states in Japanese what one delivery of two boxes costs before and after, with tax and shipping', async () => {
    const mail = await mailbox.waitFor(emails[0]!, (m) => m.subject.includes('価格改定'));
    expect(mail.text).toContain('1月号から変更します: 1回のお届け（2箱） ¥7,260（税込・送料込） → ¥9,460（税込・送料込）');
    expect(mail.text).toContain('（変更後の内訳: 商品（¥4,400 × 2箱） ¥8,800 ＋ 送料（1回分） ¥660）');
    expect(mail.text).not.toContain('送料別');
    expect(mail.html).toContain('¥9,460（税込・送料込）');
  });

  it('states the same in English, with the deferred-payment fee of a fan paying later', async () => {
    const mail = await mailbox.waitFor(emails[1]!, (m) => m.subject.includes('Price change'));
    expect(mail.text).toContain('Per delivery ¥4,290 (tax and shipping incl.) → ¥5,390 (tax and shipping incl.)');
    expect(mail.text).toContain('(from then: Box ¥4,400 + Shipping (per round) ¥660 + Deferred-payment fee ¥330)');
    expect(mail.text).not.toContain('shipping apart');
  });

  it('announces the amount the reminder then asks for', async () => {
    api.clock.now = new Date('2026-12-29T12:00:00+09:00');
    await queueReminders(ctxOf(api), { roundId: shop.rounds.dec });
    await deliverMails(ctxOf(api));
    const ja = await mailbox.waitFor(emails[0]!, (m) => m.subject.includes('お支払いのご案内'));
    expect(ja.text).toContain('1回のお届け（2箱） ¥9,460（税込・送料込）');
    const en = await mailbox.waitFor(emails[1]!, (m) => m.subject.includes('payment on'));
    expect(en.text).toContain('Per delivery ¥5,390 (tax and shipping incl.)');
  });
});
