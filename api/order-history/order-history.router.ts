import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { IdParam } from '../http/schemas.ts';
import { parseInput } from '../http/validate.ts';
import { requireUser } from '../session/require-user.ts';
import * as service from './order-history.service.ts';

const NoQuery = z.strictObject({});
const Params = z.object({ planOrderId: IdParam });
/** The addressee's own rules (length, characters) give their message in the service. */
const ReceiptBody = z.strictObject({ addressee: z.string().max(1000) });

/** GET /api/planOrderHistory(/{id}) (docs/spec.md §7) and the receipt of one order (issue 9). */
export function orderHistoryRouter(ctx: ApiContext): Router {
  const router = Router();
  const privately = (res: Response) => res.set('cache-control', 'private, no-store');
  const idOf = (req: Request) => {
    parseInput(NoQuery, req.query, 'query');
    return parseInput(Params, req.params, 'path').planOrderId;
  };

  router.get('/', async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    const user = await requireUser(ctx, req);
    privately(res).json(await service.listOrderHistories(ctx.db, user.id, ctx.now(), ctx.consolidationWindowDays));
  });

  router.get('/:planOrderId', async (req, res) => {
    const id = idOf(req);
    const user = await requireUser(ctx, req);
    privately(res).json(await service.getOrderHistory(ctx.db, user.id, id, ctx.now(), ctx.consolidationWindowDays));
  });

  router.get('/:planOrderId/receipt', async (req, res) => {
    const id = idOf(req);
    const user = await requireUser(ctx, req);
    privately(res).json(await service.readReceipt(ctx.db, user.id, id, ctx.mailer.brand, ctx.consolidationWindowDays));
  });

  router.post('/:planOrderId/receipt', async (req, res) => {
    const id = idOf(req);
    const user = await requireUser(ctx, req);
    const { addressee } = parseInput(ReceiptBody, req.body, 'body');
    privately(res).json(await service.issueReceipt(ctx.db, user.id, id, addressee, ctx.mailer.brand, ctx.now(), ctx.consolidationWindowDays));
  });

  return router;
}
