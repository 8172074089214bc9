import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../api/db/schema.ts';
import { EXPECTED_CHARGE } from '../../bench/billing-setup.ts';

export interface Checked {
  problems: string[];
  facts: Record<string, number | string>;
}

/** At most this many ids in one problem line: the count says the rest. */
const SHOWN = 5;

export function idsLine(what: string, ids: unknown[]): string {
  return `${ids.length} ${what}${ids.length > 0 ? ` (e.g. ${ids.slice(0, SHOWN).join(', ')})` : ''}`;
}

type SubscriptionRow = { id: number; billing_rows: number; success_rows: number; other_rows: number; succeeded: number; refunded: number; amount: number };

/**
 * The generated subscriptions of the seeded round's plan: each has exactly one billing row for
 * the round, SUCCESS, and exactly one succeeded sandbox charge among its order keys
 * (`bill-<userPlan>-<round>-<attempt>`, api/billing/reserve.ts), none refunded, and the amounts add up.
 */
export async function verifyBulkRound(db: Kysely<DB>, roundId: number, subscriptions: number): Promise<Checked> {
  const round = await db.selectFrom('plan_orders').select('plan_id').where('id', '=', roundId).executeTakeFirst();
  if (!round) return { problems: [`round ${roundId} does not exist`], facts: {} };
  const rows = (await sql<SubscriptionRow>`
    with subs as (select id from user_plans where plan_id = ${round.plan_id}),
    rows as (
      select s.id, count(h.id) filter (where h.origin = 'billing') as billing_rows,
        count(h.id) filter (where h.origin = 'billing' and h.payment_status = 'SUCCESS') as success_rows,
        count(h.id) filter (where h.origin <> 'billing') as other_rows
      from subs s left join plan_order_histories h on h.user_plan_id = s.id and h.plan_order_id = ${roundId} group by s.id),
    charges as (
      select split_part(order_key, '-', 2)::int as id, count(*) filter (where status = 'succeeded') as succeeded,
        count(*) filter (where refunded_amount > 0) as refunded, coalesce(sum(amount) filter (where status = 'succeeded'), 0) as amount
      from sandbox_charges where order_key like 'bill-%' and split_part(order_key, '-', 3) = ${String(roundId)} group by 1)
    select r.id, r.billing_rows, r.success_rows, r.other_rows, coalesce(c.succeeded, 0) as succeeded,
      coalesce(c.refunded, 0) as refunded, coalesce(c.amount, 0) as amount
    from rows r left join charges c on c.id = r.id order by r.id`.execute(db)).rows.map((r) => ({
    id: r.id, billing: Number(r.billing_rows), success: Number(r.success_rows), other: Number(r.other_rows),
    succeeded: Number(r.succeeded), refunded: Number(r.refunded), amount: Number(r.amount),
  }));
  const amount = rows.reduce((sum, r) => sum + r.amount, 0);
  const bad = (test: (r: (typeof rows)[number]) => boolean) => rows.filter(test).map((r) => r.id);
  const problems = [
    rows.length === subscriptions ? '' : `${rows.length} subscriptions to the seeded plan, expected ${subscriptions}`,
    ...[
      idsLine('subscriptions without exactly one billing row for the round', bad((r) => r.billing !== 1)),
      idsLine('subscriptions whose billing row is not SUCCESS', bad((r) => r.billing === 1 && r.success !== 1)),
      idsLine('subscriptions with another order row for the round', bad((r) => r.other > 0)),
      idsLine('subscriptions without exactly one succeeded charge', bad((r) => r.succeeded !== 1)),
      idsLine('subscriptions with a refunded charge', bad((r) => r.refunded > 0)),
    ].filter((line) => !line.startsWith('0 ')),
    amount === subscriptions * EXPECTED_CHARGE ? '' : `charged ${amount} yen in all, expected ${subscriptions} × ${EXPECTED_CHARGE} = ${subscriptions * EXPECTED_CHARGE}`,
  ].filter((p) => p !== '');
  const billedOnce = rows.filter((r) => r.billing === 1 && r.success === 1 && r.succeeded === 1 && r.other === 0 && r.refunded === 0).length;
  return { problems, facts: { subscriptions: rows.length, billedOnce, billedAmount: amount, expectedAmount: subscriptions * EXPECTED_CHARGE } };
}
