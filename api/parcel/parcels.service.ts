import { orderParcelOf, parcelRoundOf, type ElsewhereParcels, type OrderParcel, type ParcelItem } from '../../shared/parcel-display.ts';
import type { Db } from '../db/schema.ts';
import { findParcelBoxes, findRoundNames, PARCEL_PAID_STATUSES, parcelsByAnchor, type ParcelBoxRow } from './parcels.repository.ts';

/** A box of a parcel as shared/parcel-display.ts names it. */
export function parcelItemOf(row: ParcelBoxRow): ParcelItem {
  return { id: row.id, roundId: row.plan_order_id, shipDate: row.ship_date, artistName: row.artist_name, planName: row.plan_name, roundName: row.round_name, count: row.count };
}

/**
 * The boxes of a round's warehouse list that travel in another round's parcel (同梱): its export
 * leaves them out, and its page says which round's file lists them
 * (docs/decisions/0089-parcels-on-the-carrier-files.md).
 */
export async function findTravellingElsewhere(db: Db, round: { id: number; ship_date: Date }, windowDays: number): Promise<ElsewhereParcels[]> {
  const parcels = parcelsByAnchor(await findParcelBoxes(db, { roundId: round.id }, windowDays, ['WAITING'], 'otherRounds'));
  const byRound = new Map<number, number[]>();
  for (const [anchor, mates] of parcels) {
    const owner = parcelRoundOf([{ roundId: round.id, shipDate: round.ship_date }, ...mates.map((m) => ({ roundId: m.plan_order_id, shipDate: m.ship_date }))]);
    if (owner !== round.id) byRound.set(owner, [...(byRound.get(owner) ?? []), anchor]);
  }
  const names = await findRoundNames(db, [...byRound.keys()]);
  return names.sort((a, b) => a.id - b.id).map((n) => ({ roundId: n.id, roundName: n.round_name, artistName: n.artist_name, boxIds: byRound.get(n.id)! }));
}

/** Each paid box's parcel (同梱) for the order history and the receipt; a box travelling alone has none. */
export async function findOrderParcels(db: Db, boxIds: readonly number[], windowDays: number): Promise<Map<number, OrderParcel>> {
  const parcels = parcelsByAnchor(await findParcelBoxes(db, { ids: boxIds }, windowDays, PARCEL_PAID_STATUSES, 'anchor'));
  const found = new Map<number, OrderParcel>();
  for (const [anchor, rows] of parcels) {
    const parcel = orderParcelOf(anchor, rows.map((r) => ({ ...parcelItemOf(r), carriesFee: r.carries_fee, shipFee: r.ship_fee })));
    if (parcel) found.set(anchor, parcel);
  }
  return found;
}
