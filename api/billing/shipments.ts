import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { normalizeCarrier, type CarrierCode } from '../../shared/carriers.ts';
import { formatDateTime } from '../../shared/format.ts';
import { SHIPMENT_FILE_MAX_BYTES } from '../../shared/shipment-import-rules.ts';
import { importColumnOf } from '../../shared/shipping-columns.ts';
import { carrierResultHeaderOf } from '../../shared/shipping-layouts.ts';
import { FILE_REFUSALS, REFUSALS, refusedLine, type RefusedLine } from '../../shared/shipment-refusals.ts';
import type { Text } from '../../shared/text.ts';
import { refundFlagOf, type RefundFlag } from '../../shared/refund-rules.ts';
import { canMovePaymentStatus, isShippedStatus, PaymentMoveError, type PaymentStatus } from '../../shared/payment.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { renderShippedMail } from '../mail/billing-templates.ts';
import { moveHistoryStatus } from '../order-history/order-history.repository.ts';
import { partlyRefunded } from '../order-history/order-refunds.repository.ts';
import { findParcelBoxes } from '../parcel/parcels.repository.ts';
import { deliverMails, enqueueMails } from './billing-mails.ts';
import { unlockDueBonusesQuietly } from '../vault/unlock.ts';
import { factsForMail } from './billing-scope.ts';
import { loadRoundFacts } from './round-facts.ts';

/**
 * `shipments import` and `shipments delivered`: a CSV from the warehouse, one box a line, named by
 * its order history id or by the shopper's e-mail and the round id. Each line is applied in its
 * own transaction, guarded by the status it moves from, so re-importing a file changes nothing
 * and a line that cannot apply is reported with its reason instead of stopping the others.
 * A file without its header line, or with no line after it, is refused whole; a box is shipped
 * only once its round's ship date has come, unless the operator says `early`.
 * A line names a parcel by any of its boxes (its number, on the carrier files, is its lowest box
 * id): the fan's other boxes in the warehouse list travelling with it (同梱) ship with the same
 * tracking number and carrier, each with its shipped mail, and are delivered with it
 * (docs/decisions/0089-parcels-on-the-carrier-files.md).
 */
export type ShipmentMode = 'shipped' | 'delivered';

export interface ShipmentReport {
  lines: number;
  applied: number;
  alreadyApplied: number;
  refused: RefusedLine[];
  mailsSent: number;
}

export const SHIPMENT_FILE_LIMITS = { bytes: SHIPMENT_FILE_MAX_BYTES, lines: 20_000 } as const;

const Line = z.strictObject({
  orderHistoryId: z.string().regex(/^\d{1,9}$/).optional(),
  email: z.string().max(200).optional(),
  roundId: z.string().regex(/^\d{1,9}$/).optional(),
  trackingNumber: z.string().regex(/^[A-Za-z0-9-]{6,30}$/).optional(),
  carrier: z.string().optional(),
});
type Line = z.infer<typeof Line>;
type Column = keyof Line;
const COLUMNS = Object.keys(Line.shape) as Column[];
const LINE_REFUSALS: Record<Column, Text> = {
  orderHistoryId: REFUSALS.orderNumber, email: REFUSALS.email, roundId: REFUSALS.roundId, trackingNumber: REFUSALS.trackingFormat, carrier: REFUSALS.carrier(''),
};

/** A file refused whole: its message in Japanese and English (`message` is the English). */
export class ShipmentFileError extends Error {
  constructor(readonly text: Text) {
    super(text.en);
  }
}

/** The rows of a shipment file, the header each column of the import was read from, and the carrier of a carrier's file. */
export interface ShipmentFile {
  rows: Record<string, string>[];
  labels: Partial<Record<Column, string>>;
  carrier: CarrierCode | null;
}

/**
 * The first line must name the columns: without it, the first box would be read as the header and
 * every other line refused (or, with one line, nothing read at all) while the import "succeeded".
 * A carrier's own file (B2クラウド, e飛伝, ゆうプリR: shared/shipping-layouts.ts) is known by its
 * headers; its other columns are ignored and its lines ship with that carrier.
 */
