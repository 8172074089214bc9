import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../api/db/schema.ts';
import type { BuyerReport, BuyerView } from './buyers.ts';
import { idsLine, type Checked } from './verify-billing.ts';

type PairRow = { user_plan_id: number; plan_order_id: number; status: string; user_id: number; live_paid: number; unrefunded: number; succeeded: number; owed: number };

/** Per (buyer's subscription, round): its rows' live paid count against the charges still kept. */
async function pairsOf(db: Kysely<DB>, userIds: number[]): Promise<PairRow[]> {
  if (userIds.length === 0) return [];
  const result = await sql<PairRow>`
    select h.user_plan_id, h.plan_order_id, up.status, up.user_id,
      count(*) filter (where h.payment_status not in ('ERROR', 'CANCEL', 'BEFORE') and h.superseded_by is null) as live_paid,
      count(c.order_key) filter (where c.status = 'succeeded' and c.refunded_amount < c.amount and not (
        -- 同梱 (shared/parcel.ts): a box that left its parcel keeps exactly its shipping, paid for the parcel's other box still shipping.
        h.payment_status = 'CANCEL' and h.carries_fee and c.amount - c.refunded_amount = h.ship_fee and exists (
          select 1 from plan_order_histories o where o.user_id = h.user_id and o.parcel_key = h.parcel_key and o.id <> h.id
            and o.payment_status in ('SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED') and o.superseded_by is null))) as unrefunded,
      count(c.order_key) filter (where c.status = 'succeeded') as succeeded,
      count(c.order_key) filter (where c.status = 'succeeded' and c.refunded_amount < c.amount and h.refund_status in ('pending', 'failed')) as owed
    from plan_order_histories h join user_plans up on up.id = h.user_plan_id
    left join sandbox_charges c on c.order_key = h.charge_key
    where h.user_id in (${sql.join(userIds)}) group by h.user_plan_id, h.plan_order_id, up.status, up.user_id`.execute(db);
  return result.rows.map((r) => ({ ...r, live_paid: Number(r.live_paid), unrefunded: Number(r.unrefunded), succeeded: Number(r.succeeded), owed: Number(r.owed) }));
}

/**
 * The buyers' checkouts against the database: a completed one has its subscription (ACTIVE, or
 * CANCELLED later by the buyer) and was charged for its round; for every (subscription, round)
 * the charges kept (succeeded, not refunded) are exactly the live paid rows, so nobody keeps a
 * charge without a subscription that owns it; a refusal left no kept charge on a subscription
 * that never became active; an unanswered checkout is a problem of its own.
 */
export async function verifyBuyers(db: Kysely<DB>, report: BuyerReport): Promise<Checked> {
  const users = report.emails.length === 0 ? [] : await db.selectFrom('users').select(['id', 'email']).where('email', 'in', report.emails).execute();
  const idOf = new Map(users.map((u) => [u.email, u.id]));
  const pairs = await pairsOf(db, users.map((u) => u.id));
  const pairKey = (userPlanId: number, roundId: number) => `${userPlanId}/${roundId}`;
  const byPair = new Map(pairs.map((p) => [pairKey(p.user_plan_id, p.plan_order_id), p]));
  const completed = report.checkouts.filter((c) => c.outcome === 'completed');
  const refused = report.checkouts.filter((c) => c.outcome === 'refused' && c.code !== 'UNRESOLVED');
  const unresolved = report.checkouts.filter((c) => c.code === 'UNRESOLVED');
  const notCharged = completed.filter((c) => {
    const pair = c.userPlanId !== null && c.roundId !== null ? byPair.get(pairKey(c.userPlanId, c.roundId)) : undefined;
    return !pair || pair.succeeded < 1 || !['ACTIVE', 'CANCELLED'].includes(pair.status) || pair.user_id !== idOf.get(c.email);
  });
  const kept = pairs.filter((p) => p.unrefunded !== p.live_paid || (p.unrefunded > 0 && !['ACTIVE', 'CANCELLED'].includes(p.status)));
  const problems = [
    idsLine('buyers without an account', report.emails.filter((e) => !idOf.has(e))),
    idsLine('completed checkouts without their subscription and charge', notCharged.map((c) => c.idempotencyKey)),
    idsLine('(subscription, round) pairs whose kept charges differ from their live paid rows',
      // `owed`: voided rows whose refund was recorded as owed but not made (a copy killed between the
      // change and its refund): nothing retries them but the operator (api/user-plan/round-charge.ts).
      kept.map((p) => `${pairKey(p.user_plan_id, p.plan_order_id)} ${p.status}: ${p.unrefunded} kept, ${p.live_paid} live, ${p.owed} refund owed`)),
    idsLine('checkouts with no final answer within the retries (the idempotency key left claimed by a killed copy?)',
      await Promise.all(unresolved.map(async (c) => `${c.idempotencyKey} (plan ${c.planId}, last ${c.status}; ${await outcomeOf(db, idOf.get(c.email), c.planId, c.at)})`))),
    ...viewProblems(report.views, await dbViews(db, users.map((u) => u.id)), idOf),
  ].filter((line) => !line.startsWith('0 '));
  const byCode = new Map<string, number>();
  for (const c of refused) byCode.set(c.code ?? 'none', (byCode.get(c.code ?? 'none') ?? 0) + 1);
  const codes = [...byCode].map(([code, n]) => `${code}: ${n}`).join(', ');
  const kinds = ['signup', 'card', 'checkout', 'change', 'skip', 'cancel'].map((kind) => {
    const of = report.steps.filter((s) => s.kind === kind);
    return `${kind} ${of.length} (${of.filter((s) => !s.ok).length} refused)`;
  }).join(', ');
  return {
    problems,
    facts: {
      buyers: report.emails.length, checkouts: report.checkouts.length, checkoutsCompleted: completed.length, checkoutsRefused: refused.length,
      refusedBy: codes || 'none', checkoutsUnresolved: unresolved.length, buyerSteps: report.steps.length,
      buyerStepsRefused: report.steps.filter((s) => !s.ok).length, buyerStepsByKind: kinds, buyerFailedAttempts: report.failures.length, buyerRetryLater: report.retryLater,
    },
  };
}

