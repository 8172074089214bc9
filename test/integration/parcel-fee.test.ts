import request from 'supertest';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../../api/payment/sandbox/sandbox-provider.ts';
import type { ChargeRequest, ChargeResult } from '../../api/payment/provider.ts';
import { runBilling } from '../../api/billing/run-billing.ts';
import { MINUTE } from './api-account-fixtures.ts';
import { buildArtist, buildPlan, buildRound, expectApiError, insertArtist, insertPlan, insertRound, TEST_OPS_TOKEN } from './api-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, withStaff } from './api-staff-fixtures.ts';
import { registerCard } from './api-payment-fixtures.ts';
import { changePlan, historiesOf, newShopper, NEXT_DEADLINE, OPEN_DEADLINE, startSubscriptionApi, subscribe, type AccountApi, type Shopper } from './api-user-plan-fixtures.ts';
import { BILLING_OPTIONS, billingContext, secureCookie } from './billing-fixtures.ts';
import type { UserPlanWithTiers } from '../../shared/api/types.ts';
import { checkoutRefundText } from '../../shared/subscription-messages.ts';

/**
 * Issue 33 同梱: a fan's boxes whose rounds ship inside one consolidation window travel as one
 * parcel, and shipping (¥660) is charged once per parcel: by the first box charged, the carrier.
 * Over HTTP checkouts and the billing pass, with the sandbox gateway wrapped so a test can decline,
 * hold or lose the answer of one charge (as stranded-change.test.ts does).
 *
 * Artists A, B, C, D, each one monthly plan at ¥3,300. The open rounds all ship 2026-12-25 (so a
 * second checkout joins the first's parcel); the next rounds close 2027-01-01 00:00 JST and ship
 * A, B 2027-01-25 (Mon), C 01-28 (Thu, the same week), D 02-01 (Mon, the week after).
 */
type Hook = (input: ChargeRequest, charge: () => Promise<ChargeResult>) => Promise<ChargeResult>;
let hook: Hook | null = null;
let api: AccountApi;
let support = '';
const plan: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };
const next: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };
const FEE = 3960;

/** The gateway holds every charge with shipping (¥3,960) until `release`: a carrier in flight. `held`: how many it holds. */
function holdFeeCharges(): { release: () => void; held: () => number } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  hook = async (input, charge) => {
    if (input.amount !== FEE) return charge();
    held += 1;
    await gate;
    return charge();
  };
  return { release, held: () => held };
}
const FREE = 3300;

beforeAll(async () => {
  api = await startSubscriptionApi({
    paymentProvider: (deps) => {
      const sandbox = createSandboxProvider(deps);
      return { ...sandbox, charge: (input: ChargeRequest) => (hook ? hook(input, () => sandbox.charge(input)) : sandbox.charge(input)) };
    },
    staff: { adminOrigin: ADMIN_ORIGIN, opsToken: TEST_OPS_TOKEN },
  });
  const { secret } = await enrolledStaff({ ...api, databaseUrl: null }, 'support@parcel.example', 'support');
  support = await signedIn({ ...api, databaseUrl: null }, 'support@parcel.example', secret);
  const ships = { a: '2027-01-25', b: '2027-01-25', c: '2027-01-28', d: '2027-02-01' } as const;
  for (const name of ['a', 'b', 'c', 'd'] as const) {
    const artist = await insertArtist(api.db, buildArtist({ slug: `parcel-${name}` }));
    plan[name] = await insertPlan(api.db, buildPlan(artist, { name: `プラン${name.toUpperCase()}` }));
    await insertRound(api.db, buildRound(plan[name], new Date('2026-11-01T00:00:00Z'), OPEN_DEADLINE, new Date('2026-12-25T01:00:00Z'), '12月'));
    next[name] = await insertRound(api.db, buildRound(plan[name], OPEN_DEADLINE, NEXT_DEADLINE, new Date(`${ships[name]}T01:00:00Z`), '次回'));
  }
  // A three-month plan: its rounds stand three months apart (shared/plan-period.ts), none in January.
  const quarterly = await insertArtist(api.db, buildArtist({ slug: 'parcel-q' }));
  quarterPlan = await insertPlan(api.db, buildPlan(quarterly, { name: '3ヶ月プラン', period: 3, price: 5500, pre_tax_price: 5000 }));
  await insertRound(api.db, buildRound(quarterPlan, new Date('2026-11-01T00:00:00Z'), OPEN_DEADLINE, new Date('2026-12-25T01:00:00Z'), '12月'));
  await insertRound(api.db, buildRound(quarterPlan, new Date('2027-02-01T00:00:00Z'), new Date('2027-02-28T15:00:00Z'), new Date('2027-03-25T01:00:00Z'), '3月'));
}, 60_000);
afterAll(async () => api?.close());
let quarterPlan = 0;

