import { Router } from 'express';
import { z } from 'zod';
import { ARTIST_TYPES } from '../../shared/artist-types.ts';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { BooleanQuery, SlugParam, plainInt } from '../http/schemas.ts';
import * as artists from './artist.service.ts';

const ListQuery = z
  .object({
    isClose: BooleanQuery.default(false),
    limit: plainInt(1, 100).default(50),
    sort: z.enum(['sort', 'new']).default('sort'),
  })
  .strict();

const TagQuery = z.object({ isClose: BooleanQuery.optional() }).strict();
const TagParams = z.object({ tag: z.string().min(1).max(50).regex(/^[a-z0-9][a-z0-9_-]*$/) });

const CategoryQuery = z
  .object({
    artistType: z.enum(ARTIST_TYPES).optional(),
    sortId: plainInt(0).optional(),
  })
  .strict();

const DetailQuery = z.object({ state: z.enum(['open', 'all']).default('all') }).strict();
const DetailParams = z.object({ slug: SlugParam });

export function artistRouter(ctx: ApiContext): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const query = parseInput(ListQuery, req.query, 'query');
    res.json(await artists.listArtists(ctx.db, query, ctx.now()));
  });

  // Registered before '/:slug' so the fixed names are not read as slugs.
  router.get('/categoryArtist', async (req, res) => {
    const query = parseInput(CategoryQuery, req.query, 'query');
    res.json(await artists.listCategoryArtists(ctx.db, { artistType: query.artistType, afterSort: query.sortId }, ctx.now()));
  });

  router.get('/tag/:tag', async (req, res) => {
    const { tag } = parseInput(TagParams, req.params, 'path');
    const query = parseInput(TagQuery, req.query, 'query');
    res.json(await artists.listArtistsByTag(ctx.db, tag, query.isClose, ctx.now()));
  });

  router.get('/:slug', async (req, res) => {
    const { slug } = parseInput(DetailParams, req.params, 'path');
    const { state } = parseInput(DetailQuery, req.query, 'query');
    res.json(await artists.getArtistDetail(ctx.db, slug, state, ctx.now()));
  });

  return router;
}
