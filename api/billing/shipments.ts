import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { CARRIERS } from '../../shared/carriers.ts';
import { formatDateTime } from '../../shared/format.ts';
import { SHIPMENT_FILE_MAX_BYTES } from '../../shared/shipment-import-rules.ts';
import { importColumnOf } from '../../shared/shipping-columns.ts';
import { refundFlagOf, type RefundFlag } from '../../shared/refund-rules.ts';
import { canMovePaymentStatus, isShippedStatus, PaymentMoveError, type PaymentStatus } from '../../shared/payment.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { renderShippedMail } from '../mail/billing-templates.ts';
import { moveHistoryStatus } from '../order-history/order-history.repository.ts';
import { partlyRefunded } from '../order-history/order-refunds.repository.ts';
import { deliverMails, enqueueMails } from './billing-mails.ts';
import { factsForMail } from './billing-scope.ts';
import { loadRoundFacts } from './round-facts.ts';

/**
 * `shipments import` and `shipments delivered`: a CSV from the warehouse, one box a line, named by
 * its order history id or by the shopper's e-mail and the round id. Each line is applied in its
 * own transaction, guarded by the status it moves from, so re-importing a file changes nothing
 * and a line that cannot apply is reported with its reason instead of stopping the others.
 * A file without its header line, or with no line after it, is refused whole; a box is shipped
 * only once its round's ship date has come, unless the operator says `early`.
 */
export type ShipmentMode = 'shipped' | 'delivered';

export interface ShipmentReport {
  lines: number;
  applied: number;
  alreadyApplied: number;
  refused: { line: number; reason: string }[];
  mailsSent: number;
}

export const SHIPMENT_FILE_LIMITS = { bytes: SHIPMENT_FILE_MAX_BYTES, lines: 20_000 } as const;

const Line = z.strictObject({
  orderHistoryId: z.string().regex(/^\d{1,9}$/, 'a number').optional(),
  email: z.string().max(200).optional(),
  roundId: z.string().regex(/^\d{1,9}$/, 'a number').optional(),
  trackingNumber: z.string().regex(/^[A-Za-z0-9-]{6,30}$/, '6–30 letters, digits or hyphens').optional(),
  carrier: z.string().refine((c) => c === '' || Object.hasOwn(CARRIERS, c), `one of ${Object.keys(CARRIERS).join(', ')}`).optional(),
});
type Line = z.infer<typeof Line>;
const COLUMNS = Object.keys(Line.shape);

export class ShipmentFileError extends Error {}

/**
 * The first line must name the columns: without it, the first box would be read as the header and
 * every other line refused (or, with one line, nothing read at all) while the import "succeeded".
 */
function checkHeader(header: string[], mode: ShipmentMode): (string | false)[] {
  // The round's shipping list names its columns in Japanese (shared/shipping-columns.ts): read as-is.
  const columns = header.map((column) => (COLUMNS.includes(column) ? column : importColumnOf(column)));
  const has = (key: string) => columns.includes(key);
  const namesBox = has('orderHistoryId') || (has('email') && has('roundId'));
  const needed = mode === 'shipped' ? 'orderHistoryId (or email and roundId), trackingNumber, carrier' : 'orderHistoryId (or email and roundId)[, trackingNumber]';
  if (columns.includes(undefined) || !namesBox || (mode === 'shipped' && !has('trackingNumber'))) {
    const read = header.join(',').slice(0, 120);
    throw new ShipmentFileError(`the first line must be the header naming the columns ${needed}; it reads "${read}"`);
  }
  return columns.map((column) => column ?? false);
}

/** Excel's 「Unicode テキスト」 separates cells with tabs: a header line with tabs and no comma says so. */
function delimiterOf(text: string): ',' | '\t' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes('\t') && !header.includes(',') ? '\t' : ',';
}

