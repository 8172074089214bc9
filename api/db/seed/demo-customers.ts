import { addDays, addMinutes } from 'date-fns';
import type { Insertable, Transaction } from 'kysely';
import { billingOrderKey } from '../../../shared/billing-rules.ts';
import type { CancelReason } from '../../../shared/cancel-reasons.ts';
import { roundCharge } from '../../../shared/money.ts';
import { parcelKey } from '../../../shared/parcel.ts';
import { nextHistoryId } from '../../order-history/order-history.repository.ts';
import type { DB, PlanOrderHistoriesTable } from '../schema.ts';

/**
 * The demo shop's customers (issue 19: the console's dashboard shows real figures from the demo
 * shop). Clearly fake: `demo-customer-NN@example.com` (a reserved domain, RFC 2606), all named
 * 推野, no password that can sign in. Their subscriptions started over the past months, and the
 * rounds already past are charged as the billing run would have left them — mostly delivered,
 * a few declined, one in doubt (its worker stopped mid-call), some skipped, some cancelled — through the
 * shop's own tables, with the sandbox's cards and charges matching what the billing code reads.
 * Seeded only with the demo catalogue, on its first start (seed-demo.ts `customers`), never by an
 * imported catalogue. Cancellation reasons stay null (their column belongs to another change).
 */
type Trx = Transaction<DB>;

const GIVEN_NAMES = ['花子', '太郎', '美咲', '翔太', '陽菜', '蓮', '結衣', '大翔', 'さくら', '悠真', '葵', '湊', '凛', '陸', '芽依', '颯太', '心春', '樹', '紬', '蒼', '杏', '律', '澪', '朝陽'];
/** No password hash of ours looks like this: verifyPassword treats it as a mismatch, so nobody signs in. */
const NO_PASSWORD = '!demo-customer-no-sign-in';
const BRAND = 'OshiBox';
const CHARGE_DECLINED = 'カード会社により決済が拒否されました。別のカードをご利用ください。';

/** Which customers do what, by index: a small, fixed cast so the figures are the same each time. */
const RECENT = new Set([0, 6, 12, 18]);
const ON_CLOSED_ARTIST = new Set([7, 15, 23]);
const CANCELLED_LATELY = new Set([4, 10]);
const SKIPPED_PAST_ROUND = new Set([3, 9]);
const CARD_DECLINES = new Set([5, 16]);
const IN_DOUBT = 13;
/** Why those who cancelled did so, as support recorded it (shared/cancel-reasons.ts); 23 cancelled alone and gave none. */
const CANCEL_REASON_OF: ReadonlyMap<number, CancelReason> = new Map([[7, 'oshi_change'], [15, 'price'], [4, 'temporary'], [10, 'contents']]);

interface DemoPlanRow { id: number; price: number; pre_tax_price: number; is_close: boolean }
interface DemoRound { id: number; plan_id: number; end_date: Date; ship_date: Date; start_date: Date }

