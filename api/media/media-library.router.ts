import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { MEDIA_MAX_PAGE, MEDIA_PATH_TEXT } from '../../shared/api/media-library.ts';
import type { ApiContext } from '../context.ts';
import { plainInt } from '../http/schemas.ts';
import { parseInput } from '../http/validate.ts';
import { actorOf } from '../staff/audit.service.ts';
import { staffOf } from '../staff/require-staff.ts';
import { listMedia, removeMedia } from './media-library.service.ts';

const PageQuery = z.strictObject({ page: plainInt(1, MEDIA_MAX_PAGE).default(1) });
// The paths media.router.ts serves; the API's own names (uploads/<kind>/<hash>.webp, the seed's).
const PathQuery = z.strictObject({
  path: z.string().max(300).regex(/^[a-z0-9][a-z0-9/_.-]*$/, MEDIA_PATH_TEXT.en).refine((path) => !path.includes('..'), MEDIA_PATH_TEXT.en),
});

/**
 * The console's media library under /api/staff/media (issue 32): GET lists the pictures with
 * where each is used; DELETE ?path=… removes one nothing uses. `guard` is the catalogue role's.
 */
export function mediaLibraryRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  router.get('/', guard, async (req, res) => {
    const { page } = parseInput(PageQuery, req.query, 'query');
    res.set('cache-control', 'private, no-store').json(await listMedia(ctx, page));
  });
  router.delete('/', guard, async (req, res) => {
    const { path } = parseInput(PathQuery, req.query, 'query');
    await removeMedia(ctx, actorOf(req, staffOf(res)), path);
    res.status(204).end();
  });
  return router;
}
