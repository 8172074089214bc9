import { PAID_STATUSES } from '../../shared/receipt.ts';
import { freeShippingBoxes, parcelFeeDecision, parcelKey, parcelLeaveOf, parcelShipFee, PARCEL_WAIT_MS, type ParcelFeeDecision, type ParcelFeeHolder } from '../../shared/parcel.ts';
import type { PaymentStatus } from '../../shared/payment.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';

/** The parcel a box shipping on `shipDate` joins, with the shop's window (CONSOLIDATION_WINDOW_DAYS). */
export function parcelKeyOf(ctx: Pick<ApiContext, 'consolidationWindowDays'>, shipDate: Date | string): string {
  return parcelKey(shipDate, ctx.consolidationWindowDays);
}

type HolderRow = { id: number; payment_status: string; action_required_at: Date | null };

/**
 * Where the fee of the fan's parcel stands, seen from box `exceptId`: the row that carries it.
 * A charge still to be answered (BEFORE, or held for the bank's authentication) is in flight; a
 * paid box, or one refunded before shipment that left the fee with the parcel (CANCEL, still
 * carrying), has paid it. A declined box never carries it (`record` gives it up); one found
 * carrying all the same gives it up here, since it took nothing.
 */
export async function parcelHolder(db: Db, userId: number, key: string, exceptId?: number): Promise<ParcelFeeHolder> {
  let query = db.selectFrom('plan_order_histories').select(['id', 'payment_status', 'action_required_at'])
    .where('user_id', '=', userId).where('parcel_key', '=', key).where('carries_fee', '=', true);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const row: HolderRow | undefined = await query.executeTakeFirst();
  if (!row) return 'none';
  if (row.payment_status === 'BEFORE' || (row.payment_status === 'ERROR' && row.action_required_at !== null)) return 'in-flight';
  if (row.payment_status === 'ERROR') {
    await db.updateTable('plan_order_histories').set({ carries_fee: false }).where('id', '=', row.id).where('payment_status', '=', 'ERROR')
      .where('action_required_at', 'is', null).execute();
    return 'none';
  }
  return (PAID_STATUSES as readonly string[]).includes(row.payment_status as PaymentStatus) || row.payment_status === 'CANCEL' ? 'paid' : 'none';
}

export interface FeeClaim {
  decision: ParcelFeeDecision;
  shipFee: number;
  preTaxShipFee: number;
  total: number;
}

/**
 * Claims (or not) the parcel's fee for a reserved row about to be charged, in one short
 * transaction, and writes the row's shipping and total from the decision before the provider is
 * called: the amount charged is the row's total. `fee`: this row carries it (the unique index
 * `plan_order_histories_parcel_fee` is the guard; a violation means another charge took it just
 * now, and the parcel is read again). `free`: another paid box carries it. `wait`: the carrier's
 * charge is in flight; nothing written. A row already carrying the fee keeps it (a re-claim after
 * a lease ran out). Null: the row is no longer BEFORE (another worker recorded it).
 */
export async function claimParcelFee(db: Db, rowId: number): Promise<FeeClaim | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('plan_order_histories').select(['id', 'user_id', 'parcel_key', 'carries_fee', 'price', 'fee', 'ship_fee', 'total', 'payment_status'])
          .where('id', '=', rowId).forUpdate().executeTakeFirst();
        if (!row || row.payment_status !== 'BEFORE') return null;
        const decision: ParcelFeeDecision = row.carries_fee || row.parcel_key === null ? 'fee'
          : parcelFeeDecision(await parcelHolder(trx, row.user_id, row.parcel_key, row.id));
        if (decision === 'wait') return { decision, shipFee: row.ship_fee, preTaxShipFee: 0, total: row.total };
        const ship = parcelShipFee(decision === 'fee');
        const total = row.price + ship.shipFee + row.fee;
        await trx.updateTable('plan_order_histories')
          .set({ carries_fee: decision === 'fee' && row.parcel_key !== null, ship_fee: ship.shipFee, pre_tax_ship_fee: ship.preTaxShipFee, total })
          .where('id', '=', row.id).execute();
        return { decision, ...ship, total };
      });
    } catch (error) {
      if (!isParcelFeeViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** Claims the fee, waiting up to `waitMs` for a carrier in flight to be answered; still in flight then: `wait`. */
export async function claimParcelFeeWaiting(db: Db, rowId: number, waitMs = PARCEL_WAIT_MS): Promise<FeeClaim | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const claim = await claimParcelFee(db, rowId);
    if (claim?.decision !== 'wait' || Date.now() >= until) return claim;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The unique index of one carrier per fan and parcel refused a second. */
export function isParcelFeeViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== '23505') return false;
  const text = `${'constraint' in error ? String(error.constraint) : ''} ${'message' in error ? String(error.message) : ''}`;
  return text.includes('plan_order_histories_parcel_fee');
}

/** A box declined or voided for good gives the fee up, so the next box of its parcel charged takes it. */
export async function releaseParcelFee(db: Db, rowId: number): Promise<void> {
  await db.updateTable('plan_order_histories').set({ carries_fee: false }).where('id', '=', rowId).where('carries_fee', '=', true).execute();
}

