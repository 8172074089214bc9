import { createHash, timingSafeEqual } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { ShipmentFileError, SHIPMENT_FILE_LIMITS } from '../billing/shipments.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { runOpsCommand, withTestClock } from './ops-commands.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const BillingBody = z.strictObject({
  round: z.number().int().positive().max(2_147_483_647).optional(),
  now: z.string().max(40).optional(),
});

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Who may run operator commands: a process on this machine (loopback, and not a request the web
 * tier forwarded, which always carries X-Forwarded-For), or one that presents OPS_TOKEN.
 */
function requireOperator(ctx: ApiContext) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const bearer = /^Bearer (.{1,200})$/.exec(req.get('authorization') ?? '')?.[1];
    if (ctx.opsToken && bearer && timingSafeEqual(digest(bearer), digest(ctx.opsToken))) return next();
    const local = LOOPBACK.has(req.socket.remoteAddress ?? '') && req.get('x-forwarded-for') === undefined;
    if (local && !bearer) return next();
    next(new ForbiddenError({ ja: '運用コマンドはこのマシンから、または OPS_TOKEN で実行してください。', en: 'Operator commands run from this machine or with OPS_TOKEN.' }));
  };
}

/**
 * The operator endpoint (`/ops`, on the API port only; the web tier proxies `/api` alone): on the
 * embedded database a second process cannot open PGlite, so `npm run ops` asks the running API.
 */
export function opsRouter(ctx: ApiContext): Router {
  const router = Router();
  router.use(requireOperator(ctx));

  // Billing streams its progress as JSON lines, then the summary; a pass can take minutes.
  router.post('/billing', express.json({ limit: '4kb' }), async (req, res) => {
    const body = parseInput(BillingBody, req.body ?? {}, 'body');
    withTestClock(ctx, body.now); // a bad or refused --now is a 400 before the stream starts
    res.status(200).type('application/x-ndjson').set('cache-control', 'no-store');
    let last = 0;
    try {
      const summary = await runOpsCommand(ctx, { name: 'billing', round: body.round, now: body.now }, (progress) => {
        if (Date.now() - last < 250 && progress.done < progress.total) return;
        last = Date.now();
        res.write(`${JSON.stringify({ progress })}\n`);
      });
      res.end(`${JSON.stringify({ summary })}\n`);
    } catch (error) {
      const message = error instanceof BadRequestError ? error.text.en : 'the billing pass failed; see the API log';
      if (!(error instanceof BadRequestError)) ctx.logger.error({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'ops billing failed');
      res.end(`${JSON.stringify({ error: message })}\n`);
    }
  });

  router.post('/shipments/:mode', express.text({ type: () => true, limit: SHIPMENT_FILE_LIMITS.bytes }), async (req, res) => {
    if (req.params.mode !== 'import' && req.params.mode !== 'delivered') throw new NotFoundError({ ja: 'import か delivered を指定してください。', en: 'Use import or delivered.' });
    const mode = req.params.mode === 'import' ? 'shipped' : 'delivered';
    try {
      res.json(await runOpsCommand(ctx, { name: 'shipments', mode, csv: typeof req.body === 'string' ? req.body : '' }));
    } catch (error) {
      if (error instanceof ShipmentFileError) throw new BadRequestError({ ja: `CSVを読めません: ${error.message}`, en: `Cannot read the CSV: ${error.message}` });
      throw error;
    }
  });

  router.post('/catalogue', express.text({ type: () => true, limit: '2mb' }), async (req, res) => {
    res.json(await runOpsCommand(ctx, { name: 'catalogue', file: typeof req.body === 'string' ? req.body : '' }));
  });
  return router;
}
