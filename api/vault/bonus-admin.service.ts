import sharp from 'sharp';
import type { StaffBonus, StaffBonusList } from '../../shared/api/vault.ts';
import type { Text } from '../../shared/text.ts';
import {
  BONUS_CODES_MAX, BONUS_FILE_MAX_BYTES, BONUS_IMAGE_MAX_PIXELS, BONUS_IMAGE_MAX_SIDE, BONUSES_PER_OWNER_MAX, parseCodeList, sniffBonusFile, VAULT_MESSAGES, type BonusKind,
} from '../../shared/vault.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { BadRequestError, DomainError, NotFoundError } from '../http/errors.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import * as repo from './bonus-admin.repository.ts';
import { fillWaitingCodes } from './codes.ts';
import type { BonusOwner } from './bonus-admin.repository.ts';

const BONUS = { ja: '特典', en: 'Bonus' };
const refused = (field: string, text: Text) => new BadRequestError(text, { [field]: text });

/** The round's or the artist's 特典, each with who opened it, its downloads and, for codes, what is left. */
export async function listBonuses(db: Db, owner: BonusOwner): Promise<StaffBonusList> {
  const head = await ownerOf(db, owner);
  const rows = await repo.findBonuses(db, owner);
  const ids = rows.map((r) => r.id);
  const [downloads, codes, roundUnlocks, milestoneUnlocks] = await Promise.all([
    repo.downloadsOf(db, ids), repo.codeCountsOf(db, ids),
    'round' in owner ? repo.countRoundUnlocks(db, owner.round) : Promise.resolve(0),
    'artist' in owner ? repo.countMilestoneUnlocks(db, owner.artist) : Promise.resolve(new Map<number, number>()),
  ]);
  const bonuses = rows.map((row): StaffBonus => {
    const unlocked = row.milestone === null ? roundUnlocks : (milestoneUnlocks.get(row.milestone) ?? 0);
    const count = codes.get(row.id) ?? { total: 0, given: 0 };
    return {
      id: row.id, kind: row.kind as BonusKind, name: row.name, milestone: row.milestone, bytes: row.bytes, contentType: row.content_type,
      createdAt: new Date(row.created_at).toISOString(), unlocked, downloads: downloads.get(row.id) ?? 0,
      codes: row.kind === 'codes' ? { ...count, left: count.total - count.given, shortfall: Math.max(0, unlocked - count.given) } : null,
    };
  });
  return { owner: head, bonuses };
}

async function ownerOf(db: Db, owner: BonusOwner): Promise<StaffBonusList['owner']> {
  if ('round' in owner) {
    const round = await repo.findRoundOwner(db, owner.round);
    if (!round) throw new NotFoundError({ ja: '回', en: 'Round' });
    return { kind: 'round', id: round.id, name: round.name, artistName: round.artist_name };
  }
  const artist = await repo.findArtistOwner(db, owner.artist);
  if (!artist) throw new NotFoundError({ ja: 'アーティスト', en: 'Artist' });
  return { kind: 'artist', id: artist.id, name: artist.name };
}

/**
 * Checks the file by its content (the name and the header say nothing), bounds it, and re-encodes
 * a picture no larger than BONUS_IMAGE_MAX_SIDE in its own format (metadata goes, the EXIF
 * rotation is applied). Audio and PDF are kept as sent.
 */
async function prepareFile(bytes: Buffer): Promise<{ kind: BonusKind; contentType: string; body: Buffer }> {
  if (bytes.byteLength === 0) throw refused('file', VAULT_MESSAGES.missingFile);
  if (bytes.byteLength > BONUS_FILE_MAX_BYTES) throw refused('file', VAULT_MESSAGES.tooLarge);
  const type = sniffBonusFile(bytes);
  if (!type) throw refused('file', VAULT_MESSAGES.badType);
  if (type.kind !== 'image') return { kind: type.kind, contentType: type.contentType, body: bytes };
  try {
    const format = type.extension === 'jpg' ? 'jpeg' : (type.extension as 'png' | 'webp');
    const body = await sharp(bytes, { limitInputPixels: BONUS_IMAGE_MAX_PIXELS, failOn: 'error' }).rotate()
      .resize({ width: BONUS_IMAGE_MAX_SIDE, height: BONUS_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toFormat(format).toBuffer();
    return { kind: 'image', contentType: type.contentType, body };
  } catch {
    // A header that reads as a picture over a body that does not decode.
    throw refused('file', VAULT_MESSAGES.badType);
  }
}

/** Adds a file or a code list to its owner, bounded per owner, audited in the same transaction. */
export async function addBonus(ctx: ApiContext, actor: AuditActor, owner: BonusOwner, input: { name: string } & ({ file: Buffer } | { codes: string })): Promise<StaffBonus> {
  const item = 'file' in input ? await prepareFile(input.file) : null;
  const codes = 'codes' in input ? parseCodeList(input.codes) : null;
  if (codes && 'error' in codes) throw refused('codes', codes.error);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, owner);
    if ((await repo.countBonuses(trx, owner)) >= BONUSES_PER_OWNER_MAX) throw refused('file' in input ? 'file' : 'codes', VAULT_MESSAGES.tooManyItems);
    const kind = item?.kind ?? 'codes';
    const bonusId = await repo.insertBonus(trx, {
      owner, kind, name: input.name, contentType: item?.contentType ?? null, body: item?.body ?? null, staffId: actor.staffId, now: ctx.now(),
    });
    if (codes && 'codes' in codes) await repo.insertCodes(trx, bonusId, codes.codes);
    const after = { ...owner, kind, name: input.name, bytes: item?.body.byteLength ?? 0, codes: codes && 'codes' in codes ? codes.codes.length : undefined };
    await writeAudit(trx, actor, { action: 'catalogue.bonus.add', outcome: 'success', targetType: 'bonus', targetId: bonusId, after }, ctx.now());
    return bonusId;
  });
  const listed = await listBonuses(ctx.db, owner);
  return listed.bonuses.find((b) => b.id === id)!;
}

