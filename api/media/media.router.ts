import { createHash } from 'node:crypto';
import { Router } from 'express';
import type { ApiContext } from '../context.ts';
import { NotFoundError } from '../http/errors.ts';

const MEDIA = { ja: '画像', en: 'Image' };
const PATH = /^[a-z0-9][a-z0-9/_.-]*$/;

/** Generated art (artist icons, covers, banners) lives in the database and is served from here. */
export function mediaRouter(ctx: ApiContext): Router {
  const router = Router();
  router.get('/{*path}', async (req, res) => {
    const path = req.path.slice(1);
    if (!PATH.test(path) || path.includes('..')) throw new NotFoundError(MEDIA);
    const row = await ctx.db.selectFrom('media').select(['content_type', 'body']).where('path', '=', path).executeTakeFirst();
    if (!row) throw new NotFoundError(MEDIA);
    const body = Buffer.from(row.body);
    res.set({
      'content-type': row.content_type,
      // A console upload is named by its content's hash (api/catalogue/image-upload.ts): it never changes.
      'cache-control': path.startsWith('uploads/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(body);
  });
  return router;
}