function checkHeader(header: string[], mode: ShipmentMode, file: ShipmentFile): (string | false)[] {
  const carrierFile = carrierResultHeaderOf(header);
  // The round's shipping list names its columns in Japanese (shared/shipping-columns.ts): read as-is.
  const columns = carrierFile?.columns ?? header.map((column) => ((COLUMNS as string[]).includes(column) ? column : importColumnOf(column)));
  const unknown = columns.indexOf(undefined);
  if (unknown >= 0) throw new ShipmentFileError(FILE_REFUSALS.unknownColumn(header[unknown]!.slice(0, 40)));
  const has = (key: string) => columns.includes(key);
  const namesBox = has('orderHistoryId') || (has('email') && has('roundId'));
  if (!namesBox || (mode === 'shipped' && !has('trackingNumber'))) {
    const missing = mode === 'shipped' ? '「注文番号」「追跡番号」（orderHistoryId, trackingNumber）' : '「注文番号」（orderHistoryId）';
    throw new ShipmentFileError(FILE_REFUSALS.header(missing, header.join(',').slice(0, 120)));
  }
  columns.forEach((key, i) => {
    if (key && !(key in file.labels)) file.labels[key as Column] = header[i];
  });
  file.carrier = carrierFile?.carrier ?? null;
  return columns.map((column) => column ?? false);
}

/** Excel's 「Unicode テキスト」 separates cells with tabs: a header line with tabs and no comma says so. */
function delimiterOf(text: string): ',' | '\t' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes('\t') && !header.includes(',') ? '\t' : ',';
}

export function parseShipmentFile(text: string, mode: ShipmentMode): ShipmentFile {
  if (Buffer.byteLength(text) > SHIPMENT_FILE_LIMITS.bytes) throw new ShipmentFileError(FILE_REFUSALS.tooLarge(SHIPMENT_FILE_LIMITS.bytes));
  const file: ShipmentFile = { rows: [], labels: {}, carrier: null };
  try {
    file.rows = parse(text, {
      columns: (header: string[]) => checkHeader(header, mode, file), skip_empty_lines: true, trim: true, bom: true, to: SHIPMENT_FILE_LIMITS.lines + 1,
      delimiter: delimiterOf(text),
    }) as Record<string, string>[];
  } catch (error) {
    if (error instanceof ShipmentFileError) throw error;
    throw new ShipmentFileError(FILE_REFUSALS.notCsv(error instanceof Error ? error.message.slice(0, 200) : 'unreadable'));
  }
  if (file.rows.length > SHIPMENT_FILE_LIMITS.lines) throw new ShipmentFileError(FILE_REFUSALS.tooManyLines(SHIPMENT_FILE_LIMITS.lines));
  if (file.rows.length === 0) throw new ShipmentFileError(FILE_REFUSALS.noLine);
  return file;
}

export async function importShipments(ctx: ApiContext, text: string, mode: ShipmentMode, options: { early?: boolean } = {}): Promise<ShipmentReport> {
  const file = parseShipmentFile(text, mode);
  const report: ShipmentReport = { lines: file.rows.length, applied: 0, alreadyApplied: 0, refused: [], mailsSent: 0 };
  for (const [index, raw] of file.rows.entries()) {
    const line = index + 2; // the header is line 1
    const decision = await decideRow(ctx, file, raw, mode, options.early === true);
    const outcome = typeof decision === 'object' && 'apply' in decision ? await applyDecided(decision.apply) : decision;
    if (outcome === 'applied') report.applied += 1;
    else if (outcome === 'already') report.alreadyApplied += 1;
    else report.refused.push(refusedOf(file, line, outcome));
  }
  // Delivered boxes open their 特典 now, their mails going out with this import's (issue 33).
  if (mode === 'delivered' && report.applied > 0) await unlockDueBonusesQuietly(ctx);
  report.mailsSent = (await deliverMails(ctx)).sent;
  return report;
}

/** One box the file would move: from its status now to shipped or delivered, with its tracking number. */
export interface ShipmentChange {
  line: number;
  orderHistoryId: number;
  from: string;
  to: 'shipped' | 'delivered';
  trackingNumber: string;
  carrier: string;
  /** Refunded (in full or in part) yet shipping: support's goodwill, flagged to fulfilment (issue 30). */
  refunded: RefundFlag | null;
  /** The other boxes of its parcel (同梱) that move with it; absent for a box alone. */
  parcelBoxIds?: number[];
}

export interface ShipmentPreview {
  lines: number;
  changes: ShipmentChange[];
  alreadyApplied: number;
  refused: RefusedLine[];
}

/**
 * What importing the file now would do, changing nothing: the same reading and the same checks,
 * line by line, as `importShipments` (the console shows this before its member confirms).
 */
export async function previewShipments(ctx: ApiContext, text: string, mode: ShipmentMode, options: { early?: boolean } = {}): Promise<ShipmentPreview> {
  const file = parseShipmentFile(text, mode);
  const preview: ShipmentPreview = { lines: file.rows.length, changes: [], alreadyApplied: 0, refused: [] };
  for (const [index, raw] of file.rows.entries()) {
    const line = index + 2;
    const decision = await decideRow(ctx, file, raw, mode, options.early === true);
    if (typeof decision === 'object' && 'apply' in decision) preview.changes.push({ line, ...decision.change });
    else if (decision === 'already') preview.alreadyApplied += 1;
    else preview.refused.push(refusedOf(file, line, decision));
  }
  return preview;
}