const AFTER_DEADLINE = new Date(NEXT_DEADLINE.getTime() + 10 * MINUTE);

/** A fan who subscribed at checkout to each of `plans` in turn (the open round, paid at once). */
async function fanOf(...names: ('a' | 'b' | 'c' | 'd')[]): Promise<Shopper> {
  api.clock.now = new Date('2026-11-20T03:00:00Z');
  const fan = await newShopper(api);
  for (const name of names) {
    const res = await subscribe(api, fan, { planId: plan[name], count: 1 });
    expect(res.status, res.text).toBe(201);
  }
  return fan;
}

/** The fan's billing rows of the next rounds: [plan letter, status, ship fee, total]. */
async function nextRows(fan: Shopper) {
  const rows = (await historiesOf(api, fan.userId)).filter((h) => h.origin === 'billing');
  const letter = (id: number) => (Object.entries(next).find(([, r]) => r === id)?.[0] ?? '?');
  return rows.map((h) => ({ plan: letter(h.plan_order_id), status: h.payment_status, shipFee: h.ship_fee, total: h.total, carries: h.carries_fee, key: h.charge_key, id: h.id }));
}

async function chargedAmounts(keys: string[]) {
  if (keys.length === 0) return [];
  const rows = await api.db.selectFrom('sandbox_charges').select(['order_key', 'status', 'amount']).where('order_key', 'in', keys).execute();
  return rows.filter((r) => r.status === 'succeeded').map((r) => r.amount).sort();
}

type Options = { concurrency: number; leaseMs: number };

/**
 * One billing pass. Each test's fans subscribe after an earlier test's pass reserved the next
 * rounds, so the rounds are marked unreserved first: the reservation is idempotent per row.
 */
async function pass(options: Partial<Options> = {}, window?: number) {
  await api.db.deleteFrom('billing_rounds').execute();
  return runBilling(billingContext(api, window === undefined ? {} : { consolidationWindowDays: window }), { ...BILLING_OPTIONS, ...options });
}

/** Every fan and parcel of the shop with more than one fee paid or held: must be none. */
async function parcelsWithTwoFees() {
  const rows = await sql<{ user_id: number; parcel_key: string; fees: number }>`
    select user_id, parcel_key, count(*)::int as fees from plan_order_histories
    where ship_fee > 0 and payment_status in ('SUCCESS', 'BEFORE') and parcel_key is not null
    group by user_id, parcel_key having count(*) > 1`.execute(api.db);
  return rows.rows;
}

describe('checkout joins a parcel', () => {
  it('the second artist of the same round is charged without shipping; a page that showed another total charges nothing', async () => {
    const fan = await fanOf('a');
    // The page was shown before the first box was paid: with shipping. Refused, nothing charged, the new amount named.
    const stale = await subscribe(api, fan, { planId: plan.b, count: 1, expectedTotal: FEE });
    expectApiError(stale, 409, 'TOTAL_CHANGED');
    expect(JSON.stringify(stale.body)).toContain('¥3,300');
    expect((await historiesOf(api, fan.userId)).map((h) => h.total)).toEqual([FEE]);
    const res = await subscribe(api, fan, { planId: plan.b, count: 1, expectedTotal: FREE });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ history: { shipFee: 0, total: FREE } });
    const rows = await historiesOf(api, fan.userId);
    expect(rows.map((h) => [h.ship_fee, h.total, h.carries_fee, h.parcel_key])).toEqual([[660, FEE, true, '2026-12-25'], [0, FREE, false, '2026-12-25']]);
    expect(await chargedAmounts(rows.map((h) => h.charge_key))).toEqual([FREE, FEE]);
    // The confirmation mail states the amount charged.
    const mail = await api.mailbox.waitFor(fan.email, (m) => m.text.includes('プランB'));
    expect(mail.text).toContain('¥3,300');
    expect(mail.text).not.toContain('¥3,960');
  });
});

