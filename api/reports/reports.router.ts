import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { actorOf, writeAudit } from '../staff/audit.service.ts';
import { staffOf } from '../staff/require-staff.ts';
import { CSV_ENCODINGS } from '../shipping/csv-text.ts';
import { accountingReport, reportCsv } from './reports.service.ts';

const NoQuery = z.strictObject({});
/** `encoding=cp932`: Shift_JIS for accounting software that reads nothing else; UTF-8 by default. */
const CsvQuery = z.strictObject({ encoding: z.enum(CSV_ENCODINGS).optional() });

/**
 * The owner's accounting report (issue 19; permission `reports.read`): GET /api/staff/reports
 * (JSON, the months newest first) and /reports/sales.csv (the same figures, downloaded; audited).
 */
export function reportsRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  router.get('/', guard, async (req, res) => {
    parseInput(NoQuery, req.query, 'query');
    res.set('cache-control', 'private, no-store').json({ months: await accountingReport(ctx.db, ctx.now()) });
  });
  router.get('/sales.csv', guard, async (req, res) => {
    const { encoding = 'utf8' } = parseInput(CsvQuery, req.query, 'query');
    const now = ctx.now();
    const months = await accountingReport(ctx.db, now);
    await writeAudit(ctx.db, actorOf(req, staffOf(res)), {
      action: 'reports.export', outcome: 'success', targetType: 'report', targetId: 'sales', after: { months: months.length, from: months.at(-1)?.month, to: months[0]?.month, encoding },
    }, now);
    res.status(200).set({
      'content-type': `text/csv; charset=${encoding === 'cp932' ? 'Shift_JIS' : 'utf-8'}; header=present`,
      'content-disposition': `attachment; filename="oshibox-sales-${months[0]?.month ?? 'report'}${encoding === 'cp932' ? '-sjis' : ''}.csv"`,
      'cache-control': 'no-store',
    }).send(reportCsv(months, encoding));
  });
  return router;
}