/** A refusal named by the line and by the column's header as the file has it. */
function refusedOf(file: ShipmentFile, line: number, outcome: Refused): RefusedLine {
  const column = outcome.refused.column === null ? null : (file.labels[outcome.refused.column] ?? outcome.refused.column);
  return refusedLine(line, column, outcome.refused.text);
}

const refuse = (column: Column | null, text: Text): Refused => ({ refused: { column, text } });

async function decideRow(ctx: ApiContext, file: ShipmentFile, raw: Record<string, string>, mode: ShipmentMode, early: boolean): Promise<Decision> {
  // An empty cell is an absent value (a file may name boxes by id on some lines, by e-mail on others).
  const parsed = Line.safeParse(Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const column = parsed.error.issues[0]?.path[0] as Column | undefined;
    return column ? refuse(column, LINE_REFUSALS[column]) : refuse(null, REFUSALS.noBoxNamed);
  }
  // The carrier as people type it (「ヤマト運輸」, 「佐川」), or the carrier of the software that wrote the file.
  const typed = parsed.data.carrier;
  const carrier = typed === undefined ? file.carrier : normalizeCarrier(typed);
  if (carrier === undefined) return refuse('carrier', REFUSALS.carrier(typed!.slice(0, 30)));
  const line = { ...parsed.data, carrier: carrier ?? undefined };
  const box = await findBox(ctx.db, line);
  if ('refused' in box) return box;
  return mode === 'delivered' ? decideDelivery(ctx, box, line) : decideShipment(ctx, box, line, early);
}

/** The fan's other boxes in the warehouse list travelling with the box (同梱): they ship with it. */
async function parcelMatesOf(ctx: ApiContext, box: Box): Promise<{ id: number; ship_date: Date }[]> {
  return findParcelBoxes(ctx.db, { ids: [box.id] }, ctx.consolidationWindowDays ?? 0, ['WAITING']);
}

/** The fan's other boxes shipped with the box under its tracking number: they are delivered with it. */
async function shippedMatesOf(ctx: ApiContext, box: Box): Promise<{ id: number; payment_status: string }[]> {
  if (box.ship_number === '') return [];
  return ctx.db.selectFrom('plan_order_histories').select(['id', 'payment_status'])
    .where('user_id', '=', box.user_id).where('ship_number', '=', box.ship_number).where('carrier', '=', box.carrier)
    .where('superseded_by', 'is', null).where('id', '<>', box.id).orderBy('id').execute();
}

async function applyDecided(apply: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await apply();
  } catch (error) {
    // A move the table refuses (the box moved on since it was read) is this line's reason, not the file's end.
    if (error instanceof PaymentMoveError) return refuse(null, REFUSALS.moved(error.message));
    throw error;
  }
}

type Refused = { refused: { column: Column | null; text: Text } };
type Outcome = 'applied' | 'already' | Refused;
/** A line's fate decided from the box as it is now; `apply` makes the change (guarded by the status it moves from). */
type Decision = 'already' | Refused | { apply: () => Promise<Outcome>; change: Omit<ShipmentChange, 'line'> };
type Box = { id: number; user_id: number; payment_status: string; ship_number: string; carrier: string; ship_date: Date; refund_status: string | null; part_refunded: boolean };

async function findBox(db: Db, line: Line): Promise<Box | Refused> {
  let query = db.selectFrom('plan_order_histories as h').innerJoin('plan_orders as po', 'po.id', 'h.plan_order_id')
    .select(['h.id', 'h.user_id', 'h.payment_status', 'h.ship_number', 'h.carrier', 'po.ship_date', 'h.refund_status'])
    .select((eb) => partlyRefunded(eb.ref('h.id')).as('part_refunded'))
    .where('h.payment_status', 'not in', ['CANCEL']).where('h.superseded_by', 'is', null);
  if (line.orderHistoryId) query = query.where('h.id', '=', Number(line.orderHistoryId));
  else if (line.email && line.roundId) {
    query = query.innerJoin('users as u', 'u.id', 'h.user_id').where('u.email', '=', line.email.toLowerCase()).where('h.plan_order_id', '=', Number(line.roundId));
  } else return refuse(null, REFUSALS.noBoxNamed);
  const found = await query.orderBy('h.id', 'desc').limit(2).execute();
  const named: Column = line.orderHistoryId ? 'orderHistoryId' : 'email';
  if (found.length === 0) return refuse(named, REFUSALS.noSuchOrder);
  if (found.length > 1) return refuse(named, REFUSALS.severalOrders);
  return found[0]!;
}