export async function seedDemoCustomers(trx: Trx, now: Date): Promise<number> {
  const plans: DemoPlanRow[] = await trx.selectFrom('plans').innerJoin('artists', 'artists.id', 'plans.artist_id')
    .select(['plans.id', 'plans.price', 'plans.pre_tax_price', 'artists.is_close']).orderBy('plans.id').execute();
  const rounds: DemoRound[] = await trx.selectFrom('plan_orders').select(['id', 'plan_id', 'start_date', 'end_date', 'ship_date']).orderBy('end_date').execute();
  const open = plans.filter((p) => !p.is_close);
  const closed = plans.filter((p) => p.is_close);
  if (open.length === 0 || closed.length === 0) return 0;
  const reserved = new Map<number, number>();
  for (const [i, given] of GIVEN_NAMES.entries()) {
    const plan = ON_CLOSED_ARTIST.has(i) ? closed[i % closed.length]! : open[(i * 5) % open.length]!;
    const planRounds = rounds.filter((r) => r.plan_id === plan.id);
    const started = startOf(i, now, plan, planRounds);
    const userId = await insertCustomer(trx, i, given, addDays(started, -1));
    const cancelledAt = ON_CLOSED_ARTIST.has(i) ? addDays(now, -75) : CANCELLED_LATELY.has(i) ? addDays(now, -20) : null;
    const count = i % 3 === 2 ? 2 : 1;
    const { id: userPlanId } = await trx.insertInto('user_plans').values({
      user_id: userId, plan_id: plan.id, count, status: cancelledAt ? 'CANCELLED' : 'ACTIVE',
      created_at: started, updated_at: cancelledAt ?? started, cancelled_at: cancelledAt,
      cancel_reason: cancelledAt ? (CANCEL_REASON_OF.get(i) ?? null) : null,
    }).returning('id').executeTakeFirstOrThrow();
    const customer = { i, userId, userPlanId, count, plan, token: tokenOf(i), name: `推野 ${given}` };
    if (RECENT.has(i)) await chargeAtCheckout(trx, customer, planRounds, started, now);
    for (const round of planRounds.filter((r) => r.end_date <= now && r.end_date > started && (!cancelledAt || cancelledAt >= r.end_date))) {
      if (SKIPPED_PAST_ROUND.has(i)) {
        await trx.insertInto('user_plan_skips').values({ user_plan_id: userPlanId, plan_order_id: round.id, created_at: addDays(round.end_date, -5) }).execute();
        continue;
      }
      await chargeRound(trx, customer, round, now);
      reserved.set(round.id, (reserved.get(round.id) ?? 0) + 1);
    }
  }
  // Every round already past is one the run has reminded and reserved: a shop started now bills only what is due next.
  const past = rounds.filter((r) => r.end_date <= now);
  if (past.length > 0) {
    await trx.insertInto('billing_rounds').values(past.map((r) => ({ plan_order_id: r.id, reminded_at: addDays(r.end_date, -3), reserved_at: r.end_date, reserved_count: reserved.get(r.id) ?? 0 })))
      .onConflict((oc) => oc.column('plan_order_id').doNothing()).execute();
  }
  return GIVEN_NAMES.length;
}

const tokenOf = (i: number) => `demo_tok_${String(i + 1).padStart(2, '0')}`;

/** Recent customers joined during the round now open; the rest before the last past deadline (a month or more ago). */
function startOf(i: number, now: Date, plan: DemoPlanRow, planRounds: DemoRound[]): Date {
  if (RECENT.has(i)) {
    const openRound = planRounds.find((r) => r.start_date <= now && r.end_date > now);
    const opened = openRound?.start_date ?? addDays(now, -10);
    return addDays(opened, 1 + (i % 5));
  }
  const firstDeadline = planRounds[0]?.end_date ?? addDays(now, -60);
  const back = plan.is_close ? 10 + (i % 10) : 5 + ((i * 7) % 80);
  return addDays(firstDeadline, -back);
}

async function insertCustomer(trx: Trx, i: number, given: string, createdAt: Date): Promise<number> {
  const number = String(i + 1).padStart(2, '0');
  const { id } = await trx.insertInto('users').values({
    email: `demo-customer-${number}@example.com`, password_hash: NO_PASSWORD, name: `推野 ${given}`,
    zip: '150-0002', address: '東京都渋谷区渋谷2-24-12', address2: `デモ ${number}`, tel: '03-0000-0000',
    payment_method: 'CARD', created_at: createdAt,
  }).returning('id').executeTakeFirstOrThrow();
  const token = tokenOf(i);
  await trx.insertInto('user_cards').values({ user_id: id, token, brand: 'Visa', last4: '4242', expiry: '12/30', updated_at: createdAt }).execute();
  await trx.insertInto('payment_method_histories').values({ user_id: id, payment_method: 'CARD', card_brand: 'Visa', card_last4: '4242', created_at: createdAt }).execute();
  await trx.insertInto('sandbox_cards').values({ token, brand: 'Visa', last4: '4242', expiry: '12/30', declines_charges: CARD_DECLINES.has(i), created_at: createdAt }).execute();
  return id;
}

interface Customer { i: number; userId: number; userPlanId: number; count: number; plan: DemoPlanRow; token: string; name: string }

