import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageKind, UploadedImage } from '../../shared/api/catalogue-admin.ts';
import { IMAGE_MESSAGES, IMAGE_SIZES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../shared/catalogue-images.ts';
import type { ApiContext } from '../context.ts';
import { BadRequestError } from '../http/errors.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';

/** What the content says it is, whatever the file's name or the request's header claimed. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
const refused = (text: { ja: string; en: string }) => new BadRequestError(text, { file: text });

/**
 * Decodes the bytes (the type is the decoder's verdict), then re-encodes them as WebP at the
 * kind's size: metadata goes, an EXIF rotation is applied, nothing of the original is served.
 */
async function reencode(bytes: Buffer, kind: ImageKind): Promise<{ body: Buffer; width: number; height: number }> {
  if (bytes.byteLength === 0) throw refused(IMAGE_MESSAGES.missing);
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw refused(IMAGE_MESSAGES.tooLarge);
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const };
  const format = await sharp(bytes, options).metadata().then((m) => m.format, () => undefined);
  if (!format || !ACCEPTED_FORMATS.has(format)) throw refused(IMAGE_MESSAGES.notImage);
  const size = IMAGE_SIZES[kind];
  try {
    const { data, info } = await sharp(bytes, options).rotate()
      .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: true })
      .webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    return { body: data, width: info.width, height: info.height };
  } catch {
    // A header that reads as PNG over a body that does not decode.
    throw refused(IMAGE_MESSAGES.notImage);
  }
}

/**
 * Stores the picture as a media row whose name is its content's hash, so its URL never changes
 * meaning and is served with immutable caching (api/media/media.router.ts). The same picture
 * uploaded twice is one row. The audit row goes in the same transaction.
 */
export async function storeUpload(ctx: ApiContext, actor: AuditActor, kind: ImageKind, bytes: Buffer, name = ''): Promise<UploadedImage> {
  const { body, width, height } = await reencode(bytes, kind);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
  const path = `uploads/${kind}/${hash}.webp`;
  const image: UploadedImage = { url: `/api/media/${path}`, width, height, bytes: body.byteLength, contentType: 'image/webp' };
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('media').values({ path, content_type: image.contentType, body, name }).onConflict((oc) => oc.column('path').doNothing()).execute();
    await writeAudit(trx, actor, { action: 'catalogue.image.upload', outcome: 'success', targetType: 'media', targetId: path, after: { kind, name, ...image, originalBytes: bytes.byteLength } }, ctx.now());
  });
  return image;
}
