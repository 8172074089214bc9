import express, { Router } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { ShipmentFileError, SHIPMENT_FILE_LIMITS } from '../billing/shipments.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { runOpsCommand, withTestClock } from './ops-commands.ts';
import { CatalogueMediaSchema } from './catalogue-media.ts';
import { requireOperator } from './ops-guard.ts';
import { StaffAddInput, StaffResetInput } from '../../shared/staff-rules.ts';
import { roundExportRouter } from '../shipping/round-export.router.ts';

const BillingBody = z.strictObject({
  round: z.number().int().positive().max(2_147_483_647).optional(),
  now: z.string().max(40).optional(),
});
// JSON-escaping can double a CSV's size (quotes, line breaks); the file's own bound is checked after.
const ShipmentsBody = z.strictObject({
  csv: z.string().max(2 * SHIPMENT_FILE_LIMITS.bytes),
  early: z.boolean().optional(),
});

const CatalogueWithMediaBody = z.strictObject({ file: z.string().max(2_000_000), media: CatalogueMediaSchema });

/**
 * The operator endpoint (`/ops`, on the API port only; the web tier proxies `/api` alone): on the
 * embedded database a second process cannot open PGlite, so `npm run ops` asks the running API.
 * Every call is JSON with the operator token (ops-guard.ts), the files inside the JSON.
 */
export function opsRouter(ctx: ApiContext): Router {
  const router = Router();
  const guard = requireOperator(ctx.ops ?? { token: undefined, hosts: [] });
  router.use(guard);
  // Before /shipments/:mode, which would take "export" for a mode.
  router.use('/shipments/export', roundExportRouter(ctx, guard));

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

  router.post('/shipments/:mode', express.json({ limit: 2 * SHIPMENT_FILE_LIMITS.bytes + 1000 }), async (req, res) => {
    if (req.params.mode !== 'import' && req.params.mode !== 'delivered') throw new NotFoundError({ ja: 'import か delivered を指定してください。', en: 'Use import or delivered.' });
    const mode = req.params.mode === 'import' ? 'shipped' : 'delivered';
    const body = parseInput(ShipmentsBody, req.body ?? {}, 'body');
    try {
      res.json(await runOpsCommand(ctx, { name: 'shipments', mode, csv: body.csv, early: body.early === true }));
    } catch (error) {
      if (error instanceof ShipmentFileError) throw new BadRequestError({ ja: `CSVを読めません: ${error.text.ja}`, en: `Cannot read the CSV: ${error.text.en}` });
      throw error;
    }
  });

  // The file as sent (application/json, checked above), so its own problems are listed with their paths.
  router.post('/catalogue', express.text({ type: () => true, limit: '2mb' }), async (req, res) => {
    res.json(await runOpsCommand(ctx, { name: 'catalogue', file: typeof req.body === 'string' ? req.body : '' }));
  });
  // The file as text beside the pictures it brings (base64), so its problems keep their paths.
  router.post('/catalogue/with-media', express.json({ limit: '12mb' }), async (req, res) => {
    const { file, media } = parseInput(CatalogueWithMediaBody, req.body, 'body');
    res.json(await runOpsCommand(ctx, { name: 'catalogue', file, media }));
  });
  // The first owner, and any member, before the console can add them: prints the one-time setup link.
  router.post('/staff', express.json({ limit: '4kb' }), async (req, res) => {
    const { email, role } = parseInput(StaffAddInput, req.body ?? {}, 'body');
    res.status(201).json(await runOpsCommand(ctx, { name: 'staff', email, role }));
  });
  // A lost second factor that no owner can reset (the only owner's own): a new setup link.
  router.post('/staff/reset', express.json({ limit: '4kb' }), async (req, res) => {
    const { email } = parseInput(StaffResetInput, req.body ?? {}, 'body');
    res.status(201).json(await runOpsCommand(ctx, { name: 'staffReset', email }));
  });
  // Secrets only STAFF_SECRET_KEY_PREVIOUS opens, sealed again under STAFF_SECRET_KEY.
  router.post('/staff/rotate-key', express.json({ limit: '1kb' }), async (_req, res) => {
    res.json(await runOpsCommand(ctx, { name: 'staffRotateKey' }));
  });
  return router;
}
