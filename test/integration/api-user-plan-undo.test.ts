import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserPlanChange, UserPlanWithTiers } from '../../shared/api/types.ts';
import { expectApiError } from './api-fixtures.ts';
import {
  changePlan, historiesOf, newShopper, OPEN_DEADLINE, providerChargesOf, seedCatalogue, startSubscriptionApi, subscribe, userPlansOf,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { billingRowsOf, runPass } from './billing-fixtures.ts';

/**
 * Undo of a skip or pause (PUT /api/userPlan, action undoSkip / undoPause) until the round's
 * deadline: the rows, the provider's charges and refunds, the mails over real SMTP, and what the
 * billing run does with the round afterwards: one charge, never two, never none.
 */
let api: AccountApi;
let shop: Catalogue;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
});
afterAll(async () => api?.close());
beforeEach(() => {
  api.clock.now = new Date(OPEN_DEADLINE.getTime() - 10 * 60_000);
});

const body = (res: { body: unknown }) => res.body as UserPlanChange;
const act = (shopper: Shopper, action: string) => changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action });

async function subscribed(): Promise<Shopper> {
  const shopper = await newShopper(api);
  const res = await subscribe(api, shopper, { planId: shop.light }, `undo-sub-${shopper.userId}`);
  expect(res.status, res.text).toBe(201);
  await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('お申し込みを受け付けました'));
  return shopper;
}

async function myPlan(shopper: Shopper): Promise<UserPlanWithTiers | undefined> {
  const res = await request(api.app).get('/api/userPlan').set('cookie', shopper.cookie).expect(200);
  return (res.body as UserPlanWithTiers[])[0];
}

async function skipsOf(userPlanId: number) {
  return api.db.selectFrom('user_plan_skips').select('plan_order_id').where('user_plan_id', '=', userPlanId).execute();
}

/**
 * Moves to the open round's deadline and runs the billing pass, as the scheduler would. The tests
 * share the round, so an earlier test's pass is forgotten first (the run reserves a round once);
 * subscriptions it billed keep their rows, which the unique index stops from being billed again.
 */
async function billAtDeadline() {
  api.clock.now = OPEN_DEADLINE;
  await api.db.deleteFrom('billing_rounds').where('plan_order_id', '=', shop.openRound.light).execute();
  await runPass(api);
}

describe('undo a skip before the deadline', () => {
  it('skip refunds the checkout charge and its mail says until when and how to undo; undo: delivered again, charged once at the deadline', async () => {
    const shopper = await subscribed();
    const skipped = await act(shopper, 'skip');
    expect(skipped.status, skipped.text).toBe(200);
    expect(body(skipped)).toMatchObject({ refunded: true, refund: { total: 3960, method: 'CARD' }, userPlan: { undo: { change: 'skip', until: OPEN_DEADLINE.toISOString() } } });
    const skipMail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('スキップを受け付けました'));
    expect(skipMail.text).toContain('¥3,960（税込）は取り消し、全額返金します（お支払い方法: クレジットカード）');
    expect(skipMail.text).toContain('申込締切（2026/11/30 23:59）まで取り消せます');
    expect(skipMail.text).toContain('「取り消す」を押してください');
    expect((await myPlan(shopper))?.undo).toEqual({ change: 'skip', until: OPEN_DEADLINE.toISOString() });

    const undone = await act(shopper, 'undoSkip');
    expect(undone.status, undone.text).toBe(200);
    expect(body(undone)).toMatchObject({ refunded: false, appliesFrom: { label: { ja: '12月号から' } }, userPlan: { nextRoundSkipped: false, undo: null } });
    const [row] = await userPlansOf(api, shopper.userId);
    expect(await skipsOf(row!.id)).toEqual([]);
    // The checkout charge stays voided and refunded; nothing is charged at the undo itself.
    expect((await historiesOf(api, shopper.userId)).map((h) => [h.payment_status, h.refund_status])).toEqual([['CANCEL', 'refunded']]);
    const undoMail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('スキップを取り消しました'));
    expect(undoMail.subject).toContain('12月号');
    expect(undoMail.text).toContain('12月号はお届けします');
    expect(undoMail.text).toContain('申込締切（2026/11/30 23:59）');

    await billAtDeadline();
    const billed = await billingRowsOf(api, shopper.userId, shop.openRound.light);
    expect(billed.map((h) => [h.payment_status, h.total])).toEqual([['SUCCESS', 3960]]);
    // At the provider: the checkout charge refunded in full, the round charged once more: paid exactly once.
    expect((await providerChargesOf(api, shopper.userId)).map((c) => [c.amount, c.refunded_amount])).toEqual([[3960, 3960], [3960, 0]]);
  });

  it('six undos at once (a double click, tabs): one succeeds, the others are 409; the round is charged once at the deadline', async () => {
    const shopper = await subscribed();
    expect((await act(shopper, 'skip')).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => act(shopper, 'undoSkip')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expectApiError(answers.find((a) => a.status === 409)!, 409, 'CONFLICT');
    // Skip and undo again, then a late double undo: still one skip row at most, one charge.
    expect((await act(shopper, 'skip')).status).toBe(200);
    expect((await act(shopper, 'undoSkip')).status).toBe(200);
    expectApiError(await act(shopper, 'undoSkip'), 409, 'CONFLICT');
    await billAtDeadline();
    expect(await billingRowsOf(api, shopper.userId, shop.openRound.light)).toHaveLength(1);
    const standing = (await providerChargesOf(api, shopper.userId)).filter((c) => c.refunded_amount === 0);
    expect(standing.map((c) => c.amount)).toEqual([3960]);
  });
});