async function decideShipment(ctx: ApiContext, box: Box, line: Line, early: boolean): Promise<Decision> {
  if (!line.trackingNumber) return refuse('trackingNumber', REFUSALS.trackingMissing);
  if (isShippedStatus(box.payment_status)) {
    return box.ship_number === line.trackingNumber ? 'already' : refuse('trackingNumber', REFUSALS.alreadyShipped(box.ship_number));
  }
  const steps = shipSteps(box.payment_status);
  if ('refused' in steps) return steps;
  const parcel = await parcelMatesOf(ctx, box);
  // The parcel leaves on the latest ship date of its boxes.
  const shipDate = new Date(Math.max(box.ship_date.getTime(), ...parcel.map((m) => m.ship_date.getTime())));
  if (!early && shipDate > ctx.now()) {
    return refuse(null, REFUSALS.early(formatDateTime(shipDate)));
  }
  const { trackingNumber } = line;
  const carrier = line.carrier ?? '';
  const mates = parcel.map((m) => m.id);
  return {
    apply: () => ship(ctx, [{ id: box.id, steps }, ...mates.map((id) => ({ id, steps: ['SHIPSTART' as const] }))], trackingNumber, carrier),
    change: {
      orderHistoryId: box.id, from: box.payment_status, to: 'shipped', trackingNumber, carrier, refunded: refundFlagOf(box.refund_status, Boolean(box.part_refunded)),
      ...(mates.length > 0 ? { parcelBoxIds: mates } : {}),
    },
  };
}

/**
 * The status moves a shipment makes: WAITING → SHIPSTART, or for a box the warehouse list has
 * not taken yet, SUCCESS → WAITING → SHIPSTART (docs/decisions/0021-payment-status-moves.md).
 * Each is checked against shared/payment.ts; an unpaid box is refused with the table's reason.
 */
function shipSteps(status: string): PaymentStatus[] | Refused {
  const steps: PaymentStatus[] = status === 'SUCCESS' ? ['WAITING', 'SHIPSTART'] : ['SHIPSTART'];
  let from = status;
  for (const to of steps) {
    if (!canMovePaymentStatus(from, to)) return refuse('orderHistoryId', REFUSALS.notPaid(status));
    from = to;
  }
  return steps;
}

/** Each box of the parcel, each step with the tracking number, and each box's shipped mail, in one transaction. */
async function ship(ctx: ApiContext, boxes: { id: number; steps: PaymentStatus[] }[], trackingNumber: string, carrier: string): Promise<Outcome> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    for (const { id, steps } of boxes) {
      for (const to of steps) {
        await moveHistoryStatus(trx, id, to, to === 'WAITING' ? { waiting_at: now } : { ship_number: trackingNumber, carrier, shipped_at: now }, now);
      }
    }
    const ids = boxes.map((b) => b.id);
    const facts = await loadRoundFacts(trx, ids);
    await enqueueMails(trx, ids.map((id) => {
      const fact = facts.get(id)!;
      const mail = renderShippedMail(factsForMail(fact, { shipNumber: trackingNumber, carrier }), { brand: ctx.mailer.brand, origin: ctx.publicOrigin });
      return { key: `shipped:${id}`, kind: 'shipped' as const, userId: fact.user_id, historyId: id, mail };
    }), now);
    return 'applied' as const;
  });
}

async function decideDelivery(ctx: ApiContext, box: Box, line: Line): Promise<Decision> {
  if (line.trackingNumber && box.ship_number !== line.trackingNumber) return refuse('trackingNumber', REFUSALS.trackingDiffers(box.ship_number));
  if (box.payment_status === 'DELIVERED') return 'already';
  if (box.payment_status === 'SHIPSTART') return refuse(null, REFUSALS.mailNotSent);
  if (!canMovePaymentStatus(box.payment_status, 'DELIVERED')) return refuse('orderHistoryId', REFUSALS.notShipped(box.payment_status));
  // Its parcel's other boxes whose shipped mail has gone (the same rule as the box itself).
  const mates = (await shippedMatesOf(ctx, box)).filter((m) => m.payment_status !== 'SHIPSTART' && canMovePaymentStatus(m.payment_status, 'DELIVERED')).map((m) => m.id);
  return {
    apply: async () => {
      const now = ctx.now();
      await ctx.db.transaction().execute(async (trx) => {
        for (const id of [box.id, ...mates]) await moveHistoryStatus(trx, id, 'DELIVERED', { delivered_at: now }, now);
      });
      return 'applied';
    },
    change: {
      orderHistoryId: box.id, from: box.payment_status, to: 'delivered', trackingNumber: box.ship_number, carrier: box.carrier,
      refunded: refundFlagOf(box.refund_status, Boolean(box.part_refunded)), ...(mates.length > 0 ? { parcelBoxIds: mates } : {}),
    },
  };
}
