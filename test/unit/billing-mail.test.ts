import { describe, expect, it } from 'vitest';
import {
  renderChargedMail, renderFailedMail, renderLateAuthenticationMail, renderReminderMail, renderShippedMail, type BillingMailFacts,
} from '../../api/mail/billing-templates.ts';

/** The billing mails (issue 9): each names the round, the amount and where to act, in both languages. */
const FACTS: BillingMailFacts = {
  lang: 'ja', to: 'a@example.com', artistName: 'A&B', planName: '<ライト>', count: 2,
  round: { endDate: '2026-12-31T15:00:00.000Z', shipDate: '2027-01-25T01:00:00.000Z' },
  charge: { price: 6600, shipFee: 660, fee: 0, total: 7260 }, period: 1, method: 'CARD',
};
const VARS = { brand: 'OshiBox', origin: 'https://shop.example' };
const en = { ...FACTS, lang: 'en' as const };

describe('billing mails', () => {
  it('the late authentication\'s refund: why, the amount refunded in full, no box, and the order history', () => {
    const ja = renderLateAuthenticationMail(FACTS, VARS);
    expect(ja.subject).toBe('[OshiBox] お支払い返金のお知らせ（1月号）');
    expect(ja.text).toContain('本人認証（3-Dセキュア）の完了が発送日（2027/01/25）に間に合わなかったため、A&B「<ライト>」×2（1月号）のお支払い ¥7,260（税込・送料込） を全額返金しました。');
    expect(ja.text).toContain('この回の商品はお届けしません。');
    expect(ja.text).toContain('https://shop.example/mypage/orderHistroy');
    const english = renderLateAuthenticationMail(en, VARS);
    expect(english.subject).toBe('[OshiBox] Payment refunded (Jan 2027 box)');
    expect(english.text).toContain('so we have refunded its payment of ¥7,260 (tax and shipping incl.) in full.');
    expect(english.text).toContain('This round\'s box will not be delivered to you.');
  });

  it('the reminder gives the amount, the deadline and how to skip or cancel before it', () => {
    const ja = renderReminderMail(FACTS, VARS);
    expect(ja.subject).toBe('[OshiBox] 1月号のお支払いのご案内（申込締切 2026/12/31）');
    // The round total with tax and shipping, worded as every page words it (shared/price-display.ts).
    expect(ja.text).toContain('ご請求額: 1回のお届け（2箱） ¥7,260（税込・送料込）（内訳: 商品（¥3,300 × 2箱） ¥6,600 ＋ 送料（1回分） ¥660）、クレジットカード');
    expect(ja.text).toContain('2026/12/31 23:59');
    expect(ja.text).toContain('スキップ・休止・解約');
    expect(ja.text).toContain('https://shop.example/mypage/plan');
    const english = renderReminderMail(en, VARS);
    expect(english.subject).toBe('[OshiBox] Jan 2027 box: payment on 2026/12/31');
    expect(english.text).toContain('skip this round, pause or cancel');
    expect(english.text).toContain('Per delivery (2 boxes) ¥7,260 (tax and shipping incl.)');
  });

  it('the charge mails: confirmed with the ship date; failed with the card link and the next try', () => {
    const charged = renderChargedMail(FACTS, VARS);
    expect(charged.subject).toBe('[OshiBox] お支払い完了のお知らせ（1月号）');
    expect(charged.text).toContain('2027/01/25');
    expect(charged.text).toContain('お支払い額: 1回のお届け（2箱） ¥7,260（税込・送料込）');
    expect(charged.text).toContain('https://shop.example/mypage/orderHistroy');
    const failed = renderFailedMail({ ...FACTS, nextAttemptAt: new Date('2027-01-01T15:00:00Z') }, VARS);
    expect(failed.subject).toContain('お支払いができませんでした');
    expect(failed.text).toContain('2027/01/02 00:00に再度決済します');
    expect(failed.text).toContain('https://shop.example/mypage/profile/payment');
    const last = renderFailedMail({ ...en, nextAttemptAt: null }, VARS);
    expect(last.text).toContain('Change your card or payment method and we will try again at once');
  });

  it('the shipped mail carries the tracking number and the carrier\'s page; an unknown carrier no link', () => {
    const shipped = renderShippedMail({ ...FACTS, shipNumber: '1234-5678-9012', carrier: 'yamato' }, VARS);
    expect(shipped.text).toContain('1234-5678-9012（ヤマト運輸）');
    expect(shipped.text).toContain('number01=123456789012');
    const plain = renderShippedMail({ ...en, shipNumber: 'AB123456', carrier: 'unknown' }, VARS);
    expect(plain.text).toContain('Tracking number: AB123456');
    expect(plain.text).not.toContain('http://');
    expect(plain.text).not.toMatch(/https:\/\/(?!shop\.example)/);
  });

  it('escapes operator text in the HTML part', () => {
    for (const mail of [renderReminderMail(FACTS, VARS), renderChargedMail(FACTS, VARS), renderFailedMail(FACTS, VARS), renderShippedMail(FACTS, VARS)]) {
      expect(mail.html).not.toContain('<ライト>');
      expect(mail.html).toContain('&#60;ライト&#62;');
      expect(mail.html).toContain('A&#38;B');
    }
  });
});
