import { jstDayStartOf, jstParts, pad2 } from './jst.ts';
import { formatNumber } from './format.ts';
import { SHIPPING_FEE } from './money.ts';
import type { Text } from './text.ts';

/**
 * 同梱 (issue 33): one parcel a round for all of a fan's boxes. The one place the rule lives; the
 * billing run, checkout, the pages, the carrier files and the import read it.
 *
 * - A fan's boxes whose rounds ship inside one consolidation window travel as one parcel to the
 *   fan's delivery address. The window is `CONSOLIDATION_WINDOW_DAYS` days of the Tokyo calendar
 *   counted from Monday 2024-01-01 (0 or 1: the ship date itself; 7: a week from Monday). The
 *   parcel leaves on the latest ship date of its boxes.
 * - Shipping (SHIPPING_FEE) is charged once per parcel: with the first of its boxes whose charge is
 *   made. The box charged with it "carries" the fee; every other box of the parcel is charged
 *   without it. A box is charged for the fee only by claiming it (a unique index per fan and
 *   parcel), so two charges at once never both take it.
 * - While the carrier's charge is in flight or in doubt, the parcel's other boxes wait for its
 *   answer (a few seconds; a later pass for one in doubt): the fee is never charged twice and never
 *   left uncharged. A carrier declined gives the fee up at once; the next box charged takes it.
 * - A box leaving before it is charged (skip, pause, cancel, a charge never made) is simply not in
 *   the parcel. A paid box leaving by a full refund before shipment takes the fee back with it only
 *   if it was the parcel's last paid box; otherwise the fee stays with the parcel (it still ships)
 *   and the refund is the box's price.
 */
export const CONSOLIDATION_WINDOW_DEFAULT_DAYS = 0;
export const CONSOLIDATION_WINDOW_MAX_DAYS = 31;

const DAY_MS = 86_400_000;
const EPOCH = jstDayStartOf(2024, 1, 1).getTime(); // a Monday

/** The parcel a box with this ship date joins: the Tokyo date its window starts on, `YYYY-MM-DD`. */
export function parcelKey(shipDate: Date | string, windowDays: number = CONSOLIDATION_WINDOW_DEFAULT_DAYS): string {
  const p = jstParts(shipDate);
  const day = jstDayStartOf(p.year, p.month, p.day).getTime();
  const width = Math.max(1, Math.floor(windowDays));
  const start = width === 1 ? day : EPOCH + Math.floor((day - EPOCH) / DAY_MS / width) * width * DAY_MS;
  const s = jstParts(new Date(start));
  return `${s.year}-${pad2(s.month)}-${pad2(s.day)}`;
}

/** Where the parcel's fee stands, seen from one of its boxes about to be charged. */
export type ParcelFeeHolder = 'none' | 'paid' | 'in-flight';

/** What charging a box does about shipping: `fee` (it carries it), `free` (another paid box does), `wait`. */
export type ParcelFeeDecision = 'fee' | 'free' | 'wait';

export function parcelFeeDecision(holder: ParcelFeeHolder): ParcelFeeDecision {
  if (holder === 'paid') return 'free';
  if (holder === 'in-flight') return 'wait';
  return 'fee';
}

/** The shipping a box is charged: the whole fee when it carries it, nothing otherwise. */
export function parcelShipFee(carries: boolean): { shipFee: number; preTaxShipFee: number } {
  return carries ? { shipFee: SHIPPING_FEE.taxIncluded, preTaxShipFee: SHIPPING_FEE.preTax } : { shipFee: 0, preTaxShipFee: 0 };
}

/**
 * A full refund before shipment of a paid box: the shipping it gives back. The fee it carries
 * stays with the parcel while another paid box of it still ships.
 */
export function refundedShipFee(box: { shipFee: number }, otherPaidBoxesInParcel: number): number {
  return otherPaidBoxesInParcel > 0 ? 0 : box.shipFee;
}

/** 「同梱で送料 ¥660 お得」: beside a box that joins a parcel whose fee another box carries. */
export const CONSOLIDATION_SAVING: Text = {
  ja: `同梱で送料 ¥${formatNumber(SHIPPING_FEE.taxIncluded)} お得`,
  en: `Shipped together: ¥${formatNumber(SHIPPING_FEE.taxIncluded)} shipping saved`,
};

