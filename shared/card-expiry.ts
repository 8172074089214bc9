import { fromZonedTime } from 'date-fns-tz';
import { SHOP_TIME_ZONE } from './format.ts';

/**
 * When a kept card stops working, and when my page warns about it. A card's expiry is `MM/YY`
 * (what the payment provider returns, api/payment/provider.ts); it is valid through the last day
 * of that month, so it stops at the first instant of the next month, Tokyo time.
 */
export function cardExpiresAt(expiry: string): Date | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return fromZonedTime(`${next}-01T00:00:00`, SHOP_TIME_ZONE);
}

/** How far ahead my page warns of an expiry even with no charge scheduled: about a month. */
export const CARD_EXPIRY_NOTICE_DAYS = 31;

const DAY_MS = 86_400_000;

/**
 * True when the card will not last: it stops working before (or at) the next charge, or within
 * `CARD_EXPIRY_NOTICE_DAYS` of `now`. An expiry we cannot read is not guessed at.
 */
export function isCardExpiring(expiry: string, nextChargeAt: Date | null, now: Date): boolean {
  const expiresAt = cardExpiresAt(expiry);
  if (!expiresAt) return false;
  if (nextChargeAt && expiresAt.getTime() <= nextChargeAt.getTime()) return true;
  return expiresAt.getTime() <= now.getTime() + CARD_EXPIRY_NOTICE_DAYS * DAY_MS;
}