describe('undo after the deadline', () => {
  it('is refused with a 409 naming the round and its deadline; the skip stands and nothing is charged', async () => {
    const shopper = await subscribed();
    expect((await act(shopper, 'skip')).status).toBe(200);
    await billAtDeadline();
    const refused = expectApiError(await act(shopper, 'undoSkip'), 409, 'UNDO_TOO_LATE');
    expect(refused.message).toBe('12月号のスキップは申込締切（2026/11/30 23:59）を過ぎたため取り消せません。');
    expect(refused.messageEn).toContain('the Dec 2026 box can no longer be undone');
    const [row] = await userPlansOf(api, shopper.userId);
    expect(await skipsOf(row!.id)).toEqual([{ plan_order_id: shop.openRound.light }]);
    expect(await billingRowsOf(api, shopper.userId, shop.openRound.light)).toEqual([]);
    expect((await myPlan(shopper))?.undo).toBeNull();
  });
});

describe('undo a pause', () => {
  it('before the deadline the plan is active again; after it, 409 pointing to resume', async () => {
    const shopper = await subscribed();
    const paused = await act(shopper, 'pause');
    expect(body(paused)).toMatchObject({ refunded: true, userPlan: { paused: true, undo: { change: 'pause', until: OPEN_DEADLINE.toISOString() } } });
    const pauseMail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('休止を受け付けました'));
    expect(pauseMail.text).toContain('まで取り消せます');
    const undone = await act(shopper, 'undoPause');
    expect(undone.status, undone.text).toBe(200);
    expect(body(undone)).toMatchObject({ userPlan: { paused: false, nextRoundSkipped: false, undo: null } });
    await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('休止を取り消しました'));
    expect((await userPlansOf(api, shopper.userId))[0]?.paused_from).toBeNull();

    expect((await act(shopper, 'pause')).status).toBe(200);
    api.clock.now = OPEN_DEADLINE;
    const refused = expectApiError(await act(shopper, 'undoPause'), 409, 'UNDO_TOO_LATE');
    expect(refused.message).toContain('「再開する」');
    expect((await userPlansOf(api, shopper.userId))[0]?.paused_from).not.toBeNull();
  });

  it('undo with nothing to undo, or another plan id: 409 and 400', async () => {
    const shopper = await subscribed();
    expectApiError(await act(shopper, 'undoSkip'), 409, 'CONFLICT');
    expectApiError(await act(shopper, 'undoPause'), 409, 'CONFLICT');
    expectApiError(await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.premium, action: 'undoSkip' }), 400, 'BAD_REQUEST', ['planId']);
  });
});
