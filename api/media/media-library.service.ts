import { MEDIA_PAGE_SIZE, MEDIA_URL_PREFIX, mediaInUseText, type MediaImage, type MediaPage, type MediaUse, type MediaUseKind } from '../../shared/api/media-library.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { deleteMedia, findMedia, findMediaPage, findMediaUses } from './media-library.repository.ts';

const PICTURE = { ja: '画像', en: 'Picture' };

/** Where each of `urls` is used, by URL. */
async function usesByUrl(db: Db, urls: string[]): Promise<Map<string, MediaUse[]>> {
  const byUrl = new Map<string, MediaUse[]>();
  for (const row of await findMediaUses(db, urls)) {
    const uses = byUrl.get(row.url) ?? [];
    uses.push({ kind: row.kind as MediaUseKind, id: row.id, label: row.label });
    byUrl.set(row.url, uses);
  }
  return byUrl;
}

/** One page of the library, newest first, each picture with the catalogue rows that show it. */
export async function listMedia(ctx: ApiContext, page: number): Promise<MediaPage> {
  const rows = await findMediaPage(ctx.db, (page - 1) * MEDIA_PAGE_SIZE, MEDIA_PAGE_SIZE + 1);
  const shown = rows.slice(0, MEDIA_PAGE_SIZE);
  const uses = await usesByUrl(ctx.db, shown.map((row) => MEDIA_URL_PREFIX + row.path));
  const images: MediaImage[] = shown.map((row) => ({
    path: row.path, url: MEDIA_URL_PREFIX + row.path, name: row.name, contentType: row.content_type, bytes: Number(row.bytes),
    uploadedAt: new Date(row.updated_at).toISOString(), usedBy: uses.get(MEDIA_URL_PREFIX + row.path) ?? [],
  }));
  return { images, page, hasNext: rows.length > MEDIA_PAGE_SIZE };
}

/**
 * Deletes a picture nothing in the catalogue shows; one that is shown is refused (409), naming
 * where, and the refusal is audited too. The row is locked while its uses are read.
 */
export async function removeMedia(ctx: ApiContext, actor: AuditActor, path: string): Promise<void> {
  const refusal = await ctx.db.transaction().execute(async (trx) => {
    const found = await findMedia(trx, path);
    if (!found) throw new NotFoundError(PICTURE);
    const uses = (await usesByUrl(trx, [MEDIA_URL_PREFIX + path])).get(MEDIA_URL_PREFIX + path) ?? [];
    const entry = { action: 'catalogue.image.delete' as const, targetType: 'media', targetId: path };
    if (uses.length > 0) return { uses, entry };
    await deleteMedia(trx, path);
    await writeAudit(trx, actor, { ...entry, outcome: 'success', before: { name: found.name } }, ctx.now());
    return undefined;
  });
  if (!refusal) return;
  await writeAudit(ctx.db, actor, { ...refusal.entry, outcome: 'refused', before: { usedBy: refusal.uses } }, ctx.now());
  const text = mediaInUseText(refusal.uses);
  throw new DomainError(409, 'CONFLICT', text, { path: text });
}
