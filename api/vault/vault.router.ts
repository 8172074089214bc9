import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { href } from '../../shared/routes.ts';
import type { Text } from '../../shared/text.ts';
import { VAULT_MESSAGES } from '../../shared/vault.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { IdParam } from '../http/schemas.ts';
import { parseInput } from '../http/validate.ts';
import { escapeHtml } from '../mail/mail-templates.ts';
import { findSessionUser } from '../session/session.service.ts';
import { sessionToken } from '../session/session-cookie.ts';
import { requireUser } from '../session/require-user.ts';
import { checkDownload, vaultKeyOf } from './download-link.ts';
import { countDownload, findHeldItem, findItemBody } from './vault.repository.ts';
import { createDownloadLink, readVault } from './vault.service.ts';

const NoQuery = z.strictObject({});
const EmptyBody = z.strictObject({});
const ItemParams = z.strictObject({ id: IdParam });
const DownloadQuery = z.strictObject({ t: z.string().max(200) });
const privately = (res: Response) => res.set('cache-control', 'private, no-store');

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'application/pdf': 'pdf',
  'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'audio/wav': 'wav', 'audio/ogg': 'ogg', 'audio/flac': 'flac',
};

/**
 * A refused link: for a browser (a fan who clicked it) a small plain page in both languages with
 * the way back; for an API client the API's one error shape.
 */
function refuse(req: Request, res: Response, status: 403 | 410, text: Text): void {
  if (req.accepts(['json', 'html']) !== 'html') throw new DomainError(status, status === 410 ? 'GONE' : 'FORBIDDEN', text);
  const back = href('vault');
  privately(res).status(status).type('html').send(`<!doctype html><html lang="ja"><meta charset="utf-8"><meta name="viewport" content="width=device-width">`
    + `<title>${escapeHtml(text.ja)}</title><p>${escapeHtml(text.ja)}</p><p lang="en">${escapeHtml(text.en)}</p>`
    + `<p><a href="${back}">特典のページへ / Your bonuses</a></p></html>`);
}

/** `attachment`, with the item's own name for browsers that read RFC 5987 and a plain one for the rest. */
function dispositionOf(id: number, name: string, contentType: string): string {
  const ext = EXTENSIONS[contentType] ?? 'bin';
  return `attachment; filename="bonus-${id}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${name}.${ext}`)}`;
}

/**
 * The fan's 特典 (issue 33): GET /api/vault, POST /api/vault/items/:id/link (a five-minute signed
 * link), GET /api/vault/download?t=… (the file, to the fan the link names, signed in).
 */
export function vaultRouter(ctx: ApiContext): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const user = await requireUser(ctx, req);
    privately(res).json(await readVault(ctx, user.id));
  });
  router.post('/items/:id/link', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const { id } = parseInput(ItemParams, req.params, 'path');
    parseInput(EmptyBody, req.body ?? {}, 'body');
    const user = await requireUser(ctx, req);
    privately(res).status(201).json(await createDownloadLink(ctx, user.id, id));
  });
  router.get('/download', async (req, res) => {
    const { t } = parseInput(DownloadQuery, req.query, 'query');
    const check = checkDownload(await vaultKeyOf(ctx.db), t, ctx.now());
    if (!check.ok) return refuse(req, res, check.reason === 'expired' ? 410 : 403, check.reason === 'expired' ? VAULT_MESSAGES.linkExpired : VAULT_MESSAGES.linkRefused);
    const user = await findSessionUser(ctx.db, sessionToken(req), ctx.now());
    const held = user?.id === check.userId ? await findHeldItem(ctx.db, check.userId, check.bonusId) : undefined;
    const file = held && held.kind !== 'codes' ? await findItemBody(ctx.db, check.bonusId) : undefined;
    if (!file?.body || !file.content_type) return refuse(req, res, 403, VAULT_MESSAGES.linkRefused);
    await countDownload(ctx.db, check.userId, check.bonusId, ctx.now());
    privately(res).set({
      'content-type': file.content_type,
      'content-disposition': dispositionOf(check.bonusId, file.name, file.content_type),
      'x-content-type-options': 'nosniff',
    }).send(Buffer.from(file.body));
  });
  return router;
}
