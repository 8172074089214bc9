import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUE_MEDIA_LIMITS, mediaTypeOf, type CatalogueMediaFile } from '../../api/ops/catalogue-media.ts';
import { isCatalogueImage } from '../../shared/catalogue-import-schema.ts';

/** Every `/api/media/…` string anywhere in the file (icon, coverImage, goods and banner images). */
function mediaUrlsIn(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === 'string' && isCatalogueImage(value)) found.add(value);
  else if (Array.isArray(value)) for (const item of value) mediaUrlsIn(item, found);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) mediaUrlsIn(item, found);
  return found;
}

/**
 * The pictures a catalogue file brings: for each `/api/media/<path>` it names, the file
 * `media/<path>` next to it, if there is one (docs/examples/media/). A picture that is neither
 * there nor already in the shop is the import's warning, which says where to put it. A file that
 * is not JSON brings nothing: the import reports it with its problem.
 */
export function catalogueMediaFiles(jsonPath: string, text: string): CatalogueMediaFile[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const folder = path.join(path.dirname(jsonPath), 'media');
  const files: CatalogueMediaFile[] = [];
  for (const url of mediaUrlsIn(parsed, new Set())) {
    const mediaPath = url.slice('/api/media/'.length);
    const file = path.join(folder, ...mediaPath.split('/'));
    // Bigger files go as they are: the import refuses them with their name.
    if (!mediaTypeOf(mediaPath) || !existsSync(file) || statSync(file).size > 2 * CATALOGUE_MEDIA_LIMITS.bytes) continue;
    files.push({ path: mediaPath, base64: readFileSync(file).toString('base64') });
  }
  return files;
}