/** How long a box waits for the answer of its parcel's carrier in flight before it is put back (billing) or refused (checkout, 409). */
export const PARCEL_WAIT_MS = 2_000;

/** A round's money with the parcel's decision on shipping: the fee when the box carries it, none otherwise. */
export function withParcelShipping<T extends { shipFee: number; preTaxShipFee: number; total: number }>(money: T, carries: boolean): T {
  const ship = parcelShipFee(carries);
  return { ...money, shipFee: ship.shipFee, preTaxShipFee: ship.preTaxShipFee, total: money.total - money.shipFee + ship.shipFee };
}

/**
 * A box of the fan's upcoming charges, for the forecast: its parcel, when it is charged (the
 * round's deadline, or when it was) and whether it already holds the fee (paid with it, or its
 * charge in flight with it).
 */
export interface ForecastBox {
  id: number;
  parcelKey: string;
  chargeAt: Date | string;
  carriesFee: boolean;
}

/**
 * The forecast (my plans, the overview, the reminder mail, the checkout page): the boxes expected
 * to go without shipping. Of each parcel, a box holding the fee carries it; if none does yet, the
 * one charged first (earlier deadline, then lower id) will. The others are shown 「同梱で送料 ¥660 お得」.
 * A forecast, not the charge: a carrier declined or a box skipped moves the fee (the billing run's
 * claim decides, parcelFeeDecision), but the amount charged is always the row's own total.
 */
export function freeShippingBoxes(boxes: readonly ForecastBox[]): Set<number> {
  const byParcel = new Map<string, ForecastBox[]>();
  for (const box of boxes) byParcel.set(box.parcelKey, [...(byParcel.get(box.parcelKey) ?? []), box]);
  const free = new Set<number>();
  for (const parcel of byParcel.values()) {
    const ordered = [...parcel].sort((a, b) => new Date(a.chargeAt).getTime() - new Date(b.chargeAt).getTime() || a.id - b.id);
    const carrier = ordered.find((b) => b.carriesFee) ?? ordered[0];
    for (const box of ordered) if (box !== carrier) free.add(box.id);
  }
  return free;
}

/** Beside a checkout's amount with the saving: the shipping of later rounds follows the same rule, round by round. */
export const CONSOLIDATION_CHECKOUT_NOTE: Text = {
  ja: `この回は、すでにお支払い済みの別のプランの箱と同じ便でお届けするため送料はかかりません。以降の回も、同じ便でお届けする箱があるときは送料 ¥${formatNumber(SHIPPING_FEE.taxIncluded)} を1便に1回だけいただきます。`,
  en: `This round ships in one parcel with another plan's box already paid for, so it carries no shipping. Later rounds too: shipping (¥${formatNumber(SHIPPING_FEE.taxIncluded)}) is charged once per parcel.`,
};

/** A box of a fan's parcel, as the rule of a box leaving weighs it. */
export interface ParcelBox {
  id: number;
  /** Paid and still shipping. */
  paid: boolean;
  carriesFee: boolean;
  /** Left before shipment (its charge voided or refunded) while keeping the fee for the parcel. */
  keptFee: boolean;
  shipFee: number;
}

/**
 * A paid box leaving its parcel before shipment: the shipping it carries that stays paid for the
 * parcel (`kept`, not refunded), and, for the last box out, the fee a box that left earlier kept
 * (`feeBack`, refunded with it). The API's parcelFeeOnRefund does the same in the refund's transaction.
 */
export function parcelLeaveOf(box: ParcelBox, others: readonly ParcelBox[]): { kept: number; feeBack: number } {
  const paidOthers = others.filter((b) => b.paid && b.id !== box.id).length;
  if (box.carriesFee) return { kept: box.shipFee - refundedShipFee(box, paidOthers), feeBack: 0 };
  if (paidOthers > 0) return { kept: 0, feeBack: 0 };
  return { kept: 0, feeBack: others.find((b) => b.keptFee && b.id !== box.id)?.shipFee ?? 0 };
}
