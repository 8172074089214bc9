import type { Transaction } from 'kysely';
import { z } from 'zod';
import * as repo from './catalogue-import.repository.ts';
import type { CatalogueProblem } from '../../shared/catalogue-import-problems.ts';
import { isCatalogueImage } from '../../shared/catalogue-import-schema.ts';
import type { DB } from '../db/schema.ts';

/**
 * The pictures a catalogue file brings: the file names `/api/media/<path>` and the command line
 * sends the file `media/<path>` found next to it (scripts/ops/catalogue-media-files.ts); the import
 * stores each as the media row the API serves at that URL, in the catalogue's transaction.
 */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp',
};

export const CATALOGUE_MEDIA_LIMITS = { files: 200, bytes: 1_000_000 } as const;

export const CatalogueMediaSchema = z.array(z.strictObject({
  path: z.string().max(300),
  base64: z.string().max(Math.ceil(CATALOGUE_MEDIA_LIMITS.bytes / 3) * 4),
})).max(CATALOGUE_MEDIA_LIMITS.files);

export type CatalogueMediaFile = z.infer<typeof CatalogueMediaSchema>[number];

/** The content type a picture is served with, from its name; undefined for anything else. */
export function mediaTypeOf(path: string): string | undefined {
  return MEDIA_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()];
}

/** A picture the import refuses: a path no page could show, a kind of file that is no picture, or too big. */
export function mediaProblems(media: readonly CatalogueMediaFile[]): CatalogueProblem[] {
  return media.flatMap((file, i): CatalogueProblem[] => {
    const where = `media[${i}]`;
    if (!isCatalogueImage(`/api/media/${file.path}`) || !mediaTypeOf(file.path)) {
      return [{ path: where, message: { ja: `画像 ${file.path} は svg・png・jpg・webp のファイル名にしてください。`, en: `Image ${file.path} must be an svg, png, jpg or webp file name.` } }];
    }
    if (Buffer.from(file.base64, 'base64').byteLength > CATALOGUE_MEDIA_LIMITS.bytes) {
      return [{ path: where, message: { ja: `画像 ${file.path} は1MB以下にしてください。`, en: `Image ${file.path} is over 1 MB.` } }];
    }
    return [];
  });
}

/** Stores each picture (upsert by path), counting what changed. */
export async function storeMedia(trx: Transaction<DB>, media: readonly CatalogueMediaFile[]) {
  const counts = { inserted: 0, updated: 0, unchanged: 0, deleted: 0 };
  for (const file of media) {
    const body = Buffer.from(file.base64, 'base64');
    const contentType = mediaTypeOf(file.path) ?? 'application/octet-stream';
    const row = await repo.findMedia(trx, file.path);
    if (row && row.content_type === contentType && Buffer.from(row.body).equals(body)) {
      counts.unchanged += 1;
      continue;
    }
    await repo.saveMedia(trx, { path: file.path, content_type: contentType, body });
    counts[row ? 'updated' : 'inserted'] += 1;
  }
  return counts;
}
