import { sql } from 'kysely';
import { isPaymentStatus } from '../../shared/payment.ts';
import { PAID_STATUSES } from '../../shared/receipt.ts';
import { boxUnlockAt, VAULT_UNLOCK_DAYS } from '../../shared/vault.ts';
import { enqueueMails } from '../billing/billing-mails.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { streaksOf } from '../order-history/tenure.ts';
import { assignCodes, fillWaitingCodes } from './codes.ts';
import { renderBoxBonusMail, renderMilestoneMail } from './vault-mails.ts';

const DAY_MS = 86_400_000;
const BATCH = 500;
/** A streak grows only when a box is paid: users with a box paid this recently are checked for milestones. */
const MILESTONE_LOOKBACK_DAYS = 7;

export interface UnlockTally {
  boxes: number;
  milestones: number;
  codes: number;
}

/**
 * Opens the 特典 that are due (shared/vault.ts `boxUnlockAt`): each box of a round with 特典 once
 * delivered, or the set number of days after it shipped (or after its round's ship date), and each
 * milestone a streak has reached. Each unlock is one row, made once (a unique index), with its
 * codes and its mail in the same transaction. Idempotent, safe beside another pass or API copy.
 * `userId`: only that fan's (my page asks before it shows the vault).
 */
export async function unlockDueBonuses(ctx: ApiContext, userId?: number): Promise<UnlockTally> {
  const boxes = await unlockBoxes(ctx, userId);
  const milestones = await unlockMilestones(ctx, userId);
  const codes = await fillWaitingCodes(ctx.db, ctx.now(), userId);
  return { boxes, milestones, codes };
}

/** The scheduler's and the delivery import's call: a failure is logged, never the caller's. */
export async function unlockDueBonusesQuietly(ctx: ApiContext): Promise<void> {
  try {
    const tally = await unlockDueBonuses(ctx);
    if (tally.boxes + tally.milestones + tally.codes > 0) ctx.logger.info(tally, 'bonuses unlocked');
  } catch (error) {
    ctx.logger.error({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'bonus unlock pass failed; left to the next pass');
  }
}

/** Boxes of rounds with 特典, paid, not opened yet, whose time may have come (the rule decides). */
async function dueBoxes(ctx: ApiContext, userId: number | undefined) {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - (ctx.vaultUnlockDays ?? VAULT_UNLOCK_DAYS.fallback) * DAY_MS);
  let query = ctx.db.selectFrom('plan_order_histories as h')
    .innerJoin('plan_orders as o', 'o.id', 'h.plan_order_id')
    .innerJoin('plans as p', 'p.id', 'h.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.user_id', 'h.plan_order_id', 'h.payment_status', 'h.shipped_at', 'h.delivered_at', 'h.refund_status', 'o.ship_date', 'a.name as artist_name', 'u.email', 'u.lang'])
    .where('h.payment_status', 'in', PAID_STATUSES)
    .where('h.superseded_by', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('bonuses as b').select('b.id').whereRef('b.plan_order_id', '=', 'o.id')))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bonus_unlocks as bu').select('bu.id').whereRef('bu.history_id', '=', 'h.id'))))
    .where((eb) => eb.or([eb('h.delivered_at', '<=', now), eb(eb.fn.coalesce('h.shipped_at', 'o.ship_date'), '<=', cutoff)]))
    // A box refunded before it left never opens: left out here so it does not fill every batch.
    .where(sql<boolean>`not (h.refund_status is not null and h.refund_status <> 'failed' and h.shipped_at is null)`);
  if (userId !== undefined) query = query.where('h.user_id', '=', userId);
  return query.orderBy('h.id').limit(BATCH).execute();
}

