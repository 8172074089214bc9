import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { adminHref } from '../../shared/admin-routes.ts';
import { refundFlagOf } from '../../shared/refund-rules.ts';
import { isShippingLayout } from '../../shared/shipping-layout-names.ts';
import type { RoundBox, RoundDetail, RoundList, RoundSummary } from '../../shared/api/rounds.ts';
import {
  PageQuery, pageOf, ROUND_BOXES_PAGE_SIZE, ROUNDS_PAGE_SIZE, SHIPMENT_FILE_MAX_BYTES, SHIPMENT_UPLOAD_MAX_BYTES, ShipmentUploadFields,
  StagedImportParams, UPLOAD_PROBLEM_TEXT, type UploadProblem,
} from '../../shared/shipment-import-rules.ts';
import type { ApiContext } from '../context.ts';
import { DomainError, MethodNotAllowedError, NotFoundError } from '../http/errors.ts';
import { parseInput } from '../http/validate.ts';
import { actorOf, writeAudit } from '../staff/audit.service.ts';
import { staffOf } from '../staff/require-staff.ts';
import { z } from 'zod';
import { cleanFileName, decodeCsvFile, isCsvEncoding, NotCsvTextError } from './csv-text.ts';
import { exportEncodingOf, roundExportRouter } from './round-export.router.ts';
import { countExportRows, findArtistChoices, findRound, findRoundBoxesPage, findRoundsPage } from './rounds.repository.ts';
import { RoundListQuery, roundStateOf } from '../../shared/round-list-rules.ts';
import { confirmStaged, describeStaged, stageImport } from './staged-imports.ts';
import { findTravellingElsewhere } from '../parcel/parcels.service.ts';

const RoundParams = z.strictObject({ id: z.string().regex(/^[1-9][0-9]{0,8}$/, 'a round id') });
const ROUND = { ja: 'お届け回', en: 'Round' };

type RoundRow = NonNullable<Awaited<ReturnType<typeof findRound>>>;
const summaryOf = (r: RoundRow, now: Date): RoundSummary => ({
  id: r.id, name: r.name, artistName: r.artist_name, planName: r.plan_name, deadline: r.end_date.toISOString(), shipDate: r.ship_date.toISOString(),
  waiting: r.waiting, shipped: r.shipped, delivered: r.delivered, toShip: r.to_ship, state: roundStateOf(r.end_date, r.to_ship, now),
});

/**
 * Every export through the console goes in the audit trail once its answer is sent: which round,
 * which layout and encoding, how many boxes it listed (or that it was refused: a 404, a character Shift_JIS
 * cannot write).
 */
function auditExport(ctx: ApiContext): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      const raw = req.method === 'GET' ? (req.query as Record<string, unknown>) : ((req.body ?? {}) as Record<string, unknown>);
      const round = Number(raw.round);
      const layout = typeof raw.layout === 'string' && isShippingLayout(raw.layout) ? raw.layout : 'oshibox';
      const encoding = exportEncodingOf(layout, typeof raw.encoding === 'string' && isCsvEncoding(raw.encoding) ? raw.encoding : undefined);
      const write = async () => {
        const ok = res.statusCode === 200;
        const rows = ok && Number.isSafeInteger(round) ? await countExportRows(ctx.db, round) : null;
        await writeAudit(ctx.db, actorOf(req, staffOf(res)), {
          action: 'rounds.export', outcome: ok ? 'success' : 'failure', targetType: 'round', targetId: Number.isSafeInteger(round) ? round : undefined,
          after: { layout, encoding, rows, status: res.statusCode },
        }, ctx.now());
      };
      write().catch((error: unknown) => ctx.logger.error({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'round export audit failed'));
    });
    next();
  };
}

/** The export answers GET and POST alone; its router guards everything it is given. */
const exportMethods: RequestHandler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') next();
  else next(new MethodNotAllowedError(req.method, ['GET', 'HEAD', 'OPTIONS', 'POST']));
};

/** The page a browser's form post (no JavaScript) goes to next; a script's fetch gets JSON instead. */
const wantsPage = (req: Request) => req.accepts(['json', 'html']) === 'html';

/** A 400 (or 413 for a file over the bound) naming the field; a form post without JavaScript is sent back with `problem`. */
class UploadRefused extends DomainError {
  constructor(readonly problem: UploadProblem, status: 400 | 413 = 400) {
    const text = UPLOAD_PROBLEM_TEXT[problem];
    super(status, 'BAD_REQUEST', text, { [problem === 'mode' ? 'mode' : 'file']: text });
  }
}


const rawUpload = express.raw({ type: 'multipart/form-data', limit: SHIPMENT_UPLOAD_MAX_BYTES });

function csvTextOf(bytes: Uint8Array): string {
  try {
    return decodeCsvFile(bytes);
  } catch (error) {
    if (error instanceof NotCsvTextError) throw new UploadRefused('text');
    throw error;
  }
}