/**
 * More codes for a list that ran out (or is running out): each new one unique in the list, the
 * list's bound kept; the fans waiting for a code get one at once (codes.ts `fillWaitingCodes`).
 */
export async function appendCodes(ctx: ApiContext, actor: AuditActor, id: number, text: string): Promise<StaffBonus> {
  const parsed = parseCodeList(text);
  if ('error' in parsed) throw refused('codes', parsed.error);
  const owner = await ctx.db.transaction().execute(async (trx) => {
    const bonus = await repo.findBonusForUpdate(trx, id);
    if (!bonus) throw new NotFoundError(BONUS);
    if (bonus.kind !== 'codes') throw refused('id', { ja: 'シリアルコードの特典ではありません。', en: 'This bonus is not a code list.' });
    const taken = await repo.findCodesIn(trx, id, parsed.codes);
    if (taken.length > 0) throw refused('codes', { ja: `すでにあるコードです: ${taken[0]}`, en: `This code is already in the list: ${taken[0]}` });
    if ((await repo.countCodes(trx, id)) + parsed.codes.length > BONUS_CODES_MAX) throw refused('codes', VAULT_MESSAGES.tooManyCodes);
    await repo.insertCodes(trx, id, parsed.codes);
    await writeAudit(trx, actor, { action: 'catalogue.bonus.codes', outcome: 'success', targetType: 'bonus', targetId: id, after: { added: parsed.codes.length } }, ctx.now());
    return bonus.plan_order_id !== null ? { round: bonus.plan_order_id } : { artist: bonus.artist_id!, milestone: bonus.milestone! };
  });
  await fillWaitingCodes(ctx.db, ctx.now());
  return (await listBonuses(ctx.db, owner)).bonuses.find((b) => b.id === id)!;
}

/** Two uploads at once cannot pass the bound together: the owner's row is locked first. */
async function lockOwner(trx: Db, owner: BonusOwner): Promise<void> {
  const found = 'round' in owner
    ? await trx.selectFrom('plan_orders').select('id').where('id', '=', owner.round).forUpdate().executeTakeFirst()
    : await trx.selectFrom('artists').select('id').where('id', '=', owner.artist).forUpdate().executeTakeFirst();
  if (!found) throw new NotFoundError('round' in owner ? { ja: '回', en: 'Round' } : { ja: 'アーティスト', en: 'Artist' });
}

/** Deletes an item nobody has opened yet; one a fan holds is refused (409, audited as refused). */
export async function removeBonus(ctx: ApiContext, actor: AuditActor, id: number): Promise<void> {
  const refusal = await ctx.db.transaction().execute(async (trx) => {
    const bonus = await repo.findBonusForUpdate(trx, id);
    if (!bonus) throw new NotFoundError(BONUS);
    const unlocked = bonus.plan_order_id !== null
      ? await repo.countRoundUnlocks(trx, bonus.plan_order_id)
      : ((await repo.countMilestoneUnlocks(trx, bonus.artist_id!)).get(bonus.milestone!) ?? 0);
    const entry = { action: 'catalogue.bonus.delete' as const, targetType: 'bonus', targetId: id, before: { name: bonus.name, kind: bonus.kind, unlocked } };
    if (unlocked > 0) return entry;
    await repo.deleteBonus(trx, id);
    await writeAudit(trx, actor, { ...entry, outcome: 'success' }, ctx.now());
    return null;
  });
  if (!refusal) return;
  await writeAudit(ctx.db, actor, { ...refusal, outcome: 'refused' }, ctx.now());
  throw new DomainError(409, 'CONFLICT', VAULT_MESSAGES.unlocked, { id: VAULT_MESSAGES.unlocked });
}
