import { Router } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { IdParam, plainInt } from '../http/schemas.ts';
import { parseInput } from '../http/validate.ts';
import * as news from './news.service.ts';

const ListQuery = z.object({ limit: plainInt(1, 100).default(50) }).strict();
const DetailParams = z.object({ newsId: IdParam });
// docs/spec.md §7 names a `user` query on the detail call; it is accepted (a user id) and not needed to answer.
const DetailQuery = z.object({ user: IdParam.optional() }).strict();

export function newsRouter(ctx: ApiContext): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const { limit } = parseInput(ListQuery, req.query, 'query');
    res.json(await news.listNews(ctx.db, limit, ctx.now()));
  });

  router.get('/:newsId', async (req, res) => {
    const { newsId } = parseInput(DetailParams, req.params, 'path');
    parseInput(DetailQuery, req.query, 'query');
    res.json(await news.getNews(ctx.db, newsId, ctx.now()));
  });

  return router;
}
