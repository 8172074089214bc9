import type { DownloadLink, FanBonus, UserVault, VaultMilestones } from '../../shared/api/vault.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { milestonesOf, type BonusKind } from '../../shared/vault.ts';
import type { ApiContext } from '../context.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { streaksOf } from '../order-history/tenure.ts';
import { signDownload, vaultKeyOf } from './download-link.ts';
import { unlockDueBonuses } from './unlock.ts';
import * as repo from './vault.repository.ts';

const ITEM = { ja: '特典', en: 'Bonus' };
const labelOf = (shipDate: Date) => issueLabel({ shipDate: shipDate.toISOString() });

type ItemRow = Awaited<ReturnType<typeof repo.findItems>>[number];

function fanItem(item: ItemRow, unlockId: number, codes: Map<string, string>): FanBonus {
  const base = { id: item.id, kind: item.kind as BonusKind, name: item.name, bytes: item.bytes };
  return item.kind === 'codes' ? { ...base, code: codes.get(`${unlockId}:${item.id}`) ?? null } : base;
}

/**
 * The signed-in fan's vault: first whatever is due for them is opened (the same pass the
 * scheduler runs, for this fan), so the page never lags the rule; then each opened box with its
 * items and codes, each box still on its way without item names, and the milestones.
 */
export async function readVault(ctx: ApiContext, userId: number): Promise<UserVault> {
  await unlockDueBonuses(ctx, userId);
  const [opened, locked, milestoneUnlocks, defined, { streaks, artists }] = await Promise.all([
    repo.findOpenedBoxes(ctx.db, userId), repo.findLockedBoxes(ctx.db, userId), repo.findMilestoneUnlocks(ctx.db, userId),
    repo.findDefinedMilestones(ctx.db), streaksOf(ctx.db, userId, ctx.now()),
  ]);
  const artistIds = [...new Set(defined.map((d) => d.artist_id!))];
  const [items, codeRows] = await Promise.all([
    repo.findItems(ctx.db, [...new Set(opened.map((b) => b.plan_order_id))], artistIds),
    repo.findCodes(ctx.db, [...opened.map((b) => b.unlock_id), ...milestoneUnlocks.map((m) => m.unlock_id)]),
  ]);
  const codes = new Map(codeRows.map((c) => [`${c.unlock_id}:${c.bonus_id}`, c.code]));
  const boxes = opened.map((box) => ({
    historyId: box.history_id!, artist: { name: box.artist_name, slug: box.artist_slug }, label: labelOf(box.ship_date),
    unlockedAt: new Date(box.unlocked_at).toISOString(),
    items: items.filter((i) => i.plan_order_id === box.plan_order_id).map((i) => fanItem(i, box.unlock_id, codes)),
  }));
  const milestones: VaultMilestones[] = artistIds.flatMap((artistId) => {
    const streak = streaks.find((s) => s.artistId === artistId)?.rounds ?? 0;
    const reached = milestoneUnlocks.filter((m) => m.artist_id === artistId);
    const artist = artists.get(artistId);
    if (!artist || (streak === 0 && reached.length === 0)) return [];
    return [{
      artist, streak, next: milestonesOf(streak, defined.filter((d) => d.artist_id === artistId).map((d) => d.milestone!)).next,
      reached: reached.map((m) => ({
        rounds: m.milestone!, unlockedAt: new Date(m.unlocked_at).toISOString(),
        items: items.filter((i) => i.artist_id === artistId && i.milestone === m.milestone).map((i) => fanItem(i, m.unlock_id, codes)),
      })),
    }];
  });
  return {
    boxes, milestones,
    locked: locked.map((box) => ({ historyId: box.id, artist: { name: box.artist_name, slug: box.artist_slug }, label: labelOf(box.ship_date) })),
  };
}

/** A five-minute link to one file the fan holds; anything else is not found (nothing says it exists). */
export async function createDownloadLink(ctx: ApiContext, userId: number, bonusId: number): Promise<DownloadLink> {
  const item = await repo.findHeldItem(ctx.db, userId, bonusId);
  if (!item) throw new NotFoundError(ITEM);
  if (item.kind === 'codes') throw new DomainError(400, 'BAD_REQUEST', { ja: 'シリアルコードはダウンロードできません。', en: 'A serial code is not a download.' }, { id: ITEM });
  const { token, expiresAt } = signDownload(await vaultKeyOf(ctx.db), userId, bonusId, ctx.now());
  return { url: `/api/vault/download?t=${token}`, expiresAt: expiresAt.toISOString() };
}