describe('checkout beside a carrier in flight', () => {
  it('waits briefly, then 409 asking to try again (never a guess); once the carrier is paid it joins free', async () => {
    api.clock.now = new Date('2026-11-20T03:00:00Z');
    const fan = await newShopper(api);
    const { release, held } = holdFeeCharges();
    try {
      const first = subscribe(api, fan, { planId: plan.a, count: 1, expectedTotal: FEE }).then((r) => r);
      await expect.poll(held).toBe(1);
      const started = Date.now();
      const busy = await subscribe(api, fan, { planId: plan.b, count: 1, expectedTotal: FREE });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
      const error = expectApiError(busy, 409, 'PARCEL_IN_FLIGHT');
      expect(error.message).toContain('もう一度');
      expect(error.messageEn).toContain('try again');
      release();
      expect((await first).status).toBe(201);
    } finally {
      hook = null;
    }
    const res = await subscribe(api, fan, { planId: plan.b, count: 1, expectedTotal: FREE });
    expect(res.status, res.text).toBe(201);
    expect((await historiesOf(api, fan.userId)).map((h) => [h.ship_fee, h.total])).toEqual([[660, FEE], [0, FREE]]);
  });
});

describe('the fan is told before paying', () => {
  it('my plans, the overview and the reminder show the box joining a parcel without shipping, with the saving', async () => {
    const fan = await fanOf('a', 'b');
    const cookie = await secureCookie(api, fan.userId);
    const plans = await request(api.app).get('/api/userPlan').set('cookie', cookie);
    expect(plans.status, plans.text).toBe(200);
    const charges = (plans.body as { plan: { id: number }; nextRoundCharge: { shipFee: number; total: number } }[]).map((p) => [p.plan.id, p.nextRoundCharge.shipFee, p.nextRoundCharge.total]);
    expect(charges).toEqual([[plan.a, 660, FEE], [plan.b, 0, FREE]]);
    // After December's deadline the next charges are January's: A's first (the lower id) carries the fee.
    api.clock.now = new Date(NEXT_DEADLINE.getTime() - 2 * 86_400_000);
    const overview = await request(api.app).get('/api/user/overview').set('cookie', await secureCookie(api, fan.userId));
    expect(overview.status, overview.text).toBe(200);
    expect((overview.body as { nextCharges: { plan: { id: number }; charge: { total: number } }[] }).nextCharges.map((c) => [c.plan.id, c.charge.total]).sort())
      .toEqual([[plan.a, FEE], [plan.b, FREE]].sort());
    await pass();
    const reminders = await Promise.all(['プランA', 'プランB'].map((name) => api.mailbox.waitFor(fan.email, (m) => m.subject.includes('お支払いのご案内') && m.text.includes(name))));
    expect(reminders[0]!.text).toContain('¥3,960');
    expect(reminders[1]!.text).toContain('¥3,300');
    expect(reminders[1]!.text).toContain('同梱で送料 ¥660 お得');
    expect(reminders[0]!.text).not.toContain('同梱で送料');
  });
});

