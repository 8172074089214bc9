import { Router, type Request, type Response } from 'express';
import { idsOf, OrderExportQuery, OrderListQuery, OrderResendInput } from '../../shared/order-list-rules.ts';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { actorOf, writeAudit } from '../staff/audit.service.ts';
import { requireStaff, staffOf } from '../staff/require-staff.ts';
import { exportOrders, listOrders, resendOrders } from './orders.service.ts';

const privately = (res: Response) => res.set('cache-control', 'private, no-store');
const actor = (req: Request, res: Response) => actorOf(req, staffOf(res));

/**
 * /api/staff/orders (issue 32, docs/decisions/0079-order-list.md): the order list across
 * customers. Reading and the CSV need `customers.read` (support, owner), the bulk resend
 * `customers.act`; fulfilment sees customers only through its shipping lists.
 */
export function ordersRouter(ctx: ApiContext): Router {
  const router = Router();
  router.get('/', requireStaff(ctx, 'customers.read'), async (req, res) => {
    const { after, ...filters } = parseInput(OrderListQuery, req.query, 'query');
    privately(res).json(await listOrders(ctx.db, filters, after === undefined ? undefined : Number(after)));
  });

  router.get('/export.csv', requireStaff(ctx, 'customers.read'), async (req, res) => {
    const query = parseInput(OrderExportQuery, req.query, 'query');
    const encoding = query.encoding ?? 'utf8';
    const ids = idsOf(query.ids);
    const file = await exportOrders(ctx.db, ids, encoding);
    await writeAudit(ctx.db, actor(req, res), { action: 'orders.export', outcome: 'success', targetType: 'order', after: { ids, rows: file.rows, encoding } }, ctx.now());
    privately(res).status(200).set({
      'content-type': `text/csv; charset=${encoding === 'cp932' ? 'Shift_JIS' : 'utf-8'}`,
      'content-disposition': `attachment; filename="orders-${ctx.now().toISOString().slice(0, 10)}.csv"`,
    }).send(file.bytes);
  });

  router.post('/resend', requireStaff(ctx, 'customers.act'), async (req, res) => {
    const { ids } = parseInput(OrderResendInput, req.body, 'body');
    const result = await resendOrders(ctx, actor(req, res), [...new Set(ids)]);
    await writeAudit(ctx.db, actor(req, res), { action: 'orders.resend', outcome: 'success', targetType: 'order', after: { ...result } }, ctx.now());
    privately(res).json(result);
  });
  return router;
}
