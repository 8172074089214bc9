import { Router, type RequestHandler } from 'express';
import { TransferDoneInput, TransfersQuery } from '../../shared/refund-transfer-rules.ts';
import { pageOf } from '../../shared/shipment-import-rules.ts';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { actorOf } from '../staff/audit.service.ts';
import { staffOf } from '../staff/require-staff.ts';
import { listOpenTransfers, markTransferred } from './refund-transfers.service.ts';

/**
 * /api/staff/refund-transfers (issue 34; permission `refunds`, support and the owner): the konbini
 * payments to return by bank transfer, and POST /done to mark one transferred (audited).
 */
export function refundTransfersRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  router.get('/', guard, async (req, res) => {
    const page = pageOf(parseInput(TransfersQuery, req.query, 'query').page);
    res.set('cache-control', 'private, no-store').json(await listOpenTransfers(ctx.db, page));
  });
  router.post('/done', guard, async (req, res) => {
    const input = parseInput(TransferDoneInput, req.body, 'body');
    res.set('cache-control', 'private, no-store').json(await markTransferred(ctx, actorOf(req, staffOf(res)), Number(input.transfer)));
  });
  return router;
}