describe('billing charges shipping once per parcel', () => {
  it('same ship date: one charge with ¥660, the other without; mails and receipts agree', async () => {
    const fan = await fanOf('a', 'b');
    api.clock.now = AFTER_DEADLINE;
    await pass({}, 0);
    const rows = await nextRows(fan);
    expect(rows.map((r) => [r.status, r.shipFee, r.total]).sort()).toEqual([['SUCCESS', 0, FREE], ['SUCCESS', 660, FEE]]);
    expect(await chargedAmounts(rows.map((r) => r.key))).toEqual([FREE, FEE]);
    const cookie = await secureCookie(api, fan.userId);
    for (const row of rows) {
      const receipt = await request(api.app).post(`/api/planOrderHistory/${row.id}/receipt`).set('cookie', cookie).send({ addressee: '推野 花子' });
      expect(receipt.status, receipt.text).toBe(200);
      expect(receipt.body).toMatchObject({ total: row.total });
    }
    // Each amount in its headline (the ¥3,960 mail's breakdown names ¥3,300 too): the free box says the saving.
    const free = await api.mailbox.waitFor(fan.email, (m) => m.subject.includes('お支払い完了') && m.text.includes('¥3,300（税込・送料込）'));
    expect(free.text).toContain('同梱で送料 ¥660 お得');
    const carrier = await api.mailbox.waitFor(fan.email, (m) => m.subject.includes('お支払い完了') && m.text.includes('¥3,960（税込・送料込）'));
    expect(carrier.text).not.toContain('同梱');
  });

  it('window 7: ship dates three days apart share one fee; different weeks pay two', async () => {
    const sameWeek = await fanOf('a', 'c');
    const twoWeeks = await fanOf('c', 'd');
    api.clock.now = AFTER_DEADLINE;
    await pass({}, 7);
    const same = await nextRows(sameWeek);
    expect(same.map((r) => [r.plan, r.shipFee]).sort()).toEqual([['a', expect.any(Number)], ['c', expect.any(Number)]]);
    expect(same.map((r) => r.shipFee).sort()).toEqual([0, 660]);
    const two = await nextRows(twoWeeks);
    expect(two.map((r) => [r.plan, r.status, r.shipFee]).sort()).toEqual([['c', 'SUCCESS', 660], ['d', 'SUCCESS', 660]]);
  });

  it('the carrier declined: the other box takes the fee; the declined one retried after a card change pays none', async () => {
    const fan = await fanOf('a', 'b');
    api.clock.now = AFTER_DEADLINE;
    const upA = (await historiesOf(api, fan.userId))[0]!.user_plan_id;
    hook = async (input, charge) => (input.orderKey.startsWith(`bill-${upA}-`) ? { status: 'declined', chargeId: '', orderKey: input.orderKey, amount: input.amount, declineReason: 'card_declined' } : charge());
    try {
      // One at a time, A first: A claims the fee and is declined; B then takes it.
      await pass({ concurrency: 1 });
    } finally {
      hook = null;
    }
    const rows = await nextRows(fan);
    expect(rows.map((r) => [r.plan, r.status, r.shipFee, r.carries])).toEqual([['a', 'ERROR', 660, false], ['b', 'SUCCESS', 660, true]]);
    // A new card: the declined round is tried again at once, without shipping.
    const { back } = await registerCard(api, { id: fan.userId, cookie: await secureCookie(api, fan.userId) }, '5555555555554444');
    expect(back?.headers.location).toContain('card=registered');
    await expect.poll(async () => (await nextRows(fan)).map((r) => [r.plan, r.status, r.shipFee, r.total])).toEqual([['a', 'SUCCESS', 0, FREE], ['b', 'SUCCESS', 660, FEE]]);
    expect(await parcelsWithTwoFees()).toEqual([]);
  });

  it('the carrier in flight: the other box waits, then goes free once the carrier is paid', async () => {
    const fan = await fanOf('a', 'b');
    api.clock.now = AFTER_DEADLINE;
    const { release, held } = holdFeeCharges();
    try {
      const running = pass({ concurrency: 2 });
      await expect.poll(held).toBe(1);
      // The other box is waiting on the carrier: nothing of it charged yet.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await nextRows(fan)).map((r) => r.status)).toEqual(['BEFORE', 'BEFORE']);
      release();
      await running;
    } finally {
      hook = null;
    }
    const rows = await nextRows(fan);
    expect(rows.map((r) => [r.status, r.shipFee]).sort()).toEqual([['SUCCESS', 0], ['SUCCESS', 660]]);
  });

  it('a carrier held past the wait: the other box is put back (not declined) and charged free by a later pass', async () => {
    const fan = await fanOf('a', 'b');
    api.clock.now = AFTER_DEADLINE;
    const { release } = holdFeeCharges();
    let running: Promise<unknown>;
    try {
      running = pass({ concurrency: 2 });
      // The waiting box gives up after about two seconds and goes back, BEFORE, unclaimed.
      await expect.poll(async () => (await nextRows(fan)).filter((r) => r.status === 'BEFORE' && r.shipFee === 660 && !r.carries).length, { timeout: 6_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      release();
      await running;
    } finally {
      hook = null;
    }
    let rows = await nextRows(fan);
    expect(rows.map((r) => r.status).sort()).toEqual(['BEFORE', 'SUCCESS']);
    const waiting = await api.db.selectFrom('plan_order_histories').select(['claims', 'decline_reason']).where('id', '=', rows.find((r) => r.status === 'BEFORE')!.id).executeTakeFirstOrThrow();
    expect(waiting).toEqual({ claims: 0, decline_reason: null });
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    await pass();
    rows = await nextRows(fan);
    expect(rows.map((r) => [r.status, r.shipFee]).sort()).toEqual([['SUCCESS', 0], ['SUCCESS', 660]]);
  }, 30_000);

  it('a lost answer: the carrier in doubt is settled by a later pass, and the other box goes free', async () => {
    const fan = await fanOf('a', 'b');
    api.clock.now = AFTER_DEADLINE;
    hook = async (input, charge) => {
      if (input.amount !== FEE) return charge();
      hook = null;
      await charge();
      throw new Error('connection reset after the charge (test)');
    };
    await pass({ concurrency: 2, leaseMs: 1_000 });
    hook = null;
    let rows = await nextRows(fan);
    // The carrier charged at the gateway but unrecorded; the other box did not guess.
    expect(rows.map((r) => [r.status, r.shipFee]).sort()).toEqual([['BEFORE', 660], ['BEFORE', 660]]);
    expect(rows.filter((r) => r.carries)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    await pass({ concurrency: 2 });
    rows = await nextRows(fan);
    expect(rows.map((r) => [r.status, r.shipFee]).sort()).toEqual([['SUCCESS', 0], ['SUCCESS', 660]]);
    expect(await chargedAmounts(rows.map((r) => r.key))).toEqual([FREE, FEE]);
  }, 30_000);

  it('quantity 2 and a period-3 plan in one parcel: the fee once; the period-3 box only in its billing months', async () => {
    api.clock.now = new Date('2026-11-20T03:00:00Z');
    const fan = await newShopper(api);
    expect((await subscribe(api, fan, { planId: plan.a, count: 2, expectedTotal: 7260 })).status).toBe(201);
    const res = await subscribe(api, fan, { planId: quarterPlan, count: 1, expectedTotal: 5500 });
    expect(res.status, res.text).toBe(201);
    expect((await historiesOf(api, fan.userId)).map((h) => [h.count, h.ship_fee, h.total])).toEqual([[2, 660, 7260], [1, 0, 5500]]);
    // January: the monthly plan's two boxes ship alone (the three-month plan has no January round) and pay the fee.
    api.clock.now = AFTER_DEADLINE;
    await pass();
    expect((await nextRows(fan)).map((r) => [r.plan, r.status, r.shipFee, r.total])).toEqual([['a', 'SUCCESS', 660, 7260]]);
    expect(await parcelsWithTwoFees()).toEqual([]);
  });

  it('two passes at once over many fans: exactly one fee per parcel', async () => {
    const fans: Shopper[] = [];
    for (let i = 0; i < 10; i += 1) fans.push(await fanOf('a', 'b'));
    api.clock.now = AFTER_DEADLINE;
    await api.db.deleteFrom('billing_rounds').execute();
    await Promise.all([0, 1].map(() => runBilling(billingContext(api), { ...BILLING_OPTIONS, concurrency: 4 })));
    // Put-back boxes (their carrier in flight in the other pass) are charged by the next pass.
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    await pass();
    for (const fan of fans) {
      const rows = await nextRows(fan);
      expect(rows.map((r) => [r.status, r.shipFee]).sort()).toEqual([['SUCCESS', 0], ['SUCCESS', 660]]);
    }
    expect(await parcelsWithTwoFees()).toEqual([]);
    const carriers = await sql<{ n: number }>`select count(*)::int as n from plan_order_histories where carries_fee and user_id in (${sql.join(fans.map((f) => f.userId))})`.execute(api.db);
    // One carrier for each fan's December parcel (checkout) and January parcel (billing).
    expect(carriers.rows[0]?.n).toBe(20);
  }, 120_000);
});

describe('refunds before shipment', () => {
  const refund = (fan: Shopper, historyId: number, key: string) => request(api.app).post(`/api/staff/customers/${fan.userId}/refund`)
    .set('origin', ADMIN_ORIGIN).set('cookie', withStaff(support)).send({ historyId, reason: '重複注文', idempotencyKey: key, box: 'stop' });
  const refundedAt = async (keys: string[]) => (await api.db.selectFrom('sandbox_charges').select(['order_key', 'refunded_amount']).where('order_key', 'in', keys).orderBy('order_key').execute());

  it('the carrier stopped while the other box ships keeps the fee; the last box out takes back its price and the fee', async () => {
    const fan = await fanOf('a', 'b');
    const [carrier, other] = await historiesOf(api, fan.userId);
    expect([carrier!.total, other!.total]).toEqual([FEE, FREE]);
    // The confirm step's facts: this carrier keeps the fee with the parcel.
    const detail = async () => ((await request(api.app).get(`/api/staff/customers/${fan.userId}`).set('cookie', withStaff(support)).expect(200)).body as { charges: { id: number; stopRefundParcel?: unknown }[] }).charges;
    expect((await detail()).find((c) => c.id === carrier!.id)?.stopRefundParcel).toEqual({ kept: 660, back: 0 });
    const first = await refund(fan, carrier!.id, 'parcel-refund-0001');
    expect(first.status, first.text).toBe(200);
    // The box stops; its price comes back, the parcel's shipping stays paid (the other box ships).
    expect(await refundedAt([carrier!.charge_key])).toEqual([{ order_key: carrier!.charge_key, refunded_amount: FREE }]);
    let rows = await historiesOf(api, fan.userId);
    expect(rows.map((h) => [h.payment_status, h.carries_fee])).toEqual([['CANCEL', true], ['SUCCESS', false]]);
    const firstMail = await api.mailbox.waitFor(fan.email, (m) => m.subject.includes('返金'));
    expect(firstMail.text).toContain('¥3,300');
    expect((await detail()).find((c) => c.id === other!.id)?.stopRefundParcel).toEqual({ kept: 0, back: 660 });
    const second = await refund(fan, other!.id, 'parcel-refund-0002');
    expect(second.status, second.text).toBe(200);
    // The last box out: its own price, and the fee the stopped box kept, from the charge that paid it.
    expect((await refundedAt([carrier!.charge_key, other!.charge_key])).map((r) => r.refunded_amount).sort()).toEqual([FREE, FEE]);
    rows = await historiesOf(api, fan.userId);
    expect(rows.map((h) => [h.payment_status, h.carries_fee])).toEqual([['CANCEL', false], ['CANCEL', false]]);
    const secondMail = await api.mailbox.waitFor(fan.email, (m) => m.subject.includes('返金'));
    expect(secondMail.text).toContain('¥3,960');
  });

  it("a fan's skip of the carrier paid at checkout keeps the fee with the parcel (said before the button); cancelling the other box, the last out, takes back its price and the fee", async () => {
    const fan = await fanOf('a', 'b');
    const [carrier, other] = await historiesOf(api, fan.userId);
    const myPlans = async () => ((await request(api.app).get('/api/userPlan').set('cookie', fan.cookie).expect(200)).body as UserPlanWithTiers[]);
    // What the skip's confirmation page reads before the button: ¥3,300 back, ¥660 left for the other box.
    const before = (await myPlans()).find((p) => p.plan.id === plan.a)!;
    expect(before.nextRoundPayment).toMatchObject({ total: FEE, refund: FREE, keptShipping: 660 });
    expect(checkoutRefundText({ total: before.nextRoundPayment!.refund, method: 'CARD', keptShipping: 660 }, null).ja).toContain('¥3,300（税込）を返金します。送料¥660（税込）は、同じ荷物でお届けする別のBOXの送料として返金されません');
    const skip = await changePlan(api, fan, { currentPlanId: plan.a, planId: plan.a, action: 'skip' });
    expect(skip.status, skip.text).toBe(200);
    expect(skip.body).toMatchObject({ refunded: true, refund: { total: FREE, keptShipping: 660 } });
    expect(await refundedAt([carrier!.charge_key])).toEqual([{ order_key: carrier!.charge_key, refunded_amount: FREE }]);
    let rows = await historiesOf(api, fan.userId);
    expect(rows.map((h) => [h.payment_status, h.carries_fee])).toEqual([['CANCEL', true], ['SUCCESS', false]]);
    // The other box, now the parcel's last, says it before the button too: its price and the fee kept.
    expect((await myPlans()).find((p) => p.plan.id === plan.b)!.nextRoundPayment).toMatchObject({ total: FREE, refund: FEE, keptShipping: 0 });
    const cancel = await request(api.app).delete(`/api/userPlan/${plan.b}`).set('cookie', fan.cookie);
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body).toMatchObject({ refunded: true, refund: { total: FEE } });
    expect((await refundedAt([carrier!.charge_key, other!.charge_key])).map((r) => r.refunded_amount).sort()).toEqual([FREE, FEE]);
    rows = await historiesOf(api, fan.userId);
    expect(rows.map((h) => [h.payment_status, h.carries_fee])).toEqual([['CANCEL', false], ['CANCEL', false]]);
  });
});
