import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import type { UserOverview } from '../../shared/api/overview.ts';
import type { UserPlanWithTiers } from '../../shared/api/types.ts';
import { monthIndex } from '../../shared/plan-period.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { DAY, START, isWelcomeMail } from './api-account-fixtures.ts';
import { TEST_OPS_TOKEN } from './api-fixtures.ts';
import { ADMIN_ORIGIN } from './api-staff-fixtures.ts';
import { runPass, secureCookie } from './billing-fixtures.ts';
import { historiesOf, newShopper, providerChargesOf, startSubscriptionApi, subscribe, type AccountApi, type Shopper } from './api-user-plan-fixtures.ts';

/**
 * Issue 30: the demo's 「3ヶ月まとめてプラン」 (period 3) bought over HTTP and the test clock moved a
 * day at a time for six months, the billing run passing each day as the scheduler would and the shop
 * adding its coming rounds as each start does (seedDemo). Its fan is charged ¥17,160 for the round
 * open at checkout and again three months on, never in between; a fan of the same artist's monthly
 * plan, beside it, is charged every month. The shipping lists, the overview's next charge, My plans'
 * 「次回」 and the mails say the same.
 */
let api: AccountApi;
let quarterFan: Shopper;
let monthlyFan: Shopper;
let quarterPlan: number;
let monthlyPlan: number;
const END = new Date(START.getTime() + 178 * DAY);

/** A plan's rounds still open at START (the demo's shipped round before it left out), by deadline. */
const roundsOf = (planId: number) => api.db.selectFrom('plan_orders').select(['id', 'name', 'end_date', 'ship_date'])
  .where('plan_id', '=', planId).where('end_date', '>', START).orderBy('end_date').execute();
/** Signed in afresh at the clock's time: months on, the sign-up's session has long expired. */
const overviewOf = async (fan: Shopper) => (await request(api.app).get('/api/user/overview').set('cookie', await secureCookie(api, fan.userId))).body as UserOverview;
const myPlansOf = async (fan: Shopper) => (await request(api.app).get('/api/userPlan').set('cookie', await secureCookie(api, fan.userId))).body as UserPlanWithTiers[];

/** The order numbers on a round's shipping list (the warehouse's boxes). */
async function shippingListOf(roundId: number): Promise<number[]> {
  const res = await request(api.app).get(`/ops/shipments/export?round=${roundId}`).set('authorization', `Bearer ${TEST_OPS_TOKEN}`).buffer(true);
  expect(res.status).toBe(200);
  const [, ...rows] = parse(res.text, { bom: true }) as string[][];
  return rows.map((r) => Number(r[0]));
}

