import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { BONUS_CODES_MAX, BONUS_CODE_MAX_LENGTH, BONUS_FILE_MAX_BYTES, BONUS_NAME_MAX, MILESTONE_MAX, VAULT_MESSAGES } from '../../shared/vault.ts';
import type { ApiContext } from '../context.ts';
import { BadRequestError } from '../http/errors.ts';
import { IdParam, plainInt } from '../http/schemas.ts';
import { parseInput } from '../http/validate.ts';
import { actorOf } from '../staff/audit.service.ts';
import { staffOf } from '../staff/require-staff.ts';
import type { BonusOwner } from './bonus-admin.repository.ts';
import { addBonus, appendCodes, listBonuses, removeBonus } from './bonus-admin.service.ts';

const noStore = { 'cache-control': 'private, no-store' };
const Name = z.string().trim().min(1, VAULT_MESSAGES.badName.en).max(BONUS_NAME_MAX, VAULT_MESSAGES.badName.en);
const Milestone = plainInt(1, MILESTONE_MAX);

const OwnerQuery = { round: IdParam.optional(), artist: IdParam.optional(), milestone: Milestone.optional() };
const FileQuery = z.strictObject({ ...OwnerQuery, name: Name });
const ListQuery = z.strictObject({ round: IdParam.optional(), artist: IdParam.optional() });
const CodesBody = z.strictObject({
  round: z.number().int().min(1).optional(), artist: z.number().int().min(1).optional(), milestone: z.number().int().min(1).max(MILESTONE_MAX).optional(),
  name: Name, codes: z.string().max(BONUS_CODES_MAX * (BONUS_CODE_MAX_LENGTH + 2)),
});
const IdParams = z.strictObject({ id: IdParam });
const AppendBody = z.strictObject({ codes: z.string().max(BONUS_CODES_MAX * (BONUS_CODE_MAX_LENGTH + 2)) });
const NoQuery = z.strictObject({});

const OWNER_TEXT = { ja: '回（round）かアーティスト（artist）のどちらか一方を指定してください。', en: 'Name either a round or an artist, not both.' };

/** A round's 特典, or an artist's milestone 特典 (with its milestone when adding): never both. */
function ownerOf(input: { round?: number; artist?: number; milestone?: number }, adding: boolean): BonusOwner {
  if (input.round !== undefined && input.artist === undefined && input.milestone === undefined) return { round: input.round };
  if (input.artist !== undefined && input.round === undefined) {
    if (adding && input.milestone === undefined) throw new BadRequestError(VAULT_MESSAGES.badMilestone, { milestone: VAULT_MESSAGES.badMilestone });
    return { artist: input.artist, milestone: input.milestone };
  }
  throw new BadRequestError(OWNER_TEXT, { round: OWNER_TEXT });
}

/**
 * The console's 特典 under /api/staff/bonuses (issue 33), the catalogue role's: GET ?round= or
 * ?artist= lists them with their figures, POST adds a code list, POST /:id/codes adds codes to
 * one, DELETE /:id removes one
 * no fan has opened.
 */
export function bonusAdminRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  router.get('/', guard, async (req, res) => {
    const query = parseInput(ListQuery, req.query, 'query');
    res.set(noStore).json(await listBonuses(ctx.db, ownerOf(query, false)));
  });
  router.post('/', guard, async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const { name, codes, ...owner } = parseInput(CodesBody, req.body, 'body');
    res.status(201).set(noStore).json(await addBonus(ctx, actorOf(req, staffOf(res)), ownerOf(owner, true), { name, codes }));
  });
  router.post('/:id/codes', guard, async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const { id } = parseInput(IdParams, req.params, 'path');
    const { codes } = parseInput(AppendBody, req.body, 'body');
    res.status(201).set(noStore).json(await appendCodes(ctx, actorOf(req, staffOf(res)), id, codes));
  });
  router.delete('/:id', guard, async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const { id } = parseInput(IdParams, req.params, 'path');
    await removeBonus(ctx, actorOf(req, staffOf(res)), id);
    res.status(204).end();
  });
  return router;
}

/** A body longer than the bound is the `file` field's 400 before a byte is read; one that lies about its length, a 413. */
const boundedFile: RequestHandler = (req, _res, next) => {
  if (Number(req.get('content-length') ?? 0) > BONUS_FILE_MAX_BYTES) next(new BadRequestError(VAULT_MESSAGES.tooLarge, { file: VAULT_MESSAGES.tooLarge }));
  else next();
};

/**
 * POST /api/staff/bonus-files?round=…&name=… (or ?artist=…&milestone=…&name=…): the file's bytes
 * as the body, mounted ahead of the staff API's JSON-only rule like the picture upload. The
 * session and role are checked before a byte is read; the body stays in memory.
 */
export function bonusFileRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  router.post('/', guard, boundedFile, express.raw({ type: () => true, limit: BONUS_FILE_MAX_BYTES }), async (req, res) => {
    const { name, ...owner } = parseInput(FileQuery, req.query, 'query');
    const file = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.status(201).set(noStore).json(await addBonus(ctx, actorOf(req, staffOf(res)), ownerOf(owner, true), { name, file }));
  });
  return router;
}
