import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { CATALOGUE_MAX_PAGE, IMAGE_KINDS } from '../../shared/api/catalogue-admin.ts';
import { PUBLISH_INTENTS } from '../../shared/publish-state.ts';
import {
  ArtistInputSchema, BannerSchema, NewsSchema, PlanCreateSchema, PlanEditSchema, PriceChangeSchema, RoundGoodsSchema, RoundInputSchema,
} from '../../shared/catalogue-import-schema.ts';
import { MAX_IMAGE_BYTES } from '../../shared/catalogue-images.ts';
import { MEDIA_NAME_MAX } from '../../shared/api/media-library.ts';
import type { ApiContext } from '../context.ts';
import { plainInt } from '../http/schemas.ts';
import { parseInput } from '../http/validate.ts';
import { actorOf } from '../staff/audit.service.ts';
import { staffOf } from '../staff/require-staff.ts';
import { getArtist, listArtists, saveArtist } from './artist-admin.service.ts';
import { getBanner, getNews, listBanners, listNews, saveBanner, saveNews } from './content-admin.service.ts';
import { findCatalogueVersion } from './catalogue-version.repository.ts';
import { storeUpload } from './image-upload.ts';
import { deleteItem } from './delete-admin.service.ts';
import { createPlan, getPlan, listPlans, updatePlan } from './plan-admin.service.ts';
import { changePublishState, previewArtist } from './publish-admin.service.ts';
import { changePrice, previewPriceChange } from './price-change.service.ts';
import { createRound, getRound, saveGoods, updateRound } from './round-admin.service.ts';

const IdParams = z.strictObject({ id: plainInt(1, 2_147_483_647) });
const PageQuery = z.strictObject({ page: plainInt(1, CATALOGUE_MAX_PAGE).default(1) });
/** The artists' and banners' lists: `archived=1` lists the archived ones (hidden by default). */
const ListQuery = PageQuery.extend({ archived: z.enum(['0', '1']).default('0') });
const KIND_PATHS = { artists: 'artist', plans: 'plan', banners: 'banner', news: 'news' } as const;
const PublishSchema = z.strictObject({
  intent: z.enum(PUBLISH_INTENTS),
  publishAt: z.string().max(40).pipe(z.iso.datetime({ offset: true })).transform((v) => new Date(v)).optional(),
});
const NoQuery = z.strictObject({});
const PriceQuery = z.strictObject({ preTaxPrice: plainInt(0, 10_000_000) });
// `name`: the file's own name, shown in the media library (issue 32).
const ImageQuery = z.strictObject({ kind: z.enum(IMAGE_KINDS), name: z.string().max(MEDIA_NAME_MAX).optional() });

const noStore = { 'cache-control': 'private, no-store' };

/**
 * The console's catalogue under /api/staff/catalogue (issue 19): artists, plans, a plan's price
 * change, rounds and their goods, news and banners. `guard` is `requireStaff(ctx, 'catalogue.write')`: on each route (a wrong method stays
 * a 405), before any input is read.
 */