/** A box the forecast weighs: a subscription's coming round (its id is the caller's). */
export interface ComingBox {
  id: number;
  shipDate: Date | string;
  chargeAt: Date | string;
  carriesFee: boolean;
  /** Its charge already made or reserved, if any (the box itself, never another holder). */
  historyId?: number | undefined;
}

/**
 * The forecast of shared/parcel.ts `freeShippingBoxes` for one fan: the coming boxes given, and the
 * fan's boxes already holding a fee (paid, or being charged, with it). The ids returned are the
 * given boxes expected to go without shipping.
 */
export async function forecastFreeShipping(db: Db, userId: number, boxes: readonly ComingBox[], windowDays?: number): Promise<Set<number>> {
  if (boxes.length < 1) return new Set();
  const keyed = boxes.map((b) => ({ id: b.id, parcelKey: parcelKey(b.shipDate, windowDays), chargeAt: b.chargeAt, carriesFee: b.carriesFee }));
  const carriers = await db.selectFrom('plan_order_histories').select(['id', 'parcel_key', 'created_at'])
    .where('user_id', '=', userId).where('carries_fee', '=', true).where('parcel_key', 'in', [...new Set(keyed.map((b) => b.parcelKey))]).execute();
  // Held boxes stand before every coming one (negative ids never meet a caller's).
  const own = new Set(boxes.map((b) => b.historyId));
  const held = carriers.filter((c) => c.parcel_key !== null && !own.has(c.id)).map((c) => ({ id: -c.id, parcelKey: c.parcel_key ?? '', chargeAt: new Date(0), carriesFee: true }));
  const given = new Set(keyed.map((b) => b.id));
  return new Set([...freeShippingBoxes([...held, ...keyed])].filter((id) => given.has(id)));
}

type LeavingBox = { id: number; user_id: number; parcel_key: string | null; carries_fee: boolean; ship_fee: number };

/** What a paid box leaving its parcel does to its shipping (shared/parcel.ts `refundedShipFee`). */
export interface ParcelLeave {
  /** The shipping the box carries that stays with the parcel (another paid box of it still ships): not refunded. */
  kept: number;
  /** The box leaves last from a parcel whose fee a box that left earlier kept: that box and the fee to refund from its charge. */
  lastOut: { id: number; fee: number } | null;
}

/**
 * What a paid box leaving its parcel before shipment (support's stop, a fan's skip, pause or
 * cancellation) gives back of shipping, read without changing anything: the confirmation pages say
 * it before the button, and `parcelFeeOnRefund` does it. `lock`: inside the leaving transaction,
 * the keeper's row is locked while it is read.
 */
export async function parcelLeave(db: Db, box: LeavingBox, lock = false): Promise<ParcelLeave> {
  if (box.parcel_key === null) return { kept: 0, lastOut: null };
  // The parcel's other boxes still shipping, and any that left keeping its fee; shared/parcel.ts decides.
  const query = db.selectFrom('plan_order_histories').select(['id', 'carries_fee', 'payment_status', 'ship_fee'])
    .where('user_id', '=', box.user_id).where('parcel_key', '=', box.parcel_key).where('id', '!=', box.id).where('superseded_by', 'is', null)
    .where((eb) => eb.or([eb('payment_status', 'in', [...PAID_STATUSES]), eb.and([eb('payment_status', '=', 'CANCEL'), eb('carries_fee', '=', true)])]));
  const others = await (lock ? query.forUpdate() : query).execute();
  const leave = parcelLeaveOf({ id: box.id, paid: true, carriesFee: box.carries_fee, keptFee: false, shipFee: box.ship_fee },
    others.map((b) => ({ id: b.id, paid: b.payment_status !== 'CANCEL', carriesFee: b.carries_fee, keptFee: b.payment_status === 'CANCEL', shipFee: b.ship_fee })));
  const keeper = leave.feeBack > 0 ? others.find((b) => b.payment_status === 'CANCEL' && b.ship_fee === leave.feeBack) : undefined;
  return { kept: leave.kept, lastOut: keeper ? { id: keeper.id, fee: keeper.ship_fee } : null };
}

/**
 * In the transaction of a paid box's refund before shipment (its box stopped, skipped, paused or
 * cancelled): `parcelLeave`, done. A carrier leaving while another paid box of the parcel ships
 * keeps carrying the fee (`kept`, the shipping not refunded); otherwise it gives the fee up with the
 * refund. The last box out of a parcel whose fee a box kept takes that fee back (`lastOut`), and
 * the keeper gives it up.
 */
export async function parcelFeeOnRefund(db: Db, box: LeavingBox): Promise<ParcelLeave> {
  const leave = await parcelLeave(db, box, true);
  if (box.carries_fee && leave.kept === 0) await releaseParcelFee(db, box.id);
  if (leave.lastOut) await releaseParcelFee(db, leave.lastOut.id);
  return leave;
}