beforeAll(async () => {
  api = await startSubscriptionApi({ staff: { adminOrigin: ADMIN_ORIGIN, opsToken: TEST_OPS_TOKEN } });
  api.clock.now = START;
  await seedDemo(api.db, START);
  const plan = await api.db.selectFrom('plans').innerJoin('artists', 'artists.id', 'plans.artist_id').select(['plans.id', 'plans.artist_id'])
    .where('plans.period', '=', 3).where('artists.is_close', '=', false).orderBy('artists.sort').executeTakeFirstOrThrow();
  quarterPlan = plan.id;
  monthlyPlan = (await api.db.selectFrom('plans').select('id').where('artist_id', '=', plan.artist_id).where('period', '=', 1).orderBy('sort').executeTakeFirstOrThrow()).id;
  quarterFan = await newShopper(api);
  monthlyFan = await newShopper(api);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('a three-month plan over six months of the test clock (issue 30)', () => {
  it('is charged ¥17,160 for its open round and three months later only; the monthly plan beside it every month', async () => {
    const [open, second] = await roundsOf(quarterPlan);
    expect(monthIndex(second!.ship_date) - monthIndex(open!.ship_date)).toBe(3);
    expect((await subscribe(api, quarterFan, { planId: quarterPlan })).status).toBe(201);
    expect((await subscribe(api, monthlyFan, { planId: monthlyPlan })).status).toBe(201);

    // Before any run: the next charge is the round three months on, on both pages.
    const label = issueLabel({ shipDate: second!.ship_date.toISOString() });
    expect((await overviewOf(quarterFan)).nextCharges).toEqual([expect.objectContaining({ round: expect.objectContaining({ id: second!.id }), label, charge: expect.objectContaining({ total: 17_160 }) })]);
    expect((await myPlansOf(quarterFan))[0]!.nextBilledRound).toMatchObject({ id: second!.id });

    for (let at = START.getTime() + DAY; at <= END.getTime(); at += DAY) {
      api.clock.now = new Date(at);
      await seedDemo(api.db, api.clock.now);
      await runPass(api);
    }

    const charges = await historiesOf(api, quarterFan.userId);
    expect(charges.map((h) => [h.plan_order_id, h.total, h.payment_status !== 'ERROR'])).toEqual([[open!.id, 17_160, true], [second!.id, 17_160, true]]);
    expect(charges.map((h) => h.origin)).toEqual(['checkout', 'billing']);
    expect((await providerChargesOf(api, quarterFan.userId)).map((c) => c.amount)).toEqual([17_160, 17_160]);
    // The monthly fan was charged for every monthly round whose deadline the clock passed.
    const monthlyRounds = (await roundsOf(monthlyPlan)).filter((r) => r.end_date <= END);
    expect(monthlyRounds.length).toBeGreaterThanOrEqual(5);
    expect((await historiesOf(api, monthlyFan.userId)).map((h) => h.plan_order_id)).toEqual(monthlyRounds.map((r) => r.id));
  }, 600_000);

  it('puts the box on the shipping list of those two rounds only', async () => {
    const charges = await historiesOf(api, quarterFan.userId);
    const rounds = (await roundsOf(quarterPlan)).filter((r) => r.ship_date <= END);
    const listed: number[] = [];
    for (const round of rounds) if ((await shippingListOf(round.id)).some((id) => charges.some((h) => h.id === id))) listed.push(round.id);
    expect(listed).toEqual(charges.map((h) => h.plan_order_id));
    // Every ship month of the plan is three apart.
    const months = rounds.map((r) => monthIndex(r.ship_date));
    expect(months.slice(1).map((m, i) => m - months[i]!)).toEqual(months.slice(1).map(() => 3));
  });

  it('names the round three months on as the next charge, in the overview and My plans', async () => {
    const rounds = await roundsOf(quarterPlan);
    const third = rounds.find((r) => r.end_date > END)!;
    expect(third).toBeDefined();
    // Three months after the last box charged (the round open at checkout), by the page's own label.
    const charged = await historiesOf(api, quarterFan.userId);
    const lastCharged = rounds.find((r) => r.id === charged.at(-1)!.plan_order_id)!;
    expect(monthIndex(third.ship_date) - monthIndex(lastCharged.ship_date)).toBe(3);
    const overview = await overviewOf(quarterFan);
    expect(overview.nextCharges.map((c) => c.round.id)).toEqual([third.id]);
    expect(overview.nextCharges[0]!.label).toEqual(issueLabel({ shipDate: third.ship_date.toISOString() }));
    expect((await myPlansOf(quarterFan))[0]!.nextBilledRound).toMatchObject({ id: third.id });
  });

  it('mails the confirmation, then one reminder and one payment, for the round three months on', async () => {
    const [open, second] = await roundsOf(quarterPlan);
    const first = issueLabel({ shipDate: open!.ship_date.toISOString() }).ja;
    const label = issueLabel({ shipDate: second!.ship_date.toISOString() }).ja;
    const mine = () => api.mailbox.mails.filter((m) => m.to.includes(quarterFan.email) && !m.subject.includes('認証コード') && !isWelcomeMail(m));
    await expect.poll(() => mine().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    expect(mine().map((m) => m.subject)).toEqual([
      `[OshiBox] お申し込みを受け付けました（${first}）`,
      expect.stringMatching(new RegExp(`^\\[OshiBox\\] ${label}のお支払いのご案内（申込締切 2027/0\\d/\\d\\d）$`)),
      `[OshiBox] お支払い完了のお知らせ（${label}）`,
    ]);
    expect(mine()[2]!.text).toContain('¥17,160');
  });
});