/** The multipart body, bounded before it is read (Content-Length) and while it is (express.raw's limit). */
async function readUpload(req: Request, res: Response) {
  if (!req.is('multipart/form-data')) throw new UploadRefused('file');
  if (Number(req.get('content-length') ?? 0) > SHIPMENT_UPLOAD_MAX_BYTES) throw new UploadRefused('size', 413);
  await new Promise<void>((resolve, reject) => {
    rawUpload(req, res, (error?: unknown) => {
      if (error === undefined) resolve();
      else reject((error as { status?: number }).status === 413 ? new UploadRefused('size', 413) : new UploadRefused('file'));
    });
  });
  const body: unknown = req.body;
  if (!Buffer.isBuffer(body)) throw new UploadRefused('file');
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.get('content-type') ?? '' } }).formData();
  } catch {
    throw new UploadRefused('file');
  }
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [name, value] of form.entries()) {
    if (name === 'file' && typeof value !== 'string' && file === null) file = value;
    else if (typeof value === 'string' && !(name in fields) && name !== 'file') fields[name] = value.slice(0, 100);
    else throw new UploadRefused('file');
  }
  const parsed = ShipmentUploadFields.safeParse(fields);
  if (!parsed.success) throw new UploadRefused('mode');
  if (!file || file.size === 0) throw new UploadRefused('file');
  if (file.size > SHIPMENT_FILE_MAX_BYTES) throw new UploadRefused('size', 413);
  const text = csvTextOf(new Uint8Array(await file.arrayBuffer()));
  // Decoded CP932 can take more bytes as UTF-8 than it had: the import's own bound is checked on the text.
  if (Buffer.byteLength(text) > SHIPMENT_FILE_MAX_BYTES) throw new UploadRefused('size', 413);
  return { mode: parsed.data.mode, early: parsed.data.early === 'on', filename: cleanFileName(file.name), file: text };
}

/**
 * Rounds & shipping (issue 19; permission `shipping`): the rounds and their boxes, a round's
 * export (api/shipping/round-export.router.ts, the same as `npm run ops -- shipments export`),
 * the rounds' shipped / delivered files are shipmentImportsRouter's, below.
 */
export function roundsRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  // Before /:id, which would take "export" for an id. The guard is per route, so a
  // method a path does not have is a 405 (api/http/method-not-allowed.ts), not a 401.
  const exportGuard = Router();
  exportGuard.use(guard, auditExport(ctx));
  router.use('/export', exportMethods, roundExportRouter(ctx, exportGuard));

  router.get('/', guard, async (req, res) => {
    const { page: rawPage, ...filters } = parseInput(RoundListQuery, req.query, 'query');
    const page = pageOf(rawPage);
    const now = ctx.now();
    const rows = await findRoundsPage(ctx.db, filters, now, (page - 1) * ROUNDS_PAGE_SIZE, ROUNDS_PAGE_SIZE);
    const body: RoundList = {
      page, hasNext: rows.length > ROUNDS_PAGE_SIZE, rounds: rows.slice(0, ROUNDS_PAGE_SIZE).map((r) => summaryOf(r, now)),
      artists: await findArtistChoices(ctx.db),
    };
    res.json(body);
  });

  router.get('/:id', guard, async (req, res) => {
    const roundId = Number(parseInput(RoundParams, req.params, 'path').id);
    const page = pageOf(parseInput(PageQuery, req.query, 'query').page);
    const round = await findRound(ctx.db, roundId);
    if (!round) throw new NotFoundError(ROUND);
    const rows = await findRoundBoxesPage(ctx.db, roundId, (page - 1) * ROUND_BOXES_PAGE_SIZE, ROUND_BOXES_PAGE_SIZE);
    const boxes: RoundBox[] = rows.slice(0, ROUND_BOXES_PAGE_SIZE).map((b) => ({
      id: b.id, status: b.payment_status, count: b.count, name: b.ship_dest_name, zip: b.ship_zip, address: b.ship_address, address2: b.ship_address2,
      tel: b.ship_tel, trackingNumber: b.ship_number, carrier: b.carrier,
      refunded: refundFlagOf(b.refund_status, Boolean(b.part_refunded)),
    }));
    const travelElsewhere = await findTravellingElsewhere(ctx.db, round, ctx.consolidationWindowDays ?? 0);
    const body: RoundDetail = { page, hasNext: rows.length > ROUND_BOXES_PAGE_SIZE, round: summaryOf(round, ctx.now()), boxes, travelElsewhere };
    res.json(body);
  });
  return router;
}

/**
 * The shipped and delivered files (`/api/staff/shipment-imports`): uploaded (multipart, the one
 * staff call that is not JSON), previewed, and confirmed once (staged-imports.ts).
 */
export function shipmentImportsRouter(ctx: ApiContext, guard: RequestHandler): Router {
  const router = Router();
  router.post('/', guard, async (req, res) => {
    try {
      const upload = await readUpload(req, res);
      const id = await stageImport(ctx, staffOf(res), upload);
      if (wantsPage(req)) res.redirect(303, adminHref('shipmentImport', { id }));
      else res.status(201).json({ import: await describeStaged(ctx, id) });
    } catch (error) {
      if (error instanceof UploadRefused && wantsPage(req)) res.redirect(303, `${adminHref('rounds')}?problem=${error.problem}`);
      else throw error;
    }
  });

  router.get('/:id', guard, async (req, res) => {
    const { id } = parseInput(StagedImportParams, req.params, 'path');
    res.json({ import: await describeStaged(ctx, id) });
  });

  router.post('/:id/confirm', guard, async (req, res) => {
    const { id } = parseInput(StagedImportParams, req.params, 'path');
    parseInput(z.strictObject({}), req.body ?? {}, 'body');
    res.json(await confirmStaged(ctx, actorOf(req, staffOf(res)), id));
  });

  return router;
}
