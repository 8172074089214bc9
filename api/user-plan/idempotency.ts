import { createHash } from 'node:crypto';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { PROVIDER_DEADLINE_MS } from '../payment/provider-deadline.ts';

/**
 * Idempotency keys of POST /api/userPlan (a double click, a retried request, two tabs). The first
 * request with a key claims it; the same key again gets the first answer, waiting while the
 * first is still running; the same key with another body is refused (422). Keys are per user.
 * Only final answers are kept: after a server failure (5xx) the key is released for a retry.
 * A claim left unanswered by a request that died (a killed API copy) is taken over by the next
 * request with the key once it is ABANDONED_AFTER_MS old (docs/decisions/0046-checkout-after-a-crash.md).
 */
export type Replay = { status: number; body: unknown };

/**
 * The request owns the key: a fresh claim (`userPlanId` null), or an abandoned one taken over,
 * with the subscription its dead checkout reserved when it got that far.
 */
export type Claim = { owned: true; userPlanId: number | null } | { owned: false; replay: Replay };

const WAIT_STEP_MS = 100;
/** A key answers retries for a day; older ones are dropped so the table stays bounded per user. */
export const KEY_TTL_MS = 24 * 60 * 60_000;
/**
 * Below the web tier's /api proxy deadline (PROXY_TIMEOUT_MS, 10 s by default): a twin that waits
 * longer is cut off with a 504 by the proxy and never sees our answer; 409 IN_PROGRESS at 8 s is
 * a clear, retryable answer, and the retry finds the stored answer or takes over a dead claim.
 */
const WAIT_LIMIT_MS = 8_000;
/**
 * An unanswered claim older than this belongs to a request that died (a killed API copy), so the
 * next request with the key takes it over. No live checkout runs this long: it makes at most two
 * provider calls in a row that may each run to PROVIDER_DEADLINE_MS (15 s,
 * api/payment/provider-deadline.ts), the look-up of a stale PENDING subscription and the charge,
 * and the third deadline covers the database work around them (the mail comes after the answer).
 */
export const ABANDONED_AFTER_MS = 3 * PROVIDER_DEADLINE_MS;

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

const reused = () =>
  new DomainError(422, 'IDEMPOTENCY_KEY_REUSED', {
    ja: 'この申込キーは別の内容のお申し込みに使われています。画面を再読み込みしてからお申し込みください。',
    en: 'This idempotency key was already used for a different request. Reload the page and apply again.',
  });

const inProgress = () =>
  new DomainError(409, 'IN_PROGRESS', {
    ja: '同じお申し込みを処理中です。しばらくしてから申込状況をご確認ください。',
    en: 'The same application is still being processed. Check your plans again shortly.',
  });

/** Owned when this request may run the checkout; else the stored answer of the first request. */
export async function claimKey(ctx: ApiContext, userId: number, key: string, hash: string): Promise<Claim> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  await ctx.db.deleteFrom('idempotency_keys').where('user_id', '=', userId)
    .where('created_at', '<', new Date(ctx.now().getTime() - KEY_TTL_MS)).execute();
  for (;;) {
    const inserted = await ctx.db.insertInto('idempotency_keys')
      .values({ user_id: userId, key, request_hash: hash, created_at: ctx.now() })
      .onConflict((oc) => oc.doNothing()).returning('key').executeTakeFirst();
    if (inserted) return { owned: true, userPlanId: null };
    const row = await ctx.db.selectFrom('idempotency_keys').select(['request_hash', 'response_status', 'response_body', 'created_at'])
      .where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    // Released between the insert and this read: try to claim it again.
    if (!row) continue;
    if (row.request_hash !== hash) throw reused();
    if (row.response_status !== null) return { owned: false, replay: { status: row.response_status, body: row.response_body } };
    const abandoned = ctx.now().getTime() - row.created_at.getTime() > ABANDONED_AFTER_MS;
    const takenOver = abandoned ? await takeOverAbandoned(ctx, userId, key) : undefined;
    if (takenOver) return takenOver;
    if (Date.now() > deadline) throw inProgress();
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/**
 * Compare-and-set on the claim's age: the UPDATE matches only an unanswered claim older than
 * ABANDONED_AFTER_MS and makes it young again, so of two twins only one matches (PostgreSQL
 * re-checks the condition on the row the winner wrote), and the loser waits for the winner.
 */
async function takeOverAbandoned(ctx: ApiContext, userId: number, key: string): Promise<Claim | undefined> {
  const now = ctx.now();
  const row = await ctx.db.updateTable('idempotency_keys').set({ created_at: now })
    .where('user_id', '=', userId).where('key', '=', key).where('response_status', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - ABANDONED_AFTER_MS))
    .returning('user_plan_id').executeTakeFirst();
  if (!row) return undefined;
  ctx.logger.warn({ userId, userPlanId: row.user_plan_id }, 'abandoned checkout claim taken over');
  return { owned: true, userPlanId: row.user_plan_id };
}

/** Names the subscription the key's checkout reserved; in the reservation's transaction. */
export async function recordKeyPlan(db: Db, userId: number, key: string, userPlanId: number): Promise<void> {
  await db.updateTable('idempotency_keys').set({ user_plan_id: userPlanId })
    .where('user_id', '=', userId).where('key', '=', key).execute();
}

export async function storeAnswer(ctx: ApiContext, userId: number, key: string, answer: Replay): Promise<void> {
  await ctx.db.updateTable('idempotency_keys')
    .set({ response_status: answer.status, response_body: JSON.stringify(answer.body) })
    .where('user_id', '=', userId).where('key', '=', key).execute();
}

/**
 * Frees the key for a retry after a failure of ours or "still in progress". A key that already
 * names a subscription is kept, marked abandoned, so the retry with it settles that subscription
 * (takeOverAbandoned) instead of meeting it as another checkout's (409 ALREADY_SUBSCRIBED).
 */
export async function releaseKey(ctx: ApiContext, userId: number, key: string): Promise<void> {
  const abandoned = new Date(ctx.now().getTime() - ABANDONED_AFTER_MS - 1);
  await ctx.db.updateTable('idempotency_keys').set({ created_at: abandoned })
    .where('user_id', '=', userId).where('key', '=', key).where('user_plan_id', 'is not', null).execute();
  await ctx.db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key)
    .where('user_plan_id', 'is', null).execute();
}