export function catalogueRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  const actor = (req: express.Request, res: express.Response) => actorOf(req, staffOf(res));

  router.get('/artists', guard, async (req, res) => {
    const { page, archived } = parseInput(ListQuery, req.query, 'query');
    res.set(noStore).json(await listArtists(ctx, page, archived === '1'));
  });
  router.post('/artists', guard, async (req, res) => {
    const input = parseInput(ArtistInputSchema, req.body, 'body');
    res.status(201).set(noStore).json({ artist: await saveArtist(ctx, actor(req, res), input) });
  });
  router.get('/artists/:id', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    res.set(noStore).json({ artist: await getArtist(ctx, id), plans: await listPlans(ctx, id) });
  });
  router.put('/artists/:id', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const input = parseInput(ArtistInputSchema, req.body, 'body');
    res.set(noStore).json({ artist: await saveArtist(ctx, actor(req, res), input, id) });
  });
  router.post('/artists/:id/plans', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const input = parseInput(PlanCreateSchema, req.body, 'body');
    res.status(201).set(noStore).json({ plan: await createPlan(ctx, actor(req, res), id, input) });
  });
  router.get('/plans/:id', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    parseInput(NoQuery, req.query, 'query');
    res.set(noStore).json({ plan: await getPlan(ctx.db, id) });
  });
  router.put('/plans/:id', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const input = parseInput(PlanEditSchema, req.body, 'body');
    res.set(noStore).json({ plan: await updatePlan(ctx, actor(req, res), id, input) });
  });
  router.get('/plans/:id/price', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const { preTaxPrice } = parseInput(PriceQuery, req.query, 'query');
    res.set(noStore).json(await previewPriceChange(ctx, id, preTaxPrice));
  });
  router.post('/plans/:id/price', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const input = parseInput(PriceChangeSchema, req.body, 'body');
    res.set(noStore).json(await changePrice(ctx, actor(req, res), id, input));
  });
  router.post('/plans/:id/rounds', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const input = parseInput(RoundInputSchema, req.body, 'body');
    res.status(201).set(noStore).json({ round: await createRound(ctx, actor(req, res), id, input) });
  });
  router.get('/rounds/:id', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    res.set(noStore).json({ round: await getRound(ctx.db, id) });
  });
  router.put('/rounds/:id', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const input = parseInput(RoundInputSchema, req.body, 'body');
    res.set(noStore).json({ round: await updateRound(ctx, actor(req, res), id, input) });
  });
  router.put('/rounds/:id/goods', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const { goods } = parseInput(RoundGoodsSchema, req.body, 'body');
    res.set(noStore).json({ round: await saveGoods(ctx, actor(req, res), id, goods) });
  });
  router.get('/news', guard, async (req, res) => {
    const { page } = parseInput(PageQuery, req.query, 'query');
    res.set(noStore).json(await listNews(ctx, page));
  });
  router.post('/news', guard, async (req, res) => {
    const input = parseInput(NewsSchema, req.body, 'body');
    res.status(201).set(noStore).json({ news: await saveNews(ctx, actor(req, res), input) });
  });
  router.get('/news/:id', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    res.set(noStore).json({ news: await getNews(ctx, id) });
  });
  router.put('/news/:id', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const input = parseInput(NewsSchema, req.body, 'body');
    res.set(noStore).json({ news: await saveNews(ctx, actor(req, res), input, id) });
  });
  router.get('/banners', guard, async (req, res) => {
    const { page, archived } = parseInput(ListQuery, req.query, 'query');
    res.set(noStore).json(await listBanners(ctx, page, archived === '1'));
  });
  router.post('/banners', guard, async (req, res) => {
    const input = parseInput(BannerSchema, req.body, 'body');
    res.status(201).set(noStore).json({ banner: await saveBanner(ctx, actor(req, res), input) });
  });
  router.get('/banners/:id', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    res.set(noStore).json({ banner: await getBanner(ctx, id) });
  });
  router.put('/banners/:id', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    const input = parseInput(BannerSchema, req.body, 'body');
    res.set(noStore).json({ banner: await saveBanner(ctx, actor(req, res), input, id) });
  });
  // Issue 32: the publish steps and deletion of artists, plans, banners and news, and the preview.
  // One route per kind, spelt out, so a method a path lacks stays a 405 (api-hardening.test.ts).
  for (const kinds of ['artists', 'plans', 'banners', 'news'] as const) {
    router.post(`/${kinds}/:id/state`, guard, async (req, res) => {
      const { id } = parseInput(IdParams, req.params, 'path');
      const input = parseInput(PublishSchema, req.body, 'body');
      res.set(noStore).json(await changePublishState(ctx, actor(req, res), KIND_PATHS[kinds], id, input));
    });
  }
  for (const kinds of ['artists', 'plans', 'banners'] as const) {
    router.delete(`/${kinds}/:id`, guard, async (req, res) => {
      const { id } = parseInput(IdParams, req.params, 'path');
      await deleteItem(ctx, actor(req, res), KIND_PATHS[kinds], id);
      res.status(204).set(noStore).end();
    });
  }
  router.get('/artists/:id/preview', guard, async (req, res) => {
    const { id } = parseInput(IdParams, req.params, 'path');
    parseInput(NoQuery, req.query, 'query');
    res.set(noStore).json(await previewArtist(ctx.db, id, ctx.now()));
  });
  return router;
}

/**
 * POST /api/staff/catalogue/images?kind=…: the picture's bytes as the body (application/octet-stream),
 * mounted ahead of the staff API's JSON-only rule (api/app.ts). The session and role are checked
 * before a byte is read; the body is read into memory up to MAX_IMAGE_BYTES (a larger one is a 413)
 * and never touches the disk.
 */
export function catalogueImageRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  const readBody = express.raw({ type: () => true, limit: MAX_IMAGE_BYTES });
  router.post('/', guard, readBody, async (req, res) => {
    const { kind, name } = parseInput(ImageQuery, req.query, 'query');
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.status(201).set(noStore).json(await storeUpload(ctx, actorOf(req, staffOf(res)), kind, bytes, name ?? ''));
  });
  return router;
}

/**
 * GET /api/catalogue/version → 200 `{ "version": "<decimal string>" }`, `cache-control: no-store`.
 * A number that moves whenever anything a page for a visitor without a session shows is written
 * (the tables of api/db/migrations/0014-catalogue-version.ts). It only ever grows, but a reader
 * should compare it for inequality, not order: a restored backup can set it back. Each web copy
 * polls it (server/catalogue-version.server.ts) and drops its cached pages when it changes. One
 * primary-key read, no session, no query string; it says nothing a visitor could not see by
 * reloading a page, so the web tier's /api proxy may pass it through.
 */
export function catalogueVersionRouter(ctx: ApiContext): Router {
  const router = Router();
  router.get('/version', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    res.set('cache-control', 'no-store').json({ version: await findCatalogueVersion(ctx.db) });
  });
  return router;
}
