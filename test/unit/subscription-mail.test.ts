import { describe, expect, it } from 'vitest';
import { renderChangeMail, renderSubscribedMail } from '../../api/mail/subscription-templates.ts';
import type { Order, UserPlan, UserPlanCreated } from '../../shared/api/types.ts';
import { fromIssueLabel } from '../../shared/subscription-rules.ts';

const ROUND: Order = { id: 7, planId: 3, name: '12月', price: 3300, preTaxPrice: 3000, endDate: '2026-11-30T15:00:00.000Z', shipDate: '2026-12-25T01:00:00.000Z', isOpen: true };
const USER_PLAN = {
  id: 1, count: 2, createdAt: '', paused: false, nextRound: ROUND, appliesFrom: fromIssueLabel(ROUND), nextRoundSkipped: false,
  nextRoundPaymentStatus: 'SUCCESS', plan: { name: '<ライト>', period: 1 }, artist: { name: 'A&B' },
  nextRoundCharge: { price: 6600, preTaxPrice: 6000, shipFee: 660, preTaxShipFee: 600, fee: 0, preTaxFee: 0, total: 7260 },
} as unknown as UserPlan;
const CREATED: UserPlanCreated = {
  userPlan: USER_PLAN, appliesFrom: { order: ROUND, label: fromIssueLabel(ROUND) }, refunded: false,
  history: { id: 1, price: 6600, shipFee: 660, fee: 0, total: 7260, paymentStatus: 'SUCCESS', paymentMethod: 'CARD' },
};
const VARS = { brand: 'OshiBox', origin: 'https://shop.example', supportEmail: 'support@shop.example' };

describe('subscription mails', () => {
  it('the confirmation names the round, the amount and the next steps, in Japanese', () => {
    const mail = renderSubscribedMail('ja', 'a@example.com', CREATED, VARS);
    expect(mail.subject).toBe('[OshiBox] お申し込みを受け付けました（12月号）');
    // What this round costs with tax and shipping, and its breakdown (issue 18).
    expect(mail.text).toContain('今回のお支払い（クレジットカード）: 1回のお届け（2箱） ¥7,260（税込・送料込）（内訳: 商品（¥3,300 × 2箱） ¥6,600 ＋ 送料（1回分） ¥660）');
    // The returns policy of the final confirmation screen (特商法 第12条の6), with where to write.
    expect(mail.text).toContain('返品・交換：');
    expect(mail.text).toContain('商品到着後8日以内');
    expect(mail.text).toContain('support@shop.example');
    expect(mail.text).toContain('2026/12/25ごろ発送予定');
    expect(mail.text).toContain('https://shop.example/mypage/plan');
    // Shop data is escaped in the HTML part.
    expect(mail.html).toContain('A&#38;B「&#60;ライト&#62;」');
    expect(mail.html).not.toContain('<ライト>');
  });

  it('and in English', () => {
    const mail = renderSubscribedMail('en', 'a@example.com', CREATED, VARS);
    expect(mail.subject).toBe('[OshiBox] Your subscription is confirmed (Dec 2026 box)');
    expect(mail.text).toContain('Per delivery (2 boxes) ¥7,260 (tax and shipping incl.)');
    expect(mail.text).toContain('Returns and exchanges: ');
    expect(mail.html).toContain('lang="en"');
  });

  it('a change notice says from which round, and the refund when there is one', () => {
    const mail = renderChangeMail('ja', 'a@example.com', 'cancel', { userPlan: USER_PLAN, appliesFrom: CREATED.appliesFrom, refunded: true }, VARS);
    expect(mail.subject).toBe('[OshiBox] 解約を受け付けました（12月号から）');
    expect(mail.text).toContain('全額返金');
    expect(mail.text).not.toContain('お支払い: 1回のお届け');
  });

  it('a tier or count change states what a round costs from then on', () => {
    const mail = renderChangeMail('ja', 'a@example.com', 'count', { userPlan: USER_PLAN, appliesFrom: CREATED.appliesFrom, refunded: false }, VARS);
    expect(mail.text).toContain('12月号からのお支払い: 1回のお届け（2箱） ¥7,260（税込・送料込）');
  });

  it('a skip notice says until when and how to undo; the undo notice says the round is charged at its deadline (en)', () => {
    const skipped = { ...USER_PLAN, nextRoundSkipped: true, undo: { change: 'skip' as const, until: ROUND.endDate } };
    const refund = { total: 7260, method: 'CARD' as const };
    const skip = renderChangeMail('en', 'a@example.com', 'skip', { userPlan: skipped, appliesFrom: CREATED.appliesFrom, refunded: true, refund }, VARS);
    expect(skip.text).toContain('The ¥7,260 (tax incl.) already paid for this round is voided and refunded in full (payment method: Credit card).');
    expect(skip.text).toContain('You can undo this until 2026/11/30 23:59 (JST), the round\'s deadline: press "Undo" under "My plans"');
    const undo = renderChangeMail('en', 'a@example.com', 'undoSkip', { userPlan: USER_PLAN, appliesFrom: CREATED.appliesFrom, refunded: false }, VARS);
    expect(undo.subject).toBe('[OshiBox] Your skip is undone (from the Dec 2026 box)');
    expect(undo.text).toContain('The Dec 2026 box will be sent. It is charged at the round\'s deadline (2026/11/30 23:59 (JST)) with the plan and count in force then');
  });
});