/** What the database holds of a checkout that got no answer: the buyer's subscription to the plan made around then, its row and charge. */
async function outcomeOf(db: Kysely<DB>, userId: number | undefined, planId: number, endedAt: number): Promise<string> {
  if (userId === undefined) return 'no account';
  const row = await sql<{ status: string; payment_status: string | null; charge: string | null }>`
    select up.status, h.payment_status, c.status as charge from user_plans up left join plan_order_histories h on h.user_plan_id = up.id and h.origin = 'checkout'
    left join sandbox_charges c on c.order_key = h.charge_key
    where up.user_id = ${userId} and up.plan_id = ${planId} and up.created_at <= ${new Date(endedAt)}
    order by up.created_at desc, h.id desc limit 1`.execute(db);
  const found = row.rows[0];
  return found ? `subscription ${found.status}, order ${found.payment_status ?? 'none'}, charge ${found.charge ?? 'none'}` : 'no subscription made';
}

type DbView = { userPlans: Set<number>; history: Map<number, string> };

async function dbViews(db: Kysely<DB>, userIds: number[]): Promise<Map<number, DbView>> {
  const views = new Map<number, DbView>(userIds.map((id) => [id, { userPlans: new Set(), history: new Map() }]));
  if (userIds.length === 0) return views;
  const plans = await db.selectFrom('user_plans').select(['id', 'user_id']).where('user_id', 'in', userIds).where('status', '=', 'ACTIVE').execute();
  for (const p of plans) views.get(p.user_id)?.userPlans.add(p.id);
  // Every order row, a charge replaced by a tier or count change too: the fan's history lists them
  // all, each with its refund (issue 30).
  const rows = await db.selectFrom('plan_order_histories').select(['id', 'user_id', 'payment_status'])
    .where('user_id', 'in', userIds).execute();
  for (const r of rows) views.get(r.user_id)?.history.set(r.id, r.payment_status);
  return views;
}

/** What each buyer saw at the end (GET /api/userPlan, /api/planOrderHistory) is what the database holds. */
function viewProblems(views: BuyerView[], fromDb: Map<number, DbView>, idOf: Map<string, number>): string[] {
  const problems: string[] = [];
  for (const view of views) {
    const id = idOf.get(view.email);
    const expected = id === undefined ? undefined : fromDb.get(id);
    if (!expected) continue;
    if (!view.read) {
      problems.push(`${view.email}: could not read their plans and order history at the end`);
      continue;
    }
    const plans = view.userPlans.map((p) => p.id).sort((a, b) => a - b).join(',');
    const dbPlans = [...expected.userPlans].sort((a, b) => a - b).join(',');
    if (plans !== dbPlans) problems.push(`${view.email}: My plans shows [${plans}], the database has [${dbPlans}]`);
    const seen = view.history.map((h) => `${h.id}:${h.paymentStatus}`).sort().join(',');
    const dbSeen = [...expected.history].map(([hid, status]) => `${hid}:${status}`).sort().join(',');
    if (seen !== dbSeen) problems.push(`${view.email}: the order history shows [${seen}], the database has [${dbSeen}]`);
  }
  return problems;
}