async function unlockBoxes(ctx: ApiContext, userId: number | undefined): Promise<number> {
  const days = ctx.vaultUnlockDays ?? VAULT_UNLOCK_DAYS.fallback;
  const now = ctx.now();
  let opened = 0;
  for (const box of await dueBoxes(ctx, userId)) {
    if (!isPaymentStatus(box.payment_status)) continue;
    const at = boxUnlockAt({
      paymentStatus: box.payment_status, shippedAt: box.shipped_at, deliveredAt: box.delivered_at, roundShipDate: box.ship_date,
      refunded: box.refund_status !== null && box.refund_status !== 'failed',
    }, days);
    if (!at || at.getTime() > now.getTime()) continue;
    const made = await ctx.db.transaction().execute(async (trx) => {
      const unlock = await trx.insertInto('bonus_unlocks').values({ user_id: box.user_id, history_id: box.id, unlocked_at: at })
        .onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
      if (!unlock) return false;
      await assignCodes(trx, await codeListsOf(trx, { round: box.plan_order_id }), unlock.id, now);
      const mail = renderBoxBonusMail(box, box.artist_name, box.ship_date, { brand: ctx.mailer.brand, origin: ctx.publicOrigin });
      await enqueueMails(trx, [{ key: `bonus:${box.id}`, kind: 'bonus', userId: box.user_id, historyId: box.id, mail }], now);
      return true;
    });
    if (made) opened += 1;
  }
  return opened;
}

async function codeListsOf(db: Db, owner: { round: number } | { artist: number; milestone: number }): Promise<number[]> {
  let query = db.selectFrom('bonuses').select('id').where('kind', '=', 'codes');
  query = 'round' in owner ? query.where('plan_order_id', '=', owner.round) : query.where('artist_id', '=', owner.artist).where('milestone', '=', owner.milestone);
  return (await query.orderBy('id').execute()).map((r) => r.id);
}

/** Fans with a box of an artist with milestone 特典 paid lately (or the one fan asked for). */
async function milestoneCandidates(ctx: ApiContext, userId: number | undefined): Promise<number[]> {
  const since = new Date(ctx.now().getTime() - MILESTONE_LOOKBACK_DAYS * DAY_MS);
  let query = ctx.db.selectFrom('plan_order_histories as h').innerJoin('plans as p', 'p.id', 'h.plan_id')
    .select('h.user_id').distinct()
    .where('h.payment_status', 'in', PAID_STATUSES)
    .where((eb) => eb.exists(eb.selectFrom('bonuses as b').select('b.id').whereRef('b.artist_id', '=', 'p.artist_id')));
  query = userId !== undefined ? query.where('h.user_id', '=', userId) : query.where((eb) => eb.or([eb('h.paid_at', '>=', since), eb('h.updated_at', '>=', since)]));
  return (await query.orderBy('h.user_id').limit(BATCH).execute()).map((r) => r.user_id);
}

async function unlockMilestones(ctx: ApiContext, userId: number | undefined): Promise<number> {
  const users = await milestoneCandidates(ctx, userId);
  if (users.length === 0) return 0;
  const defined = await ctx.db.selectFrom('bonuses').select(['artist_id', 'milestone']).distinct().where('artist_id', 'is not', null).execute();
  let opened = 0;
  for (const user of users) {
    const { streaks, artists } = await streaksOf(ctx.db, user, ctx.now());
    const held = new Set((await ctx.db.selectFrom('bonus_unlocks').select(['artist_id', 'milestone']).where('user_id', '=', user).where('milestone', 'is not', null).execute())
      .map((u) => `${u.artist_id}:${u.milestone}`));
    for (const streak of streaks) {
      const reached = defined.filter((d) => d.artist_id === streak.artistId && d.milestone! <= streak.rounds && !held.has(`${d.artist_id}:${d.milestone}`)).map((d) => d.milestone!);
      for (const milestone of reached) {
        if (await unlockMilestone(ctx, user, streak.artistId, milestone, artists.get(streak.artistId)?.name ?? '')) opened += 1;
      }
    }
  }
  return opened;
}

async function unlockMilestone(ctx: ApiContext, userId: number, artistId: number, milestone: number, artistName: string): Promise<boolean> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const unlock = await trx.insertInto('bonus_unlocks').values({ user_id: userId, artist_id: artistId, milestone, unlocked_at: now })
      .onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
    if (!unlock) return false;
    await assignCodes(trx, await codeListsOf(trx, { artist: artistId, milestone }), unlock.id, now);
    const to = await trx.selectFrom('users').select(['email', 'lang']).where('id', '=', userId).executeTakeFirstOrThrow();
    const mail = renderMilestoneMail(to, artistName, milestone, { brand: ctx.mailer.brand, origin: ctx.publicOrigin });
    await enqueueMails(trx, [{ key: `bonus-milestone:${userId}:${artistId}:${milestone}`, kind: 'bonus', userId, historyId: null, mail }], now);
    return true;
  });
}
