import type { RefundFlag } from '../refund-rules.ts';
/**
 * The console's Rounds & shipping calls (issue 19): GET /api/staff/rounds, /rounds/:id, the
 * staged shipment imports, and the export
 * (/rounds/export?round=&encoding=utf8|cp932&layout=oshibox|yamato-b2|sagawa-ehiden|japanpost-yuprir).
 */
import type { ShipmentImportMode } from '../shipment-import-rules.ts';
import type { RefusedLine } from '../shipment-refusals.ts';
import type { Text } from '../text.ts';
import type { ElsewhereParcels } from '../parcel-display.ts';
import type { RoundState } from '../round-list-rules.ts';

/** One round (◯月号) of a plan, as the console's lists name it. */
export interface RoundHeading {
  id: number;
  name: string;
  artistName: string;
  planName: string;
  /** The last day to join or change for this round (its end_date). */
  deadline: string;
  shipDate: string;
}

/** One round and where its boxes are. */
export interface RoundSummary extends RoundHeading {
  /** In the warehouse list (WAITING). */
  waiting: number;
  /** Left the warehouse (SHIPSTART, COMPLETEMAIL). */
  shipped: number;
  delivered: number;
  /** Paid and not yet shipped (SUCCESS, WAITING): what the list's order and the state read. */
  toShip: number;
  state: RoundState;
}

export interface Paged {
  page: number;
  hasNext: boolean;
}

export interface RoundList extends Paged {
  rounds: RoundSummary[];
  /** The filter's choice of artists. */
  artists: { id: number; name: string }[];
}

/** A box fulfilment ships: only boxes with the warehouse or gone from it are listed, with the ship-to. */
export interface RoundBox {
  id: number;
  status: string;
  count: number;
  name: string;
  zip: string;
  address: string;
  address2: string;
  tel: string;
  trackingNumber: string;
  carrier: string;
  /** Refunded (in full or in part) and still on the list: support chose to ship it (issue 30). */
  refunded: RefundFlag | null;
}

export interface RoundDetail extends Paged {
  round: RoundSummary;
  boxes: RoundBox[];
  /** Boxes of the round's warehouse list travelling in another round's parcel (同梱), by that round: its file lists them. */
  travelElsewhere: ElsewhereParcels[];
}

export interface ShipmentChangeView {
  line: number;
  orderHistoryId: number;
  from: string;
  to: ShipmentImportMode;
  trackingNumber: string;
  carrier: string;
  /** The box was refunded (in full or in part) and still ships: flagged before the import applies. */
  refunded: RefundFlag | null;
  /** The other boxes of its parcel (同梱) that move with it; absent in reports before issue 33. */
  parcelBoxIds?: number[];
}

/** A refused line; reports applied before issue 32 have the reason in English alone (no `reasonEn`). */
export type RefusedLineView = Pick<RefusedLine, 'line' | 'reason'> & Partial<Pick<RefusedLine, 'column' | 'reasonEn'>>;

export interface ShipmentPreviewView {
  lines: number;
  changes: ShipmentChangeView[];
  alreadyApplied: number;
  refused: RefusedLineView[];
}

export interface ShipmentReportView {
  lines: number;
  applied: number;
  alreadyApplied: number;
  refused: RefusedLineView[];
  mailsSent: number;
}

/** A staged file: its preview now (or why the file cannot be read), or the report once applied. */
export interface StagedImport {
  id: string;
  mode: ShipmentImportMode;
  early: boolean;
  filename: string;
  createdAt: string;
  expiresAt: string;
  appliedAt: string | null;
  /** Why the file cannot be read at all, in Japanese and English. */
  fileError: Text | null;
  preview: ShipmentPreviewView | null;
  report: ShipmentReportView | null;
}
