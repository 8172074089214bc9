import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { ApiContext } from '../context.ts';
import { parseInput } from '../http/validate.ts';
import { carrierSettingsOf, parseConfig } from '../../shared/config.ts';
import { LAYOUT_FIELD_TEXT, SHIPPING_LAYOUT_IDS, type ShippingLayoutId } from '../../shared/shipping-layout-names.ts';
import { CSV_ENCODINGS, type CsvEncoding } from './csv-text.ts';
import { exportRound } from './round-export.ts';

const MAX_ID = 2_147_483_647;
const ExportQuery = z.strictObject({
  round: z.string().regex(/^[1-9][0-9]{0,9}$/, 'a round id').refine((id) => Number(id) <= MAX_ID, 'a round id'),
  // Empty: the layout's own (the console form's 「おすすめ」 option).
  encoding: z.enum([...CSV_ENCODINGS, '']).optional(),
  layout: z.enum(SHIPPING_LAYOUT_IDS, LAYOUT_FIELD_TEXT.en).optional(),
});
const ExportBody = z.strictObject({
  round: z.number().int().positive().max(MAX_ID),
  encoding: z.enum(CSV_ENCODINGS).optional(),
  layout: z.enum(SHIPPING_LAYOUT_IDS, LAYOUT_FIELD_TEXT.en).optional(),
});

/** The demo company as sender, for an API built without configuration (tests); boot.ts gives SENDER_*. */
const UNCONFIGURED = (() => {
  const parsed = parseConfig({});
  if (!parsed.ok) throw new Error('the default configuration does not parse');
  return carrierSettingsOf(parsed.config);
})();

/** The carriers' software reads Shift_JIS: their layouts default to it, our own list to UTF-8 (Excel). */
export function exportEncodingOf(layout: ShippingLayoutId, encoding: CsvEncoding | undefined): CsvEncoding {
  return encoding ?? (layout === 'oshibox' ? 'utf8' : 'cp932');
}

/**
 * A round's shipping list as CSV (round-export.ts), in our own layout or a carrier's (`layout`). The guard decides who may read names and
 * addresses: the operator token under `/ops` today, a staff role (`shipping`) in the console later,
 * which mounts this same router behind its own guard.
 */
export function roundExportRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  router.use(guard);
  const send = async (res: Response, round: number, layout: ShippingLayoutId, encoding: CsvEncoding) => {
    const settings = ctx.carrierSettings ?? UNCONFIGURED;
    const file = await exportRound(ctx.db, round, { encoding, layout, settings, windowDays: ctx.consolidationWindowDays }); // a 404 or 400 before any byte
    res.status(200).set({
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    });
    try {
      // One page waits in the stream at most (objectMode counts chunks: the default would be 16 pages).
      await pipeline(Readable.from(file.chunks, { highWaterMark: 1 }), res);
    } catch (error) {
      // The status is sent: a file cut short (client gone, or a box changed mid-export) is only logged.
      ctx.logger.warn({ round, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'round export ended early');
    }
  };
  router.get('/', async (req: Request, res) => {
    const query = parseInput(ExportQuery, req.query, 'query');
    const layout = query.layout ?? 'oshibox';
    await send(res, Number(query.round), layout, exportEncodingOf(layout, query.encoding || undefined));
  });
  router.post('/', express.json({ limit: '1kb' }), async (req, res) => {
    const body = parseInput(ExportBody, req.body ?? {}, 'body');
    const layout = body.layout ?? 'oshibox';
    await send(res, body.round, layout, exportEncodingOf(layout, body.encoding));
  });
  return router;
}