function chargeRow(c: Customer, round: DemoRound, at: Date): Omit<Insertable<PlanOrderHistoriesTable>, 'charge_key' | 'origin'> {
  const money = roundCharge({ price: c.plan.price, preTaxPrice: c.plan.pre_tax_price }, c.count, false, at);
  return {
    user_id: c.userId, user_plan_id: c.userPlanId, plan_order_id: round.id, plan_id: c.plan.id, payment_method: 'CARD', count: c.count,
    price: money.price, pre_tax_price: money.preTaxPrice, ship_fee: money.shipFee, pre_tax_ship_fee: money.preTaxShipFee, fee: 0, pre_tax_fee: 0, total: money.total,
    ship_src_name: BRAND, ship_zip: '150-0002', ship_address: '東京都渋谷区渋谷2-24-12', ship_address2: `デモ ${String(c.i + 1).padStart(2, '0')}`, ship_dest_name: c.name, ship_tel: '03-0000-0000',
    created_at: at, updated_at: at,
    // One plan a customer: each box is its parcel's only one, and carries its fee unless declined (chargeRound).
    parcel_key: parcelKey(round.ship_date), carries_fee: true,
  };
}

async function sandboxCharge(trx: Trx, orderKey: string, token: string, amount: number, status: 'succeeded' | 'declined', at: Date): Promise<string> {
  const chargeId = `ch_demo_${orderKey}`;
  await trx.insertInto('sandbox_charges').values({
    order_key: orderKey, charge_id: chargeId, source_kind: 'card', token, amount, status,
    decline_reason: status === 'declined' ? 'card_declined' : null, created_at: at,
  }).execute();
  return chargeId;
}

/** The first box, charged when they subscribed (as checkout does: its own order key, paid at once). */
async function chargeAtCheckout(trx: Trx, c: Customer, planRounds: DemoRound[], started: Date, now: Date): Promise<void> {
  const round = planRounds.find((r) => r.end_date > started && r.end_date > now);
  if (!round) return;
  const id = await nextHistoryId(trx);
  const row = chargeRow(c, round, started);
  const key = `uph-${c.userPlanId}-${round.id}-${id}`;
  const chargeId = await sandboxCharge(trx, key, c.token, row.total, 'succeeded', started);
  await trx.insertInto('plan_order_histories').values({ ...row, id, charge_key: key, origin: 'checkout', payment_status: 'SUCCESS', charge_id: chargeId, paid_at: started }).execute();
}

/** A past round as the billing run left it: charged and shipped (most delivered), declined, or in doubt. */
async function chargeRound(trx: Trx, c: Customer, round: DemoRound, now: Date): Promise<void> {
  const key = billingOrderKey(c.userPlanId, round.id, 1);
  const charged = addMinutes(round.end_date, 5 + c.i);
  const row = { ...chargeRow(c, round, round.end_date), charge_key: key, origin: 'billing', attempts: 1, claims: 1 };
  if (c.i === IN_DOUBT) {
    // A worker took it and stopped before the provider answered; its lease runs a day more. Then
    // the run asks the sandbox by the order key, hears of no charge, and charges it (charge-rounds.ts).
    await trx.insertInto('plan_order_histories').values({ ...row, payment_status: 'BEFORE', claimed_until: addDays(now, 1), updated_at: charged }).execute();
    return;
  }
  if (CARD_DECLINES.has(c.i)) {
    const chargeId = await sandboxCharge(trx, key, c.token, row.total, 'declined', charged);
    await trx.insertInto('plan_order_histories').values({ ...row, payment_status: 'ERROR', charge_id: chargeId, decline_reason: CHARGE_DECLINED, carries_fee: false, updated_at: charged }).execute();
    return;
  }
  const chargeId = await sandboxCharge(trx, key, c.token, row.total, 'succeeded', charged);
  const shipped = round.ship_date <= now;
  // A few boxes wait for the carrier's delivered list (docs/decisions/0021-payment-status-moves.md).
  const delivered = shipped && c.i % 4 !== 1;
  const shipping = shipped
    ? { waiting_at: addDays(round.ship_date, -3), shipped_at: round.ship_date, carrier: 'yamato', ship_number: `4${String(9_000_000_000 + c.userPlanId * 1000 + round.id).slice(-11)}` }
    : {};
  await trx.insertInto('plan_order_histories').values({
    ...row, ...shipping, payment_status: delivered ? 'DELIVERED' : shipped ? 'SHIPSTART' : 'SUCCESS', charge_id: chargeId, paid_at: charged,
    delivered_at: delivered ? addDays(round.ship_date, 2) : null, updated_at: delivered ? addDays(round.ship_date, 2) : shipped ? round.ship_date : charged,
  }).execute();
}
