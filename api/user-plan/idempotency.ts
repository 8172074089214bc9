import { createHash } from 'node:crypto';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';

/**
 * Idempotency keys of POST /api/userPlan (a double click, a retried request, two tabs). The first
 * request with a key claims it; the same key again gets the first answer, waiting while the
 * first is still running; the same key with another body is refused (422). Keys are per user.
 * Only final answers are kept: after a server failure (5xx) the key is released for a retry.
 */
export type Replay = { status: number; body: unknown };

const WAIT_STEP_MS = 100;
/** A key answers retries for a day; older ones are dropped so the table stays bounded per user. */
export const KEY_TTL_MS = 24 * 60 * 60_000;
/** Longer than a provider call's deadline, so a waiting twin sees the first answer. */
const WAIT_LIMIT_MS = 20_000;

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

/** 'new' when this request owns the key; else the stored answer of the first request. */
export async function claimKey(ctx: ApiContext, userId: number, key: string, hash: string): Promise<'new' | Replay> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  await ctx.db.deleteFrom('idempotency_keys').where('user_id', '=', userId)
    .where('created_at', '<', new Date(ctx.now().getTime() - KEY_TTL_MS)).execute();
  for (;;) {
    const inserted = await ctx.db.insertInto('idempotency_keys')
      .values({ user_id: userId, key, request_hash: hash, created_at: ctx.now() })
      .onConflict((oc) => oc.doNothing()).returning('key').executeTakeFirst();
    if (inserted) return 'new';
    const row = await ctx.db.selectFrom('idempotency_keys').select(['request_hash', 'response_status', 'response_body'])
      .where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    // Released between the insert and this read: try to claim it again.
    if (!row) continue;
    if (row.request_hash !== hash) throw reused();
    if (row.response_status !== null) return { status: row.response_status, body: row.response_body };
    if (Date.now() > deadline) throw inProgress();
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

export async function storeAnswer(ctx: ApiContext, userId: number, key: string, answer: Replay): Promise<void> {
  await ctx.db.updateTable('idempotency_keys')
    .set({ response_status: answer.status, response_body: JSON.stringify(answer.body) })
    .where('user_id', '=', userId).where('key', '=', key).execute();
}

export async function releaseKey(ctx: ApiContext, userId: number, key: string): Promise<void> {
  await ctx.db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
}