export function parseShipmentFile(text: string, mode: ShipmentMode): Record<string, string>[] {
  if (Buffer.byteLength(text) > SHIPMENT_FILE_LIMITS.bytes) throw new ShipmentFileError(`the file is over ${SHIPMENT_FILE_LIMITS.bytes} bytes`);
  try {
    const rows = parse(text, {
      columns: (header: string[]) => checkHeader(header, mode), skip_empty_lines: true, trim: true, bom: true, to: SHIPMENT_FILE_LIMITS.lines + 1,
      delimiter: delimiterOf(text),
    }) as Record<string, string>[];
    if (rows.length > SHIPMENT_FILE_LIMITS.lines) throw new ShipmentFileError(`the file has over ${SHIPMENT_FILE_LIMITS.lines} lines`);
    if (rows.length === 0) throw new ShipmentFileError('the file names no box: no line after the header');
    return rows;
  } catch (error) {
    if (error instanceof ShipmentFileError) throw error;
    throw new ShipmentFileError(`not a CSV with a header line: ${error instanceof Error ? error.message.slice(0, 200) : 'unreadable'}`);
  }
}

export async function importShipments(ctx: ApiContext, text: string, mode: ShipmentMode, options: { early?: boolean } = {}): Promise<ShipmentReport> {
  const rows = parseShipmentFile(text, mode);
  const report: ShipmentReport = { lines: rows.length, applied: 0, alreadyApplied: 0, refused: [], mailsSent: 0 };
  for (const [index, raw] of rows.entries()) {
    const line = index + 2; // the header is line 1
    const decision = await decideRow(ctx, raw, mode, options.early === true);
    const outcome = typeof decision === 'object' && 'apply' in decision ? await applyDecided(decision.apply) : decision;
    if (outcome === 'applied') report.applied += 1;
    else if (outcome === 'already') report.alreadyApplied += 1;
    else report.refused.push({ line, reason: outcome.refused });
  }
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
}

export interface ShipmentPreview {
  lines: number;
  changes: ShipmentChange[];
  alreadyApplied: number;
  refused: { line: number; reason: string }[];
}

/**
 * What importing the file now would do, changing nothing: the same reading and the same checks,
 * line by line, as `importShipments` (the console shows this before its member confirms).
 */
export async function previewShipments(ctx: ApiContext, text: string, mode: ShipmentMode, options: { early?: boolean } = {}): Promise<ShipmentPreview> {
  const rows = parseShipmentFile(text, mode);
  const preview: ShipmentPreview = { lines: rows.length, changes: [], alreadyApplied: 0, refused: [] };
  for (const [index, raw] of rows.entries()) {
    const line = index + 2;
    const decision = await decideRow(ctx, raw, mode, options.early === true);
    if (typeof decision === 'object' && 'apply' in decision) preview.changes.push({ line, ...decision.change });
    else if (decision === 'already') preview.alreadyApplied += 1;
    else preview.refused.push({ line, reason: decision.refused });
  }
  return preview;
}

async function decideRow(ctx: ApiContext, raw: Record<string, string>, mode: ShipmentMode, early: boolean): Promise<Decision> {
  // An empty cell is an absent value (a file may name boxes by id on some lines, by e-mail on others).
  const parsed = Line.safeParse(Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '')));
  if (!parsed.success) return { refused: parsed.error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ').slice(0, 300) };
  const box = await findBox(ctx.db, parsed.data);
  if ('refused' in box) return box;
  return mode === 'delivered' ? decideDelivery(ctx, box, parsed.data) : decideShipment(ctx, box, parsed.data, early);
}

async function applyDecided(apply: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await apply();
  } catch (error) {
    // A move the table refuses (the box moved on since it was read) is this line's reason, not the file's end.
    if (error instanceof PaymentMoveError) return { refused: error.message };
    throw error;
  }
}

type Outcome = 'applied' | 'already' | { refused: string };
/** A line's fate decided from the box as it is now; `apply` makes the change (guarded by the status it moves from). */
type Decision = 'already' | { refused: string } | { apply: () => Promise<Outcome>; change: Omit<ShipmentChange, 'line'> };
type Box = { id: number; payment_status: string; ship_number: string; carrier: string; ship_date: Date; refund_status: string | null; part_refunded: boolean };

