import { PAID_STATUSES } from './receipt.ts';
import type { PaymentStatus } from './payment.ts';

/**
 * No spoilers (issue 33): a box's contents are a surprise until it arrives. One rule, used by every
 * place contents appear (the artist page's past boxes, a round's page, the fan's own history):
 * - visitors and fans without a box of the round: once the round's delivery window has closed,
 *   `DELIVERY_WINDOW_DAYS` after its ship date, by when every box of it has arrived;
 * - a fan with a box of the round: once that box is delivered (配達完了), or the window closed
 *   with no delivery record (the carrier's file never came).
 * The window is never shorter than a fan's wait, so a public page cannot spoil a box still on its way.
 */
export const DELIVERY_WINDOW_DAYS = 14;

const DAY_MS = 86_400_000;

/** The instant the round's contents become public. */
export function contentsPublicAt(shipDate: Date): Date {
  return new Date(shipDate.getTime() + DELIVERY_WINDOW_DAYS * DAY_MS);
}

/** True when anyone may see the contents of a round that ships at `shipDate`. */
export function contentsArePublic(shipDate: Date, now: Date): boolean {
  return contentsPublicAt(shipDate).getTime() <= now.getTime();
}

/** Rounds whose ship date is at or before this instant have public contents (for a query's bound). */
export function publicContentsShippedBy(now: Date): Date {
  return new Date(now.getTime() - DELIVERY_WINDOW_DAYS * DAY_MS);
}

/** True when the fan who holds this box may see what is inside: delivered, or the window closed; a box never paid, never. */
export function boxContentsOpen(box: { paymentStatus: PaymentStatus; shipDate: Date }, now: Date): boolean {
  if (!PAID_STATUSES.includes(box.paymentStatus)) return false;
  return box.paymentStatus === 'DELIVERED' || contentsArePublic(box.shipDate, now);
}