async function findBox(db: Db, line: Line): Promise<Box | { refused: string }> {
  let query = db.selectFrom('plan_order_histories as h').innerJoin('plan_orders as po', 'po.id', 'h.plan_order_id')
    .select(['h.id', 'h.payment_status', 'h.ship_number', 'h.carrier', 'po.ship_date', 'h.refund_status'])
    .select((eb) => partlyRefunded(eb.ref('h.id')).as('part_refunded'))
    .where('h.payment_status', 'not in', ['CANCEL']).where('h.superseded_by', 'is', null);
  if (line.orderHistoryId) query = query.where('h.id', '=', Number(line.orderHistoryId));
  else if (line.email && line.roundId) {
    query = query.innerJoin('users as u', 'u.id', 'h.user_id').where('u.email', '=', line.email.toLowerCase()).where('h.plan_order_id', '=', Number(line.roundId));
  } else return { refused: 'name the box by orderHistoryId, or by email and roundId' };
  const found = await query.orderBy('h.id', 'desc').limit(2).execute();
  if (found.length === 0) return { refused: 'no such order (or it was cancelled)' };
  if (found.length > 1) return { refused: 'several orders match: use orderHistoryId' };
  return found[0]!;
}

function decideShipment(ctx: ApiContext, box: Box, line: Line, early: boolean): Decision {
  if (!line.trackingNumber) return { refused: 'trackingNumber: required' };
  if (isShippedStatus(box.payment_status)) {
    return box.ship_number === line.trackingNumber ? 'already' : { refused: `already shipped with tracking number ${box.ship_number}` };
  }
  const steps = shipSteps(box.payment_status);
  if ('refused' in steps) return steps;
  if (!early && box.ship_date > ctx.now()) {
    return { refused: `the round ships from ${formatDateTime(box.ship_date)} JST: import with --early to ship it before then` };
  }
  const { trackingNumber } = line;
  const carrier = line.carrier ?? '';
  return {
    apply: () => ship(ctx, box.id, steps, trackingNumber, carrier),
    change: { orderHistoryId: box.id, from: box.payment_status, to: 'shipped', trackingNumber, carrier, refunded: refundFlagOf(box.refund_status, Boolean(box.part_refunded)) },
  };
}

/**
 * The status moves a shipment makes: WAITING → SHIPSTART, or for a box the warehouse list has
 * not taken yet, SUCCESS → WAITING → SHIPSTART (docs/decisions/0021-payment-status-moves.md).
 * Each is checked against shared/payment.ts; an unpaid box is refused with the table's reason.
 */
function shipSteps(status: string): PaymentStatus[] | { refused: string } {
  const steps: PaymentStatus[] = status === 'SUCCESS' ? ['WAITING', 'SHIPSTART'] : ['SHIPSTART'];
  let from = status;
  for (const to of steps) {
    if (!canMovePaymentStatus(from, to)) return { refused: `not paid: ${new PaymentMoveError(from, to).message}` };
    from = to;
  }
  return steps;
}

/** Each step with the tracking number, and the shipped mail, in one transaction. */
async function ship(ctx: ApiContext, id: number, steps: PaymentStatus[], trackingNumber: string, carrier: string): Promise<Outcome> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    for (const to of steps) {
      await moveHistoryStatus(trx, id, to, to === 'WAITING' ? { waiting_at: now } : { ship_number: trackingNumber, carrier, shipped_at: now }, now);
    }
    const fact = (await loadRoundFacts(trx, [id])).get(id)!;
    const mail = renderShippedMail(factsForMail(fact, { shipNumber: trackingNumber, carrier }), { brand: ctx.mailer.brand, origin: ctx.publicOrigin });
    await enqueueMails(trx, [{ key: `shipped:${id}`, kind: 'shipped', userId: fact.user_id, historyId: id, mail }], now);
    return 'applied' as const;
  });
}

function decideDelivery(ctx: ApiContext, box: Box, line: Line): Decision {
  if (line.trackingNumber && box.ship_number !== line.trackingNumber) return { refused: `tracking number differs from ${box.ship_number || 'none'}` };
  if (box.payment_status === 'DELIVERED') return 'already';
  if (box.payment_status === 'SHIPSTART') return { refused: 'the shipped mail has not gone out yet: import again after it has' };
  if (!canMovePaymentStatus(box.payment_status, 'DELIVERED')) return { refused: `not shipped: ${new PaymentMoveError(box.payment_status, 'DELIVERED').message}` };
  return {
    apply: async () => {
      const now = ctx.now();
      await moveHistoryStatus(ctx.db, box.id, 'DELIVERED', { delivered_at: now }, now);
      return 'applied';
    },
    change: { orderHistoryId: box.id, from: box.payment_status, to: 'delivered', trackingNumber: box.ship_number, carrier: box.carrier, refunded: refundFlagOf(box.refund_status, Boolean(box.part_refunded)) },
  };
}
